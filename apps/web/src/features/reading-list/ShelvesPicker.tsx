import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingListEntry } from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useShelveMutation } from '../../api/shelves/mutations';
import { shelvesQueryOptions } from '../../api/shelves/queries';
import { useToast } from '../toast/toastContext';

/**
 * The reader's shelves as checkboxes for one book (a book may be on several). Collapsed behind a
 * "Shelves" button that names the shelves the book is on.
 */
export function ShelvesPicker({ entry }: { entry: Pick<ReadingListEntry, 'bookId' | 'title' | 'shelves'> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [open, setOpen] = useState(false);
  const shelves = useQuery(shelvesQueryOptions(open));
  const shelve = useShelveMutation();
  const on = new Set(entry.shelves.map((s) => s.id));
  // The box follows the click at once; a failed change puts it back.
  const [pending, setPending] = useState<Record<string, boolean>>({});

  return (
    <div className="text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((value) => !value)}
        >
          {t('readingLifeUi.shelves.open')}
        </button>
        {entry.shelves.length ? (
          <span className="text-ink-muted">
            {t('readingLifeUi.shelves.on', { names: entry.shelves.map((s) => s.name).join(', ') })}
          </span>
        ) : null}
      </div>
      {open ? (
        <fieldset id={`${id}-panel`} className="mt-2 rounded-md border border-line p-3">
          <legend className="px-1 font-medium">
            {t('readingLifeUi.shelves.menuLabel', { title: entry.title })}
          </legend>
          {shelves.data && shelves.data.items.length === 0 ? (
            <p className="text-ink-muted">{t('readingLifeUi.shelves.none')}</p>
          ) : null}
          <ul className="flex flex-col gap-1">
            {(shelves.data?.items ?? []).map((shelf) => (
              <li key={shelf.id}>
                <label className="inline-flex min-h-8 items-center gap-2">
                  <input
                    type="checkbox"
                    checked={pending[shelf.id] ?? on.has(shelf.id)}
                    onChange={(event) => {
                      const checked = event.target.checked;
                      setPending((value) => ({ ...value, [shelf.id]: checked }));
                      shelve.mutate(
                        { shelfId: shelf.id, bookId: entry.bookId, on: checked },
                        {
                          onSuccess: () =>
                            toast.show({
                              kind: 'success',
                              message: t(
                                checked ? 'readingLifeUi.shelves.added' : 'readingLifeUi.shelves.removed',
                                {
                                  name: shelf.name,
                                },
                              ),
                            }),
                          onError: (error) => {
                            setPending(({ [shelf.id]: _dropped, ...rest }) => rest);
                            toast.show({
                              kind: 'error',
                              message: isApiError(error) ? error.message : t('errors.INTERNAL'),
                            });
                          },
                        },
                      );
                    }}
                  />
                  {shelf.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELF_LIMITS } from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useCreateShelfMutation, useDeleteShelfMutation } from '../../api/shelves/mutations';
import { shelvesQueryOptions } from '../../api/shelves/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../features/toast/toastContext';

/**
 * The reader's own shelves above the list: pick one to show only its books, make a new one, delete
 * the one shown. Shelves are private to the reader.
 */
export function ShelvesBar({
  shelfId,
  onShelfChange,
}: {
  shelfId: string | null;
  onShelfChange: (id: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const id = useId();
  const shelves = useQuery(shelvesQueryOptions());
  const create = useCreateShelfMutation();
  const remove = useDeleteShelfMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  const items = shelves.data?.items ?? [];
  const current = items.find((shelf) => shelf.id === shelfId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('shelves.nameRequired'));
      return;
    }
    setError(null);
    create.mutate(trimmed, {
      onSuccess: (shelf) => {
        setName('');
        toast.show({ kind: 'success', message: t('readingLifeUi.shelves.created', { name: shelf.name }) });
      },
      onError: (failure) =>
        setError(isApiError(failure) ? (failure.fields.name ?? failure.message) : t('errors.INTERNAL')),
    });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card mb-6 flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t('readingLifeUi.shelves.heading')}
        </h2>
        <p className="text-xs text-ink-muted">{t('readingLifeUi.shelves.private')}</p>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col">
          <label htmlFor={`${id}-filter`} className="text-sm font-medium">
            {t('readingLifeUi.shelves.filterLabel')}
          </label>
          <select
            id={`${id}-filter`}
            className="min-h-10 rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-ink"
            value={shelfId ?? ''}
            onChange={(event) => onShelfChange(event.target.value || null)}
          >
            <option value="">{t('readingLifeUi.shelves.allShelves')}</option>
            {items.map((shelf) => (
              <option key={shelf.id} value={shelf.id}>
                {shelf.name} (
                {t('readingLifeUi.shelves.count', {
                  count: shelf.bookCount,
                  formatted: number.format(shelf.bookCount),
                })}
                )
              </option>
            ))}
          </select>
        </div>
        {current ? (
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
            {t('readingLifeUi.shelves.delete', { name: current.name })}
          </button>
        ) : null}
        <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
          <div className="flex flex-col">
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              {t('readingLifeUi.shelves.newName')}
            </label>
            <input
              id={`${id}-name`}
              type="text"
              maxLength={SHELF_LIMITS.nameMax}
              placeholder={t('readingLifeUi.shelves.newNamePlaceholder')}
              className="min-h-10 rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-ink"
              value={name}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {t('readingLifeUi.shelves.create')}
          </button>
        </form>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {current ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('readingLifeUi.shelves.delete', { name: current.name })}
          description={t('readingLifeUi.shelves.confirmDelete', { name: current.name })}
          confirmLabel={t('readingLifeUi.shelves.delete', { name: current.name })}
          tone="danger"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(current.id, {
              onSuccess: () => {
                setConfirming(false);
                onShelfChange(null);
                toast.show({ kind: 'success', message: t('readingLifeUi.shelves.deleted') });
              },
            })
          }
        />
      ) : null}
    </section>
  );
}

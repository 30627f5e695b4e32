import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type Suggestion } from '@nebab/shared';
import { suggestQueryOptions } from '../../api/search/queries';
import { BookCover } from '../../components/BookCover';
import { SUGGEST_DEBOUNCE_MS } from './SearchBox';
import { useDebouncedValue } from './useDebouncedValue';

interface BookPickerProps {
  /** Already translated label of the confirm button ("Set as Current Book"). */
  confirmLabel: string;
  busy: boolean;
  onConfirm: (book: Suggestion) => void;
}

/**
 * Book search (club settings, adding to a list): type a title (GET /api/search/suggest), pick one of
 * the books found (radio buttons, so arrow keys move through them), then confirm.
 */
export function BookPicker({ confirmLabel, busy, onConfirm }: BookPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Suggestion | null>(null);
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery(suggestQueryOptions(debounced));
  const items = debounced ? (suggestions.data?.items ?? []) : [];
  const settled = debounced === trimmed;

  return (
    <div className="grid grid-cols-1 gap-3">
      <div>
        <label htmlFor={`${id}-q`} className="field-label">
          {t('bookPickerUi.searchBook')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="input"
          value={query}
          maxLength={LIMITS.searchQueryMax}
          placeholder={t('bookPickerUi.searchPlaceholder')}
          onChange={(event) => {
            setQuery(event.target.value);
            setChosen(null);
          }}
        />
      </div>
      <div aria-live="polite" className="text-sm text-ink-muted">
        {trimmed && (!settled || suggestions.isFetching)
          ? t('bookPickerUi.searching')
          : debounced && settled && items.length === 0 && !suggestions.isFetching
            ? t('bookPickerUi.noBooks')
            : null}
      </div>
      {items.length > 0 ? (
        <fieldset>
          <legend className="sr-only">{t('bookPickerUi.booksFound')}</legend>
          <div className="grid grid-cols-1 max-h-64 gap-1 overflow-y-auto">
            {items.map((item) => (
              <label
                key={item.id}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border p-2 ${
                  chosen?.id === item.id
                    ? 'border-accent bg-accent-soft'
                    : 'border-transparent hover:bg-surface-2'
                }`}
              >
                <input
                  type="radio"
                  name={`${id}-book`}
                  value={item.id}
                  checked={chosen?.id === item.id}
                  onChange={() => setChosen(item)}
                  className="size-4 shrink-0 accent-[var(--color-accent)]"
                />
                <BookCover title={item.title} author={item.author} candidates={[item.thumbnail]} size="xs" />
                <span className="min-w-0">
                  <span className="block font-semibold [overflow-wrap:anywhere]">{item.title}</span>
                  {item.author ? <span className="block text-sm text-ink-muted">{item.author}</span> : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!chosen || busy}
          onClick={() => chosen && onConfirm(chosen)}
        >
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}

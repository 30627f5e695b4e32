import { useTranslation } from 'react-i18next';
import type { Suggestion } from '@nebab/shared';
import { BookCover } from '../../components/BookCover';

/** Props of the live suggestion list under the header search box. */
export interface SearchSuggestionsProps {
  /** The trimmed query the list belongs to; blank renders nothing. */
  query: string;
  items: readonly Suggestion[];
  loading: boolean;
  listId: string;
  activeIndex: number;
  optionId: (index: number) => string;
  /** Called when a suggestion is chosen with the pointer. */
  onChoose: (item: Suggestion) => void;
  onHover: (index: number) => void;
}

/**
 * The live suggestions of the header search (cover thumbnail, title and author), as the listbox of
 * the search combobox: the input keeps focus and points at the active option.
 */
export function SearchSuggestions({
  query,
  items,
  loading,
  listId,
  activeIndex,
  optionId,
  onChoose,
  onHover,
}: SearchSuggestionsProps) {
  const { t } = useTranslation();
  if (!query) return null;
  return (
    <div className="mt-2">
      {loading && items.length === 0 ? (
        <p role="status" className="px-2 py-3 text-sm text-ink-muted">
          {t('search.loadingSuggestions')}
        </p>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggestionsLabel')}
        className="max-h-[60vh] overflow-y-auto"
        hidden={items.length === 0}
      >
        {items.map((item, index) => (
          <li
            key={item.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={`flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 ${
              index === activeIndex ? 'bg-accent-soft' : 'hover:bg-surface-2'
            }`}
            // Keep focus in the input so the combobox stays open while the pointer chooses.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => onHover(index)}
            onClick={() => onChoose(item)}
          >
            <BookCover title={item.title} author={item.author} candidates={[item.thumbnail]} size="xs" />
            <span className="min-w-0">
              <span className="block truncate font-medium text-ink">{item.title}</span>
              {item.author ? (
                <span className="block truncate text-sm text-ink-muted">{item.author}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {!loading && items.length === 0 ? (
        <p role="status" className="px-2 py-3 text-sm text-ink-muted">
          {t('search.noSuggestions')}
        </p>
      ) : null}
    </div>
  );
}

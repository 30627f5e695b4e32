import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Suggestion } from '@nebab/shared';
import { suggestQueryOptions } from '../../api/search/queries';
import { CloseIcon, SearchIcon } from '../../components/icons';
import { SearchSuggestions } from './SearchSuggestions';
import { useDebouncedValue } from './useDebouncedValue';

/** Wait after the last keystroke before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;
const NO_ITEMS: Suggestion[] = [];

/**
 * The expandable header search: a toggle opens a combobox with live suggestions (debounced
 * GET /api/search/suggest). ArrowUp/ArrowDown move through the suggestions, Enter opens the active
 * one (or goes to /search?q=… when none is active), Escape hides the list, then closes the box.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [listHidden, setListHidden] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const inputId = useId();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({ ...suggestQueryOptions(debounced), enabled: open && debounced.length > 0 });
  const settled = debounced === trimmed;
  const items = trimmed && settled ? (suggestions.data?.items ?? NO_ITEMS).slice(0, 8) : NO_ITEMS;
  const loading = !!trimmed && (!settled || suggestions.isFetching);
  const showList = open && !!trimmed && !listHidden;
  const activeIndex = active < items.length ? active : -1;

  const close = () => {
    setOpen(false);
    setActive(-1);
    toggleRef.current?.focus();
  };

  const choose = (item: Suggestion) => {
    setQuery('');
    setActive(-1);
    setOpen(false);
    void navigate(`/book/${encodeURIComponent(item.id)}`);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = showList && activeIndex >= 0 ? items[activeIndex] : undefined;
    if (chosen) {
      choose(chosen);
      return;
    }
    if (!trimmed) return;
    setOpen(false);
    setActive(-1);
    void navigate(`/search?q=${encodeURIComponent(trimmed)}`);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (showList && items.length > 0) {
        setListHidden(true);
        setActive(-1);
      } else close();
      return;
    }
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && items.length > 0) {
      event.preventDefault();
      setListHidden(false);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        const from = current < items.length ? current : -1;
        const next = from + step;
        if (next < 0) return items.length - 1;
        if (next >= items.length) return 0;
        return next;
      });
    }
  };

  return (
    <div className="relative">
      <button
        ref={toggleRef}
        type="button"
        className="icon-button size-9 sm:size-10"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('nav.search.close') : t('nav.search.open')}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? <CloseIcon className="size-5" /> : <SearchIcon className="size-5" />}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="fixed inset-x-0 top-16 z-40 border-b border-line bg-surface p-3 shadow-lg md:absolute md:inset-x-auto md:top-12 md:right-0 md:w-96 md:rounded-xl md:border"
      >
        {open ? (
          <form
            role="search"
            aria-label={t('nav.search.label')}
            onSubmit={handleSubmit}
            onKeyDown={handleKeyDown}
          >
            <label htmlFor={inputId} className="sr-only">
              {t('nav.search.label')}
            </label>
            <div className="flex gap-2">
              <input
                id={inputId}
                type="search"
                role="combobox"
                aria-expanded={showList && items.length > 0}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
                className="input"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(-1);
                  setListHidden(false);
                }}
                placeholder={t('nav.search.placeholder')}
                autoComplete="off"
                enterKeyHint="search"
                // The box was opened on purpose, so typing can start at once.
                autoFocus
              />
              <button
                type="submit"
                className="btn btn-primary shrink-0 px-3"
                aria-label={t('nav.search.submit')}
              >
                <SearchIcon className="size-5" />
              </button>
            </div>
            {showList ? (
              <SearchSuggestions
                query={trimmed}
                items={items}
                loading={loading}
                listId={listId}
                activeIndex={activeIndex}
                optionId={optionId}
                onChoose={choose}
                onHover={setActive}
              />
            ) : null}
          </form>
        ) : null}
      </div>
    </div>
  );
}

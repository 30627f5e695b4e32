import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CloseIcon, SearchIcon } from '../../components/icons';
import { SearchSuggestions } from './SearchSuggestions';

/** The expandable header search: a toggle opens an input; submitting a non-blank query goes to /search. */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const inputId = useId();

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    setOpen(false);
    void navigate(`/search?q=${encodeURIComponent(trimmed)}`);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
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
                className="input"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
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
            <SearchSuggestions
              query={query}
              onChoose={() => {
                setQuery('');
                setOpen(false);
              }}
            />
          </form>
        ) : null}
      </div>
    </div>
  );
}

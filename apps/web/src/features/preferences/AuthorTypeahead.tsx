import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FAVORITE_AUTHOR_SCRIPTS, LIMITS, matchFavoriteAuthors } from '@nebab/shared';
import { CloseIcon } from '../../components/icons';

interface AuthorTypeaheadProps {
  selected: string[];
  onChange: (authors: string[]) => void;
}

/** A saved author name in both scripts: the interface language's first (unknown names as saved). */
function useAuthorLabel() {
  const { i18n } = useTranslation();
  const amharic = i18n.language === 'am';
  return (latin: string) => {
    const author = FAVORITE_AUTHOR_SCRIPTS.find((entry) => entry.latin === latin);
    if (!author) return { primary: latin, secondary: null, secondaryLang: undefined };
    return amharic
      ? { primary: author.geez, secondary: author.latin, secondaryLang: 'en' }
      : { primary: author.latin, secondary: author.geez, secondaryLang: 'am' };
  };
}

/**
 * Favourite-author picker: a combobox over the 15 fixed names, shown in Latin and Ge'ez script and
 * found by either (or by Amharic typed in Latin letters: "hadis"), a listbox driven by the arrow
 * keys, Enter and Escape, and the chosen names as removable chips.
 */
export function AuthorTypeahead({ selected, onChange }: AuthorTypeaheadProps) {
  const { t } = useTranslation();
  const labelOf = useAuthorLabel();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const options = matchFavoriteAuthors(query, selected).map((author) => author.latin);
  const showList = open && query.trim() !== '';
  const activeOption = showList && active >= 0 && active < options.length ? active : -1;
  const full = selected.length >= LIMITS.authorsMax;

  const choose = (name: string) => {
    onChange([...selected, name]);
    setQuery('');
    setActive(-1);
    setOpen(false);
  };

  const remove = (name: string) => onChange(selected.filter((author) => author !== name));

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (options.length) setActive((index) => (index + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (options.length) setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
        break;
      case 'Enter': {
        // Enter picks an author; it never submits the wizard from inside the box.
        event.preventDefault();
        const pick =
          activeOption >= 0 ? options[activeOption] : options.length === 1 ? options[0] : undefined;
        if (pick) choose(pick);
        break;
      }
      case 'Escape':
        if (showList) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  };

  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {t('wizard.authors.label')}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          className="input"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList && options.length > 0}
          aria-controls={listId}
          aria-describedby={hintId}
          aria-activedescendant={activeOption >= 0 ? `${listId}-${activeOption}` : undefined}
          placeholder={t('wizard.authors.placeholder')}
          value={query}
          disabled={full}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('wizard.authors.suggestions')}
          hidden={!showList || options.length === 0}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-xl border border-line bg-surface p-1 shadow-lg"
        >
          {options.map((name, index) => (
            <li
              key={name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeOption}
              className={`cursor-pointer rounded-lg px-3 py-2 ${index === activeOption ? 'bg-accent-soft font-semibold' : 'hover:bg-surface-2'}`}
              // Keep focus in the input so the list does not close before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(name)}
            >
              <AuthorName label={labelOf(name)} />
            </li>
          ))}
        </ul>
      </div>
      <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
        {t('wizard.authors.hint')}
      </p>
      {showList && options.length === 0 ? (
        <p role="status" className="mt-2 text-sm text-ink-muted">
          {t('wizard.authors.noMatch', { query: query.trim() })}
        </p>
      ) : null}

      <h3 className="mt-5 mb-2 text-base font-semibold">{t('wizard.authors.selected')}</h3>
      {selected.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('wizard.authors.none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t('wizard.authors.selected')}>
          {selected.map((name) => (
            <li key={name} className="chip cursor-default" data-selected="true">
              <AuthorName label={labelOf(name)} />
              <button
                type="button"
                className="icon-button -mr-2 size-7 rounded-full"
                aria-label={t('wizard.authors.remove', { name: labelOf(name).primary })}
                onClick={() => remove(name)}
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AuthorName({ label }: { label: ReturnType<ReturnType<typeof useAuthorLabel>> }) {
  return (
    <span>
      {label.primary}
      {label.secondary ? ' ' : null}
      {label.secondary ? (
        <span lang={label.secondaryLang} className="ml-2 text-sm font-normal text-ink-muted">
          {label.secondary}
        </span>
      ) : null}
    </span>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_AGE_GROUPS, SEARCH_LANGUAGES, SEARCH_LENGTHS } from '@nebab/shared';
import type { SearchState } from './searchState';
import { GenreOptions } from '../../components/GenreOptions';

type FilterPatch = Partial<Omit<SearchState, 'q' | 'author' | 'sort' | 'page' | 'view'>>;

interface SearchFiltersProps {
  state: SearchState;
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
  id: string;
}

/** The filter panel of spec §5: genre, language, age group, length, minimum rating and years. */
export function SearchFilters({ state, onChange, onClear, id }: SearchFiltersProps) {
  const { t } = useTranslation();
  const genreId = useId();
  const languageId = useId();
  const ageId = useId();
  const lengthId = useId();
  const fromId = useId();
  const toId = useId();
  const ratingLabelId = useId();
  const yearsKey = `${state.yearFrom ?? ''}|${state.yearTo ?? ''}`;

  return (
    <section
      id={id}
      aria-label={t('search.filters.title')}
      className="card mt-4 grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div>
        <label htmlFor={genreId} className="field-label">
          {t('search.filters.genre')}
        </label>
        <select
          id={genreId}
          className="input"
          value={state.genre ?? ''}
          onChange={(event) => onChange({ genre: (event.target.value || undefined) as SearchState['genre'] })}
        >
          <option value="">{t('search.filters.anyGenre')}</option>
          <GenreOptions />
        </select>
      </div>
      <div>
        <label htmlFor={languageId} className="field-label">
          {t('search.filters.language')}
        </label>
        <select
          id={languageId}
          className="input"
          value={state.language ?? ''}
          onChange={(event) =>
            onChange({ language: (event.target.value || undefined) as SearchState['language'] })
          }
        >
          <option value="">{t('search.filters.anyLanguage')}</option>
          {SEARCH_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`search.languages.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ageId} className="field-label">
          {t('search.filters.ageGroup')}
        </label>
        <select
          id={ageId}
          className="input"
          value={state.ageGroup ?? ''}
          onChange={(event) =>
            onChange({ ageGroup: (event.target.value || undefined) as SearchState['ageGroup'] })
          }
        >
          <option value="">{t('search.filters.anyAge')}</option>
          {SEARCH_AGE_GROUPS.map((group) => (
            <option key={group} value={group}>
              {t(`search.ageGroups.${group}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={lengthId} className="field-label">
          {t('search.filters.length')}
        </label>
        <select
          id={lengthId}
          className="input"
          value={state.length ?? ''}
          onChange={(event) =>
            onChange({ length: (event.target.value || undefined) as SearchState['length'] })
          }
        >
          <option value="">{t('search.filters.anyLength')}</option>
          {SEARCH_LENGTHS.map((length) => (
            <option key={length} value={length}>
              {t(`search.lengths.${length}`)}
            </option>
          ))}
        </select>
      </div>
      <div role="group" aria-labelledby={ratingLabelId} className="sm:col-span-2">
        <p id={ratingLabelId} className="field-label">
          {t('search.filters.minRating')}
        </p>
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((value) => {
            const selected = state.minRating === value;
            return (
              <button
                key={value}
                type="button"
                aria-pressed={selected}
                aria-label={t('search.filters.ratingOption', { count: value, value })}
                className={`btn min-h-10 px-3 ${selected ? 'btn-primary' : 'btn-secondary'}`}
                // Clicking the selected value again clears it (spec §5).
                onClick={() => onChange({ minRating: selected ? undefined : value })}
              >
                {value}
                <span aria-hidden="true">★</span>
              </button>
            );
          })}
        </div>
      </div>
      <YearsForm
        key={yearsKey}
        fromId={fromId}
        toId={toId}
        yearFrom={state.yearFrom}
        yearTo={state.yearTo}
        onApply={(yearFrom, yearTo) => onChange({ yearFrom, yearTo })}
      />
      <div className="flex items-end sm:col-span-2 lg:col-span-4">
        <button type="button" className="btn btn-ghost" onClick={onClear}>
          {t('search.filters.clear')}
        </button>
      </div>
    </section>
  );
}

function toYear(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= -3000 && n <= 3000 ? n : undefined;
}

function YearsForm({
  fromId,
  toId,
  yearFrom,
  yearTo,
  onApply,
}: {
  fromId: string;
  toId: string;
  yearFrom?: number;
  yearTo?: number;
  onApply: (from: number | undefined, to: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(yearFrom?.toString() ?? '');
  const [to, setTo] = useState(yearTo?.toString() ?? '');
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const nextFrom = toYear(from);
    const nextTo = toYear(to);
    if (nextFrom !== yearFrom || nextTo !== yearTo) onApply(nextFrom, nextTo);
  };
  return (
    <form className="grid grid-cols-2 gap-3 sm:col-span-2" onSubmit={apply}>
      <div>
        <label htmlFor={fromId} className="field-label">
          {t('search.filters.yearFrom')}
        </label>
        <input
          id={fromId}
          type="number"
          inputMode="numeric"
          min={-3000}
          max={3000}
          className="input"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          onBlur={() => apply()}
        />
      </div>
      <div>
        <label htmlFor={toId} className="field-label">
          {t('search.filters.yearTo')}
        </label>
        <input
          id={toId}
          type="number"
          inputMode="numeric"
          min={-3000}
          max={3000}
          className="input"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          onBlur={() => apply()}
        />
      </div>
      <button type="submit" className="sr-only">
        {t('search.filters.applyYears')}
      </button>
    </form>
  );
}

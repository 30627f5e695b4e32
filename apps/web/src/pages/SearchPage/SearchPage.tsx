import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SEARCH_SORTS } from '@nebab/shared';
import { searchQueryOptions } from '../../api/search/queries';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { SearchIcon } from '../../components/icons';
import { useAnnounce } from '../../components/announcer';
import { usePageTitle } from '../../components/usePageTitle';
import { useLiveSearchParams } from '../../lib/useLiveSearchParams';
import { NothingFound } from './NothingFound';
import { SearchFilters } from './SearchFilters';
import { SearchResultCard } from './SearchResultCard';
import {
  activeFilterCount,
  hasSearch,
  PAGE_SIZE,
  parseSearchState,
  serializeSearchState,
  toSearchQuery,
  type SearchSort,
  type SearchState,
} from './searchState';

/**
 * `/search`: results with filters, sort, list/grid view and numbered pages. The whole state lives in
 * the URL query (q, author, genre, language, ageGroup, length, minRating, yearFrom, yearTo, sort,
 * page, view), so a search can be shared or reloaded and Back returns to the previous one.
 */
export function SearchPage() {
  const { t, i18n } = useTranslation();
  const [params, updateParams] = useLiveSearchParams();
  const state = parseSearchState(params);
  const searching = hasSearch(state);
  const results = useQuery(searchQueryOptions(toSearchQuery(state), searching));
  const navigate = useNavigate();
  const filtersCount = activeFilterCount(state);
  const [filtersOpen, setFiltersOpen] = useState(filtersCount > 0);
  const filtersId = useId();
  const sortId = useId();
  const inputId = useId();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');

  const title = state.author
    ? t('search.byAuthor', { author: state.author })
    : state.q
      ? t('search.resultsTitle', { query: state.q })
      : t('search.title');
  usePageTitle(title);

  /** Changes the search from the one in the address bar now (see useLiveSearchParams). */
  const change = (changes: Partial<SearchState>) =>
    updateParams((current) => serializeSearchState({ ...parseSearchState(current), ...changes }));
  const patch = (changes: Partial<SearchState>) => change({ page: 1, ...changes });
  const hrefFor = (page: number) => `/search?${serializeSearchState({ ...state, page }).toString()}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    patch({ q: typeof value === 'string' ? value.trim() : '', asTyped: false });
  };

  const data = results.data;
  // An ISBN goes straight to its book (Back returns to the page before the search).
  const isbnBook = !results.isPlaceholderData ? data?.match?.bookId : undefined;
  useEffect(() => {
    if (isbnBook) void navigate(`/book/${encodeURIComponent(isbnBook)}`, { replace: true });
  }, [isbnBook, navigate]);
  const searchFor = (q: string, asTyped: boolean) =>
    `/search?${serializeSearchState({ ...state, q, asTyped, page: 1 }).toString()}`;
  const total = data?.totalItems ?? 0;
  const totalPages = Math.min(500, Math.ceil(total / PAGE_SIZE));
  const from = total === 0 ? 0 : (state.page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, state.page * PAGE_SIZE);
  const countText = state.q
    ? t('search.count', {
        count: total,
        from: number.format(from),
        to: number.format(to),
        total: number.format(total),
        query: state.q,
      })
    : t('search.countNoQuery', {
        count: total,
        from: number.format(from),
        to: number.format(to),
        total: number.format(total),
      });
  // The results are not a live region (a grid read aloud talks over the page): what changed is said
  // once through the page's polite region — the count, or that nothing was found.
  const announce = useAnnounce();
  const outcome =
    !data || results.isPlaceholderData
      ? null
      : data.items.length === 0
        ? state.q
          ? t('search.nothing.title', { query: state.q })
          : t('search.empty')
        : countText;
  useEffect(() => {
    if (outcome) announce(outcome);
  }, [outcome, announce]);

  return (
    <div className="page-container py-10 sm:py-14">
      <h1 className="text-3xl font-semibold [overflow-wrap:anywhere] sm:text-4xl">{title}</h1>

      <form role="search" aria-label={t('search.label')} className="mt-6 flex gap-2" onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          {t('search.label')}
        </label>
        <input
          key={state.q}
          id={inputId}
          name="q"
          type="search"
          className="input"
          defaultValue={state.q}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn btn-primary shrink-0">
          <SearchIcon className="size-5" />
          <span className="max-sm:sr-only">{t('search.submit')}</span>
        </button>
      </form>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {t('search.filters.toggle')}
          {filtersCount > 0 ? (
            <span className="rounded-full bg-accent px-2 text-xs text-on-accent">
              {t('search.filters.active', { count: filtersCount })}
            </span>
          ) : null}
        </button>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium">
            {t('search.sort')}
          </label>
          <select
            id={sortId}
            className="input min-h-10 w-auto py-1"
            value={state.sort}
            onChange={(event) => patch({ sort: event.target.value as SearchSort })}
          >
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`search.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        <div role="group" aria-label={t('search.view')} className="ml-auto flex gap-1">
          {(['list', 'grid'] as const).map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={state.view === view}
              className={`btn min-h-10 px-3 text-sm ${state.view === view ? 'btn-primary' : 'btn-secondary'}`}
              onClick={() => change({ view })}
            >
              {view === 'list' ? t('search.viewList') : t('search.viewGrid')}
            </button>
          ))}
        </div>
      </div>

      {filtersOpen ? (
        <SearchFilters
          id={filtersId}
          state={state}
          onChange={patch}
          onClear={() =>
            patch({
              genre: undefined,
              language: undefined,
              ageGroup: undefined,
              length: undefined,
              minRating: undefined,
              yearFrom: undefined,
              yearTo: undefined,
            })
          }
        />
      ) : null}

      <div className="mt-6" aria-busy={results.isFetching}>
        {!searching ? (
          <div className="card p-8 text-center">
            <p className="text-xl font-semibold">{t('search.prompt')}</p>
            <p className="mt-2 text-ink-muted">{t('search.promptHint')}</p>
          </div>
        ) : results.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label={t('search.loading')} />
          </div>
        ) : results.isError ? (
          <div className="card p-6" role="alert">
            <p>{t('search.error')}</p>
            <button type="button" className="btn btn-secondary mt-4" onClick={() => void results.refetch()}>
              {t('search.retry')}
            </button>
          </div>
        ) : data && data.items.length === 0 ? (
          <NothingFound query={state.q} closest={data.closest} filtered={data.rawTotal > 0} />
        ) : data ? (
          <>
            {data.correction ? (
              <p className="mb-3 text-base [overflow-wrap:anywhere]" data-testid="search-correction">
                <Trans
                  i18nKey="search.correction"
                  values={{ query: data.correction.query, original: data.correction.original }}
                  components={{
                    corrected: (
                      <Link
                        to={searchFor(data.correction.query, false)}
                        className="font-semibold text-accent italic underline"
                      />
                    ),
                    original: (
                      <Link
                        to={searchFor(data.correction.original, true)}
                        className="text-accent italic underline"
                      />
                    ),
                  }}
                />
              </p>
            ) : null}
            <p className="mb-4 text-sm text-ink-muted" data-testid="search-count">
              {countText}
            </p>
            <ul
              data-testid="search-results"
              className={
                state.view === 'grid'
                  ? 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5'
                  : 'grid grid-cols-1 gap-3 lg:grid-cols-2'
              }
            >
              {data.items.map((item) => (
                <li key={item.id} className="min-w-0">
                  <SearchResultCard item={item} view={state.view} />
                </li>
              ))}
            </ul>
            <Pagination
              page={state.page}
              totalPages={totalPages}
              hrefFor={hrefFor}
              label={t('search.pagination')}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}

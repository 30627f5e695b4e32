import {
  GENRE_SLUGS,
  SEARCH_AGE_GROUPS,
  SEARCH_LANGUAGES,
  SEARCH_LENGTHS,
  SEARCH_SORTS,
  type GenreSlug,
  type SearchQueryInput,
} from '@nebab/shared';

export type SearchSort = (typeof SEARCH_SORTS)[number];
export type SearchView = 'list' | 'grid';

/** The whole state of the search page; it lives in the URL query so it can be shared and reloaded. */
export interface SearchState {
  q: string;
  author: string;
  genre?: GenreSlug;
  language?: (typeof SEARCH_LANGUAGES)[number];
  ageGroup?: (typeof SEARCH_AGE_GROUPS)[number];
  length?: (typeof SEARCH_LENGTHS)[number];
  minRating?: number;
  yearFrom?: number;
  yearTo?: number;
  sort: SearchSort;
  page: number;
  view: SearchView;
  /** Search the words exactly as typed ("search instead for …"): no spelling correction. */
  asTyped: boolean;
}

export const PAGE_SIZE = 20;
const MAX_PAGE = 500;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function intIn(value: string | null, min: number, max: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** Reads the state from the URL; unknown or out-of-range values are ignored. */
export function parseSearchState(params: URLSearchParams): SearchState {
  return {
    q: (params.get('q') ?? '').trim(),
    author: (params.get('author') ?? '').trim(),
    genre: oneOf(GENRE_SLUGS, params.get('genre')),
    language: oneOf(SEARCH_LANGUAGES, params.get('language')),
    ageGroup: oneOf(SEARCH_AGE_GROUPS, params.get('ageGroup')),
    length: oneOf(SEARCH_LENGTHS, params.get('length')),
    minRating: intIn(params.get('minRating'), 1, 5),
    yearFrom: intIn(params.get('yearFrom'), -3000, 3000),
    yearTo: intIn(params.get('yearTo'), -3000, 3000),
    sort: oneOf(SEARCH_SORTS, params.get('sort')) ?? 'relevance',
    page: intIn(params.get('page'), 1, MAX_PAGE) ?? 1,
    view: params.get('view') === 'grid' ? 'grid' : 'list',
    asTyped: params.get('asTyped') === 'true',
  };
}

/** Writes the state back as a URL query, leaving defaults out so links stay short. */
export function serializeSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.author) params.set('author', state.author);
  if (state.genre) params.set('genre', state.genre);
  if (state.language) params.set('language', state.language);
  if (state.ageGroup) params.set('ageGroup', state.ageGroup);
  if (state.length) params.set('length', state.length);
  if (state.minRating !== undefined) params.set('minRating', String(state.minRating));
  if (state.yearFrom !== undefined) params.set('yearFrom', String(state.yearFrom));
  if (state.yearTo !== undefined) params.set('yearTo', String(state.yearTo));
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.view !== 'list') params.set('view', state.view);
  if (state.asTyped) params.set('asTyped', 'true');
  return params;
}

/** Number of filters set (the query and the author are not filters). */
export function activeFilterCount(state: SearchState): number {
  return [
    state.genre,
    state.language,
    state.ageGroup,
    state.length,
    state.minRating,
    state.yearFrom,
    state.yearTo,
  ].filter((value) => value !== undefined).length;
}

/** True when there is something to search for: a query, an author or a filter. */
export function hasSearch(state: SearchState): boolean {
  return !!state.q || !!state.author || activeFilterCount(state) > 0;
}

/** Parameters of `GET /api/search` for this state (the view is the page's own). */
export function toSearchQuery(state: SearchState): SearchQueryInput {
  return {
    q: state.q || undefined,
    author: state.author || undefined,
    genre: state.genre,
    language: state.language,
    ageGroup: state.ageGroup,
    length: state.length,
    minRating: state.minRating,
    yearFrom: state.yearFrom,
    yearTo: state.yearTo,
    sort: state.sort,
    page: state.page,
    pageSize: PAGE_SIZE,
    asTyped: state.asTyped ? 'true' : undefined,
  };
}

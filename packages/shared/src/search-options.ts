/**
 * Option lists of the search and related-books queries (spec §5). Plain constants, apart from the zod
 * schemas in books.ts, so the client's search page does not load zod to draw its filters.
 */
export const SEARCH_SORTS = ['relevance', 'rating', 'newest', 'title'] as const;
export const SEARCH_LENGTHS = ['short', 'medium', 'long'] as const;
/** Age groups of the search filter (spec §5: Children is sent as Juvenile). */
export const SEARCH_AGE_GROUPS = ['Juvenile', 'Young Adult', 'Adult'] as const;
/** Languages of the search filter (spec §5), plus Amharic for the Ethiopian shelf. */
export const SEARCH_LANGUAGES = ['en', 'es', 'fr', 'de', 'ja', 'am'] as const;
/** Page-count buckets: short < 200, medium 200–400, long > 400. */
export const LENGTH_BUCKETS = { short: [0, 199], medium: [200, 400], long: [401, null] } as const;
export const RELATED_SORTS = ['popular', 'rating', 'newest', 'title'] as const;

import { z } from 'zod';
import { GENRE_SLUGS } from './genres.js';
import { LIMITS } from './limits.js';
import {
  LENGTH_BUCKETS,
  RELATED_SORTS,
  SEARCH_AGE_GROUPS,
  SEARCH_LANGUAGES,
  SEARCH_LENGTHS,
  SEARCH_SORTS,
} from './search-options.js';
import { VIEWABILITIES } from './viewability.js';
import { writtenText } from './text.js';

/** ISBN of a book (spec §3 industryIdentifiers). */
export const industryIdentifierSchema = z.object({
  type: z.enum(['ISBN_13', 'ISBN_10']),
  identifier: z.string(),
});

/**
 * Book detail (spec §3) — `GET /api/books/:id`. `author` is 'N/A' and `genres` is 'N/A' when unknown.
 * `coverImage` is the best cover address or null; `coverCandidates` lists every address to try in order
 * (Open Library by ISBN, then the dataset's image) before the client draws a generated cover.
 * `description` is sanitised HTML written by an admin, or null (the client then shows an honest
 * "about this book" line built from the facts below, never an invented blurb).
 */
export const bookDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  authors: z.array(z.string()),
  genres: z.union([z.array(z.string()), z.literal('N/A')]),
  publisher: z.string().nullable(),
  publicationDate: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  language: z.string(),
  rating: z.number().nullable(),
  ratingsCount: z.number().int(),
  description: z.string().nullable(),
  coverImage: z.string().nullable(),
  coverCandidates: z.array(z.string()),
  previewLink: z.string().nullable(),
  viewability: z.enum(VIEWABILITIES),
  industryIdentifiers: z.array(industryIdentifierSchema),
  series: z.string().nullable(),
  seriesNumber: z.string().nullable(),
  /** Title in other spellings (original title, English title, romanisation). */
  altTitles: z.array(z.string()),
  /** True for books stored by Nebab with a PDF (ids `local-…`): `GET /api/books/:id/file` streams it. */
  hasFile: z.boolean(),
  /** `reader`: added by a reader (by hand or by an import), checked by admins later. */
  source: z.enum(['goodbooks', 'ethiopian', 'local', 'reader']),
  /**
   * Not public yet: a reader-added book no admin has checked and fewer than three readers have (only
   * its adder, readers who have it and admins get it; the page says so).
   */
  unlisted: z.boolean(),
});
export type BookDetail = z.infer<typeof bookDetailSchema>;

/** Search item (spec §3) — one entry of `GET /api/search`. */
export const searchItemSchema = z.object({
  id: z.string(),
  volumeInfo: z.object({
    title: z.string(),
    authors: z.array(z.string()),
    categories: z.array(z.string()),
    averageRating: z.number().nullable(),
    ratingsCount: z.number().int(),
    publishedDate: z.string().nullable(),
    description: z.string().nullable(),
    pageCount: z.number().int().nullable(),
    language: z.string(),
    imageLinks: z.object({ thumbnail: z.string().nullable(), candidates: z.array(z.string()) }),
  }),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchResponseSchema = z.object({
  items: z.array(searchItemSchema),
  /** Matches after the filters. */
  totalItems: z.number().int(),
  /** Matches of the query alone, before the filters. */
  rawTotal: z.number().int(),
  /**
   * The words were read with corrected spelling: "Showing results for `query` — search instead for
   * `original`" (`asTyped=true` searches the original).
   */
  correction: z.object({ query: z.string(), original: z.string() }).nullable(),
  /** The query is an ISBN of this book (the first item). */
  match: z.object({ kind: z.literal('isbn'), bookId: z.string() }).nullable(),
  /** Nothing matched the query: the titles closest to it (else empty). */
  closest: z.array(searchItemSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// The option lists live in search-options.ts (no zod there, so the browser can use them cheaply).
export { SEARCH_SORTS, SEARCH_LENGTHS, SEARCH_AGE_GROUPS, SEARCH_LANGUAGES, LENGTH_BUCKETS, RELATED_SORTS };

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Query of `GET /api/search` (every filter of spec §5). Blank q with no filter answers no items. */
export const searchQuerySchema = z.object({
  q: optionalText(LIMITS.searchQueryMax),
  author: optionalText(LIMITS.nameMax * 2),
  genre: z.enum(GENRE_SLUGS).optional(),
  language: z.enum(SEARCH_LANGUAGES).optional(),
  ageGroup: z.enum(SEARCH_AGE_GROUPS).optional(),
  length: z.enum(SEARCH_LENGTHS).optional(),
  minRating: z.coerce.number().int().min(1).max(5).optional(),
  yearFrom: z.coerce.number().int().min(-3000).max(3000).optional(),
  yearTo: z.coerce.number().int().min(-3000).max(3000).optional(),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  page: z.coerce.number().int().min(1).max(LIMITS.searchPageMax).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.searchPageSizeMax).default(20),
  /** `true`: search the words exactly as typed, without spelling correction ("search instead for"). */
  asTyped: z.stringbool().optional(),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

export const suggestQuerySchema = z.object({ q: optionalText(LIMITS.searchQueryMax) });
export const suggestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  thumbnail: z.string().nullable(),
});
export const suggestResponseSchema = z.object({ items: z.array(suggestionSchema).max(LIMITS.suggestMax) });
export type Suggestion = z.infer<typeof suggestionSchema>;

/** Trending card (spec §3) — `GET /api/books/trending`. */
export const trendingCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  coverCandidates: z.array(z.string()),
  authors: z.string(),
  averageRating: z.number().nullable(),
  ratingsCount: z.number().int(),
  genre: z.string().nullable(),
});
export type TrendingCard = z.infer<typeof trendingCardSchema>;
export const trendingResponseSchema = z.object({ items: z.array(trendingCardSchema) });

/** Genre list item (spec §3) — new releases, popular, related books. */
export const genreListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  coverImage: z.string().nullable(),
  coverCandidates: z.array(z.string()),
  rating: z.number().nullable(),
  ratings: z.number().int(),
  releaseDate: z.string().nullable(),
  genre: z.string().nullable(),
});
export type GenreListItem = z.infer<typeof genreListItemSchema>;

/** A book list built from the catalogue (e.g. the best of a decade within a genre). */
export const bookListSchema = z.object({
  id: z.string(),
  kind: z.enum(['decade', 'ethiopian', 'series']),
  /** Decade start year for `decade` lists, else null. */
  decade: z.number().int().nullable(),
  items: z.array(genreListItemSchema),
});
export type BookList = z.infer<typeof bookListSchema>;

/** `GET /api/genres/:slug`. `groups` lists book clubs with that genre focus once clubs exist. */
export const genreDetailSchema = z.object({
  slug: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  bookCount: z.number().int(),
  newReleases: z.array(genreListItemSchema),
  popular: z.array(genreListItemSchema),
  lists: z.array(bookListSchema),
  groups: z.array(z.object({ id: z.string(), name: z.string(), memberCount: z.number().int() })),
});
export type GenreDetail = z.infer<typeof genreDetailSchema>;

export const relatedQuerySchema = z.object({
  genre: z.enum(GENRE_SLUGS).optional(),
  sort: z.enum(RELATED_SORTS).default('popular'),
  limit: z.coerce.number().int().min(1).max(LIMITS.listLimitMax).default(9),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export const relatedResponseSchema = z.object({
  items: z.array(genreListItemSchema),
  total: z.number().int(),
});

/** `GET /api/authors` — the author index built from the catalogue. */
export const authorsQuerySchema = z.object({
  q: optionalText(LIMITS.searchQueryMax),
  letter: z.string().trim().max(2).optional(),
  page: z.coerce.number().int().min(1).max(LIMITS.searchPageMax).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(48),
});
export const authorSummarySchema = z.object({
  name: z.string(),
  bookCount: z.number().int(),
  averageRating: z.number().nullable(),
  topBook: genreListItemSchema.nullable(),
});
export const authorsResponseSchema = z.object({
  items: z.array(authorSummarySchema),
  total: z.number().int(),
});
export type AuthorSummary = z.infer<typeof authorSummarySchema>;

/** `GET /api/authors/:name` — an author page: the primary author's active books, most rated first. */
export const authorDetailSchema = z.object({
  name: z.string(),
  bookCount: z.number().int(),
  averageRating: z.number().nullable(),
  ratingsCount: z.number().int(),
  books: z.array(genreListItemSchema),
});
export type AuthorDetail = z.infer<typeof authorDetailSchema>;

/** Report of a book or a review (spec §5: non-blank reason). */
export const reportSchema = z.object({
  reason: writtenText({ error: 'validation.reportReasonRequired' })
    .trim()
    .min(1, { error: 'validation.reportReasonRequired' })
    .max(LIMITS.reportReasonMax, { error: 'validation.reportReasonMax' }),
});

/** Newsletter box on the landing page. */
export const newsletterSchema = z.object({
  email: z
    .string({ error: 'validation.emailRequired' })
    .trim()
    .min(1, { error: 'validation.emailRequired' })
    .max(LIMITS.emailMax, { error: 'validation.emailInvalid' })
    .pipe(z.email({ error: 'validation.emailInvalid' }))
    .transform((value) => value.toLowerCase()),
  language: z.enum(['en', 'am']).optional(),
});

// Admin edits of a book: adminBookEditSchema in admin-catalogue.ts.

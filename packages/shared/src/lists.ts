import { z } from 'zod';
import { GENRE_SLUGS } from './genres.js';
import { bookListSummarySchema, profileBookSchema, readerSummarySchema } from './readers.js';
import { plainName, writtenText } from './text.js';

/**
 * Readers' book lists ("Listopia", issue 15): a ranked list with a title, a description, public or
 * private, and a mode: `open` lists are ranked by readers' votes and anyone who can see them may add
 * books; `curated` lists are ordered by their owner, who alone adds books (and nobody votes).
 *
 * HTTP (all under /api):
 * - POST   /lists                         user → 201 BookListDetail (BookListInput)
 * - GET    /me/lists                      user → BookListSummaryList (the caller's lists, private too)
 * - GET    /lists/:id                     anyone who may see it → BookListDetail (private: owner only,
 *          404 otherwise; 404 between readers who blocked each other)
 * - PATCH  /lists/:id                     owner → BookListDetail (BookListPatch)
 * - DELETE /lists/:id                     owner → 204
 * - POST   /lists/:id/books               owner, or anyone for an open public list → 201 BookListDetail
 *          ({ bookId }; 400 naming bookId for an unknown or inactive book, 409 when already there,
 *          403 on a curated list). Adding to an open list votes for the book.
 * - PATCH  /lists/:id/books/:bookId       owner of a curated list → BookListDetail ({ position }, 1-based)
 * - DELETE /lists/:id/books/:bookId       owner, or the reader who added it → 204
 * - PUT    /lists/:id/books/:bookId/vote  user who may see an open list → ListVoteResult ({ value: 1 | 0 });
 *          409 on a curated list
 * - GET    /genres/:slug/lists            anyone → GenreListsPage: that genre's public lists, most voted
 *          first (404 for an unknown genre)
 */

export const LIST_VISIBILITIES = ['public', 'private'] as const;
export const listVisibilitySchema = z.enum(LIST_VISIBILITIES, 'validation.invalid');
export type ListVisibility = z.infer<typeof listVisibilitySchema>;

export const LIST_MODES = ['open', 'curated'] as const;
export const listModeSchema = z.enum(LIST_MODES, 'validation.invalid');
export type ListMode = z.infer<typeof listModeSchema>;

export const LIST_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 2000,
  /** Lists one reader may own. */
  perOwnerMax: 200,
  /** Books on one list. */
  itemsMax: 500,
  pageSizeDefault: 20,
  pageSizeMax: 50,
  previewBooks: 5,
} as const;

const listTitleSchema = plainName(
  writtenText({ error: 'lists.titleRequired' })
    .trim()
    .min(1, { error: 'lists.titleRequired' })
    .min(LIST_LIMITS.titleMin, { error: 'lists.titleMin' })
    .max(LIST_LIMITS.titleMax, { error: 'lists.titleMax' }),
);

const listDescriptionSchema = writtenText('validation.invalid')
  .trim()
  .max(LIST_LIMITS.descriptionMax, { error: 'lists.descriptionMax' });

/**
 * `POST /api/lists`. `genre` is optional: without it the list counts for the genre most of its
 * books share (kept up to date as books come and go).
 */
export const bookListInputSchema = z.object({
  title: listTitleSchema,
  description: listDescriptionSchema.default(''),
  visibility: listVisibilitySchema.default('public'),
  mode: listModeSchema.default('open'),
  genre: z.enum(GENRE_SLUGS, 'lists.genreInvalid').nullable().default(null),
});
export type BookListInput = z.infer<typeof bookListInputSchema>;
export type BookListInputValues = z.input<typeof bookListInputSchema>;

/** `PATCH /api/lists/:id` (owner): any field; `genre: null` lets the books decide again. */
export const bookListPatchSchema = z.object({
  title: listTitleSchema.optional(),
  description: listDescriptionSchema.optional(),
  visibility: listVisibilitySchema.optional(),
  mode: listModeSchema.optional(),
  genre: z.enum(GENRE_SLUGS, 'lists.genreInvalid').nullable().optional(),
});
export type BookListPatch = z.infer<typeof bookListPatchSchema>;

export const listParamsSchema = z.object({ id: z.uuid('validation.invalid') });
export const listBookParamsSchema = z.object({
  id: z.uuid('validation.invalid'),
  bookId: z.string().min(1, 'validation.invalid').max(100, 'validation.invalid'),
});

/** `POST /api/lists/:id/books`. */
export const listAddBookSchema = z.object({
  bookId: z
    .string({ error: 'lists.bookRequired' })
    .trim()
    .min(1, 'lists.bookRequired')
    .max(100, 'validation.invalid'),
});
export type ListAddBook = z.infer<typeof listAddBookSchema>;

/** `PATCH /api/lists/:id/books/:bookId` (curated lists): the book's new place, 1-based. */
export const listMoveBookSchema = z.object({
  position: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(LIST_LIMITS.itemsMax, 'validation.invalid'),
});
export type ListMoveBook = z.infer<typeof listMoveBookSchema>;

/** `PUT /api/lists/:id/books/:bookId/vote`: 1 votes the book up, 0 takes the vote back. */
export const listVoteSchema = z.object({
  value: z.union([z.literal(1), z.literal(0)], 'validation.invalid'),
});
export type ListVote = z.infer<typeof listVoteSchema>;

export const listVoteResultSchema = z.object({ votes: z.number().int(), voted: z.boolean() });
export type ListVoteResult = z.infer<typeof listVoteResultSchema>;

/** One ranked book of a list. */
export const bookListItemSchema = z.object({
  rank: z.number().int(),
  book: profileBookSchema,
  votes: z.number().int(),
  /** The asker voted for it. */
  voted: z.boolean(),
  /** Who added it (null once their account is gone). */
  addedBy: readerSummarySchema.nullable(),
  added_at: z.string(),
});
export type BookListItem = z.infer<typeof bookListItemSchema>;

/** `GET /api/lists/:id`: the list with every book in rank order and what the asker may do. */
export const bookListDetailSchema = bookListSummarySchema.extend({
  items: z.array(bookListItemSchema),
  /** Whether the list's genre was picked by its owner (else it follows the books). */
  genreChosen: z.boolean(),
  can: z.object({ edit: z.boolean(), addBooks: z.boolean(), vote: z.boolean() }),
});
export type BookListDetail = z.infer<typeof bookListDetailSchema>;

export const bookListSummaryListSchema = z.object({ items: z.array(bookListSummarySchema) });
export type BookListSummaryList = z.infer<typeof bookListSummaryListSchema>;

/** `GET /api/genres/:slug/lists` and `/groups` query. */
export const genreCommunityQuerySchema = z.object({
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(500, 'validation.invalid')
    .default(1),
  pageSize: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(LIST_LIMITS.pageSizeMax, 'validation.invalid')
    .default(LIST_LIMITS.pageSizeDefault),
});
export type GenreCommunityQuery = z.infer<typeof genreCommunityQuerySchema>;

export const genreListsPageSchema = z.object({
  items: z.array(bookListSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GenreListsPage = z.infer<typeof genreListsPageSchema>;

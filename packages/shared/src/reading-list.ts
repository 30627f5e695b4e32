import { z } from 'zod';

/** Spec §4 Reading list status. */
export const READING_LIST_STATUSES = ['wantToRead', 'currentlyReading', 'completed'] as const;
export const readingListStatusSchema = z.enum(READING_LIST_STATUSES);
export type ReadingListStatus = z.infer<typeof readingListStatusSchema>;

/** The highest `currentPage` accepted when the book's page count is unknown. */
export const READING_LIST_PAGE_MAX = 100_000;

/** `POST /api/reading-list`: only `wantToRead` is offered as the initial status (spec §4). */
export const addReadingListEntrySchema = z.object({
  bookId: z.string().trim().min(1, 'validation.invalid').max(100, 'validation.invalid'),
  status: z.literal('wantToRead', 'validation.invalid'),
});
export type AddReadingListEntry = z.infer<typeof addReadingListEntrySchema>;

/** `PATCH /api/reading-list/:bookId`: any status, and the page reached (0..pageCount when known). */
export const updateReadingListEntrySchema = z.object({
  status: readingListStatusSchema.optional(),
  currentPage: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(0, 'readingList.currentPageTooHigh')
    .max(READING_LIST_PAGE_MAX, 'readingList.currentPageTooHigh')
    .optional(),
});
export type UpdateReadingListEntry = z.infer<typeof updateReadingListEntrySchema>;

/** `PUT /api/reading-list/:bookId/favorite` (spec §3 Favorite). */
export const readingListFavoriteSchema = z.object({ isFavorite: z.boolean('validation.invalid') });
export type ReadingListFavorite = z.infer<typeof readingListFavoriteSchema>;

export const readingListParamsSchema = z.object({ bookId: z.string().min(1).max(100) });

/** Spec §3 Reading list entry, with the book's card fields and the reading progress. */
export const readingListEntrySchema = z.object({
  bookId: z.string(),
  status: readingListStatusSchema,
  title: z.string(),
  author: z.string(),
  coverImage: z.string().nullable(),
  coverCandidates: z.array(z.string()),
  isFavorite: z.boolean(),
  addedAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  currentPage: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  /** False when an admin made the book inactive: it stays on the list, marked unavailable, with no link. */
  available: z.boolean(),
});
export type ReadingListEntry = z.infer<typeof readingListEntrySchema>;

/** `GET /api/reading-list`: the entries grouped by status, most recently updated first. */
export const readingListSchema = z.object({
  currentlyReading: z.array(readingListEntrySchema),
  wantToRead: z.array(readingListEntrySchema),
  completed: z.array(readingListEntrySchema),
});
export type ReadingList = z.infer<typeof readingListSchema>;

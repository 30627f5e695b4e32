import { z } from 'zod';
import { writtenText } from './text.js';

/**
 * Spec §4 Reading list status, plus `didNotFinish` (a book given up, with the page where the reader
 * stopped): offered only from currentlyReading, counted apart everywhere.
 */
export const READING_LIST_STATUSES = ['wantToRead', 'currentlyReading', 'completed', 'didNotFinish'] as const;
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

const pageSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .min(0, 'readingList.currentPageTooHigh')
  .max(READING_LIST_PAGE_MAX, 'readingList.currentPageTooHigh');

/**
 * `PATCH /api/reading-list/:bookId`: any status (didNotFinish only from currentlyReading), the page
 * reached (0..pageCount when known) and, with didNotFinish, the page where the reader stopped
 * (default: the page reached).
 */
export const updateReadingListEntrySchema = z.object({
  status: readingListStatusSchema.optional(),
  currentPage: pageSchema.optional(),
  stoppedPage: pageSchema.optional(),
});
export type UpdateReadingListEntry = z.infer<typeof updateReadingListEntrySchema>;

/** `PUT /api/reading-list/:bookId/favorite` (spec §3 Favorite). */
export const readingListFavoriteSchema = z.object({ isFavorite: z.boolean('validation.invalid') });
export type ReadingListFavorite = z.infer<typeof readingListFavoriteSchema>;

export const readingListParamsSchema = z.object({ bookId: z.string().min(1).max(100) });

/** `GET /api/reading-list?shelf=<id>`: only the books on that shelf of the caller. */
export const readingListQuerySchema = z.object({ shelf: z.uuid('validation.invalid').optional() });
export type ReadingListQuery = z.infer<typeof readingListQuerySchema>;

/** How a read ended; null while it is under way. */
export const READ_OUTCOMES = ['completed', 'didNotFinish'] as const;
export const readOutcomeSchema = z.enum(READ_OUTCOMES, 'validation.invalid');
export type ReadOutcome = z.infer<typeof readOutcomeSchema>;

/** Bounds of reads and progress updates. */
export const READING_LIMITS = {
  progressNoteMax: 280,
  /** Progress updates kept per read (the oldest go first). */
  progressPerRead: 200,
  /** Reads (re-reads included) per book. */
  readsPerBook: 100,
} as const;

/** A date as `YYYY-MM-DD` (a day of the reader's life) or a full ISO date-time. */
export const readDateSchema = z
  .string('validation.invalid')
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
          new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
        : /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
    'readingList.dateInvalid',
  );

/**
 * `POST /api/reading-list/:bookId/reads`: a past read (a re-read, or one before Nebab) with its dates;
 * `PATCH …/reads/:readId` changes the same fields. finishedAt ≥ startedAt, neither in the future.
 */
export const readInputSchema = z.object({
  startedAt: readDateSchema.nullable().optional(),
  finishedAt: readDateSchema,
  outcome: readOutcomeSchema.default('completed'),
  stoppedPage: pageSchema.nullable().optional(),
});
export type ReadInput = z.infer<typeof readInputSchema>;

export const readPatchSchema = z.object({
  startedAt: readDateSchema.nullable().optional(),
  finishedAt: readDateSchema.nullable().optional(),
  stoppedPage: pageSchema.nullable().optional(),
});
export type ReadPatch = z.infer<typeof readPatchSchema>;

export const readParamsSchema = z.object({
  bookId: z.string().min(1).max(100),
  readId: z.uuid('validation.invalid'),
});
export const progressParamsSchema = z.object({
  bookId: z.string().min(1).max(100),
  progressId: z.uuid('validation.invalid'),
});

/** `POST /api/reading-list/:bookId/progress`: a page or a percentage (exactly one), with a short note. */
export const progressInputSchema = z
  .object({
    page: pageSchema.optional(),
    percent: z
      .number('validation.invalid')
      .min(0, 'readingList.percentRange')
      .max(100, 'readingList.percentRange')
      .optional(),
    note: writtenText('validation.invalid')
      .trim()
      .max(READING_LIMITS.progressNoteMax, 'readingList.noteTooLong')
      .optional(),
  })
  .refine((value) => (value.page === undefined) !== (value.percent === undefined), {
    message: 'readingList.pageOrPercent',
    path: ['page'],
  });
export type ProgressInput = z.infer<typeof progressInputSchema>;

/** One progress update on the timeline of a read. */
export const progressUpdateSchema = z.object({
  id: z.string(),
  page: z.number().int().nullable(),
  percent: z.number().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type ProgressUpdate = z.infer<typeof progressUpdateSchema>;

/** One read of a book: under way (outcome null) or ended, with its progress timeline (oldest first). */
export const readSchema = z.object({
  id: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  outcome: readOutcomeSchema.nullable(),
  stoppedPage: z.number().int().nullable(),
  progress: z.array(progressUpdateSchema),
});
export type Read = z.infer<typeof readSchema>;

/** A shelf as an entry names it. */
export const shelfRefSchema = z.object({ id: z.string(), name: z.string() });
export type ShelfRef = z.infer<typeof shelfRefSchema>;

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
  /** With didNotFinish: the page where the reader stopped. */
  stoppedPage: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  /** Every read of this book, newest first (re-reads keep each past read). */
  reads: z.array(readSchema),
  /** The caller's shelves holding this book, by name. */
  shelves: z.array(shelfRefSchema),
  /** False when an admin made the book inactive: it stays on the list, marked unavailable, with no link. */
  available: z.boolean(),
});
export type ReadingListEntry = z.infer<typeof readingListEntrySchema>;

/** `GET /api/reading-list`: the entries grouped by status, most recently updated first. */
export const readingListSchema = z.object({
  currentlyReading: z.array(readingListEntrySchema),
  wantToRead: z.array(readingListEntrySchema),
  completed: z.array(readingListEntrySchema),
  didNotFinish: z.array(readingListEntrySchema),
});
export type ReadingList = z.infer<typeof readingListSchema>;

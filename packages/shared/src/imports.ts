import { z } from 'zod';
import { bookLanguageSchema } from './admin-catalogue.js';
import { plainName, writtenText } from './text.js';

/**
 * Bring your library, take it with you (issue 11): imports of Goodreads and StoryGraph exports,
 * readers adding missing books, and the admins' side of reader-added books. Messages are i18n keys
 * (`imports.*`, `readerBooks.*`).
 */

export const IMPORT_SOURCES = ['goodreads', 'storygraph'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * Bounds of an import: the file (20 MiB; a Goodreads export of 10,000 books with long reviews is
 * ~6 MiB), its data rows, the unfinished imports a reader may have at once, the reasons listed.
 */
export const IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 20_000,
  unfinishedPerReader: 1,
  errorsShown: 500,
  fileNameMax: 200,
} as const;

/** One row that was skipped, with the reason in the request's language. */
export const importErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

/** `GET /api/imports/:id`, each item of `GET /api/imports`, and the `import:progress` push. */
export const importSchema = z.object({
  id: z.string(),
  source: z.enum(IMPORT_SOURCES),
  status: z.enum(IMPORT_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  matched: z.number().int(),
  created: z.number().int(),
  /** Of the books the import created, how many await an admin's check (seen only by the reader until then). */
  awaitingCheck: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importErrorSchema),
  fileName: z.string().nullable(),
  publicReviews: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

export const importsResponseSchema = z.object({ items: z.array(importSchema) });
export type ImportsResponse = z.infer<typeof importsResponseSchema>;

export const importCreatedSchema = z.object({ id: z.string() });
export type ImportCreated = z.infer<typeof importCreatedSchema>;

export const importParamsSchema = z.object({ id: z.uuid('validation.invalid') });

/** The multipart text fields of `POST /api/imports` (beside the `file` part). */
export const importFieldsSchema = z.object({
  source: z.enum(IMPORT_SOURCES, 'imports.sourceInvalid').optional(),
  publicReviews: z
    .enum(['true', 'false'], 'validation.invalid')
    .optional()
    .transform((value) => value === 'true'),
});

/**
 * Reader-added books: field bounds (the catalogue's own), at most `perDay` a day per reader, and public once an admin checks
 * one or `readersToList` readers have it in their library (the trigger of migration 0019 holds the same 3).
 */
export const READER_BOOK_LIMITS = {
  titleMax: 300,
  authorMax: 200,
  authorsMax: 10,
  perDay: 50,
  readersToList: 3,
} as const;

const optionalInt = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number('validation.invalid')
      .int('validation.invalid')
      .min(min, 'validation.invalid')
      .max(max, 'validation.invalid')
      .optional(),
  );

/** `POST /api/books`: a signed-in reader adds a book the catalogue lacks. */
export const readerBookInputSchema = z.object({
  title: plainName(
    writtenText('adminCatalogue.titleRequired')
      .trim()
      .min(1, 'adminCatalogue.titleRequired')
      .max(READER_BOOK_LIMITS.titleMax, 'adminCatalogue.titleMax'),
  ),
  authors: z
    .array(
      plainName(
        writtenText('adminCatalogue.authorRequired')
          .trim()
          .min(1, 'adminCatalogue.authorRequired')
          .max(READER_BOOK_LIMITS.authorMax, 'validation.invalid'),
      ),
      'adminCatalogue.authorRequired',
    )
    .min(1, 'adminCatalogue.authorRequired')
    .max(READER_BOOK_LIMITS.authorsMax, 'validation.invalid'),
  isbn: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '').toUpperCase() || null : value),
      z
        .string('adminCatalogue.isbnInvalid')
        .regex(/^(97[89]\d{10}|\d{9}[\dX])$/, 'adminCatalogue.isbnInvalid')
        .nullable(),
    )
    .optional(),
  publicationYear: optionalInt(1000, 2100),
  pageCount: optionalInt(1, 100_000),
  language: bookLanguageSchema,
});
export type ReaderBookInput = z.input<typeof readerBookInputSchema>;

/** The new book's id; `existing` when the ISBN named a catalogue book already (nothing was added). */
export const readerBookCreatedSchema = z.object({ id: z.string(), existing: z.boolean() });
export type ReaderBookCreated = z.infer<typeof readerBookCreatedSchema>;

/** Book Approvals › Added by readers: who added it and how many readers have it. */
export const readerBookSchema = z.object({
  id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  isbn10: z.string().nullable(),
  isbn13: z.string().nullable(),
  publisher: z.string().nullable(),
  publicationYear: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  language: z.string(),
  addedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  readers: z.number().int(),
  createdAt: z.string(),
  checkedAt: z.string().nullable(),
});
export type ReaderBook = z.infer<typeof readerBookSchema>;

export const READER_BOOK_STATUSES = ['pending', 'checked'] as const;
export type ReaderBookStatus = (typeof READER_BOOK_STATUSES)[number];

export const readerBooksQuerySchema = z.object({
  status: z.enum(READER_BOOK_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const readerBooksResponseSchema = z.object({
  items: z.array(readerBookSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReaderBooksResponse = z.infer<typeof readerBooksResponseSchema>;

/** `POST /api/admin/books/:id/merge`: fold the book into `targetId`. */
export const mergeBookInputSchema = z.object({
  targetId: z.string('validation.invalid').trim().min(1, 'validation.invalid').max(100, 'validation.invalid'),
});

export const mergeBookResultSchema = z.object({
  targetId: z.string(),
  moved: z.object({
    entries: z.number().int(),
    reviews: z.number().int(),
    listItems: z.number().int(),
  }),
});
export type MergeBookResult = z.infer<typeof mergeBookResultSchema>;

/**
 * How a row of an import found its book: Goodreads id, ISBN-13, ISBN-10, title + author in the
 * catalogue, catalogue search, a new reader-added book, the reader's correction in the report, or
 * none (the reader said no book: what the row did was undone).
 */
export const IMPORT_ROW_VIAS = [
  'goodreadsId',
  'isbn13',
  'isbn10',
  'title',
  'search',
  'created',
  'corrected',
  'none',
] as const;
export type ImportRowVia = (typeof IMPORT_ROW_VIAS)[number];

export const IMPORT_ROW_OUTCOMES = ['pending', 'matched', 'created', 'skipped'] as const;

/** One row of `GET /api/imports/:id/rows`. */
export const importReportRowSchema = z.object({
  /** The row's line in the file (the header is row 1). */
  row: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
  outcome: z.enum(IMPORT_ROW_OUTCOMES),
  via: z.enum(IMPORT_ROW_VIAS).nullable(),
  book: z.object({ id: z.string(), title: z.string(), authors: z.array(z.string()) }).nullable(),
  /** A skipped row's reason, in the request's language. */
  message: z.string().nullable(),
  /** The reader may pick another book or none for it. */
  correctable: z.boolean(),
});
export type ImportReportRow = z.infer<typeof importReportRowSchema>;

export const IMPORT_ROWS_PAGE = { sizeDefault: 50, sizeMax: 200 } as const;

export const importRowsQuerySchema = z.object({
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .default(1),
  pageSize: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(IMPORT_ROWS_PAGE.sizeMax, 'validation.invalid')
    .default(IMPORT_ROWS_PAGE.sizeDefault),
});

export const importRowsResponseSchema = z.object({
  items: z.array(importReportRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ImportRowsResponse = z.infer<typeof importRowsResponseSchema>;

export const importRowParamsSchema = z.object({
  id: z.uuid('validation.invalid'),
  row: z.coerce.number('validation.invalid').int('validation.invalid').min(2, 'validation.invalid'),
});

/** `PUT /api/imports/:id/rows/:row`: the right book, or null for none. */
export const importRowCorrectionSchema = z.object({
  bookId: z
    .string('validation.invalid')
    .min(1, 'validation.invalid')
    .max(100, 'validation.invalid')
    .nullable(),
});

import { z } from 'zod';
import { plainName, writtenText } from './text.js';
import { bookDetailSchema } from './books.js';
import { GENRE_SLUGS } from './genres.js';
import { LANGUAGES } from './i18n.js';
import { LIMITS } from './limits.js';
import { VIEWABILITIES } from './viewability.js';

/**
 * Admin catalogue & site (issue 6): dashboard counts, Manage Books, the edit page, what readers read,
 * site settings and readers' book suggestions. Messages are i18n keys (`validation.*`, `adminCatalogue.*`).
 */

/** Catalogue status of a book: inactive books leave every reader-facing list (spec §2 Manage Books). */
export const BOOK_STATUSES = ['active', 'inactive'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

/** `GET /api/admin/stats`: spec §3 Admin stats plus the queues waiting for an admin. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalBooks: z.number().int(),
  totalReviews: z.number().int(),
  /** Reading-list entries of all readers. */
  totalReadingLists: z.number().int(),
  inactiveBooks: z.number().int(),
  /** Open book and review reports. */
  openReports: z.number().int(),
  pendingSuggestions: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** `GET /api/admin/books` query: text (title, author or exact id), status, page. */
export const adminBooksQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(LIMITS.searchQueryMax)
    .optional()
    .transform((value) => (value ? value : undefined)),
  status: z.enum(['all', ...BOOK_STATUSES]).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminBooksQuery = z.output<typeof adminBooksQuerySchema>;

/** Spec §3 Admin book row. */
export const adminBookRowSchema = z.object({
  bookId: z.string(),
  title: z.string(),
  author: z.string(),
  genre: z.string().nullable(),
  coverImage: z.string().nullable(),
  coverCandidates: z.array(z.string()),
  status: z.string(),
  source: z.string(),
  updatedAt: z.string(),
});
export type AdminBookRow = z.infer<typeof adminBookRowSchema>;

export const adminBooksResponseSchema = z.object({
  items: z.array(adminBookRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminBooksResponse = z.infer<typeof adminBooksResponseSchema>;

/** The book with the raw editable fields an admin sees on the edit page. */
export const adminBookDetailSchema = bookDetailSchema.extend({
  status: z.string(),
  coverUrl: z.string().nullable(),
  hasUploadedCover: z.boolean(),
  isbn10: z.string().nullable(),
  isbn13: z.string().nullable(),
  editedFields: z.array(z.string()),
});
export type AdminBookDetail = z.infer<typeof adminBookDetailSchema>;

/** Blank text becomes null (a cleared field). */
const nullableText = (max: number, key = 'validation.invalid') =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    writtenText(key).trim().max(max, key).nullable(),
  );

const isbnText = (length: 10 | 13) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '').toUpperCase() || null : value),
    z
      .string('adminCatalogue.isbnInvalid')
      .regex(length === 13 ? /^97[89]\d{10}$/ : /^\d{9}[\dX]$/, 'adminCatalogue.isbnInvalid')
      .nullable(),
  );

const httpsUrl = (key: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string(key)
      .trim()
      .max(2000, key)
      .url(key)
      .refine((value) => /^https?:\/\//i.test(value), key)
      .nullable(),
  );

/** Book language: an ISO 639 code, optionally with a region (`am`, `en`, `en-US`, `gez`). */
export const bookLanguageSchema = z
  .string('adminCatalogue.languageInvalid')
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'adminCatalogue.languageInvalid');

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (a real date). */
export const publicationDateSchema = z
  .string('adminCatalogue.publicationDateInvalid')
  .trim()
  .refine((value) => {
    const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
    if (!match) return false;
    const [, year, month, day] = match;
    if (month && (Number(month) < 1 || Number(month) > 12)) return false;
    if (day) {
      const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.getUTCDate() === Number(day);
    }
    return true;
  }, 'adminCatalogue.publicationDateInvalid');

/** `PATCH /api/admin/books/:id`: any of the book's fields; null clears an optional one. */
export const adminBookEditSchema = z.object({
  title: plainName(
    writtenText('adminCatalogue.titleRequired')
      .trim()
      .min(1, 'adminCatalogue.titleRequired')
      .max(300, 'adminCatalogue.titleMax'),
  ).optional(),
  authors: z
    .array(
      plainName(writtenText().trim().min(1, 'adminCatalogue.authorsRequired').max(200, 'validation.invalid')),
    )
    .min(1, 'adminCatalogue.authorsRequired')
    .max(LIMITS.authorsMax, 'validation.invalid')
    .optional(),
  description: writtenText()
    .max(LIMITS.descriptionMax, 'adminCatalogue.descriptionMax')
    .nullable()
    .optional(),
  previewLink: httpsUrl('adminCatalogue.urlInvalid').optional(),
  viewability: z.enum(VIEWABILITIES, 'validation.invalid').optional(),
  genres: z
    .array(z.enum(GENRE_SLUGS, 'adminCatalogue.genreInvalid'))
    .max(10, 'validation.invalid')
    .optional(),
  isbn10: isbnText(10).optional(),
  isbn13: isbnText(13).optional(),
  language: bookLanguageSchema.optional(),
  pageCount: z
    .number('adminCatalogue.pageCountInvalid')
    .int('adminCatalogue.pageCountInvalid')
    .min(1, 'adminCatalogue.pageCountInvalid')
    .max(100_000, 'adminCatalogue.pageCountInvalid')
    .nullable()
    .optional(),
  publicationDate: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      publicationDateSchema.nullable(),
    )
    .optional(),
  publisher: nullableText(200).optional(),
  coverUrl: httpsUrl('adminCatalogue.urlInvalid').optional(),
  status: z.enum(BOOK_STATUSES, 'validation.invalid').optional(),
});
export type AdminBookEdit = z.input<typeof adminBookEditSchema>;

export const adminBookParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** `GET /api/admin/reading-lists`: what readers are reading. */
export const readingInsightItemSchema = z.object({
  bookId: z.string(),
  title: z.string(),
  author: z.string(),
  coverImage: z.string().nullable(),
  coverCandidates: z.array(z.string()),
  status: z.string(),
  count: z.number().int(),
});
export type ReadingInsightItem = z.infer<typeof readingInsightItemSchema>;

export const readingInsightsSchema = z.object({
  totals: z.object({
    entries: z.number().int(),
    readers: z.number().int(),
    wantToRead: z.number().int(),
    currentlyReading: z.number().int(),
    completed: z.number().int(),
    favorites: z.number().int(),
  }),
  mostAdded: z.array(readingInsightItemSchema),
  mostReading: z.array(readingInsightItemSchema),
  mostCompleted: z.array(readingInsightItemSchema),
  mostFavorited: z.array(readingInsightItemSchema),
});
export type ReadingInsights = z.infer<typeof readingInsightsSchema>;

/** Site settings saved on the server (`/admin/settings`). */
export const siteSettingsSchema = z.object({
  /** When false, signup and a first Google sign-in answer 403. */
  registrationOpen: z.boolean('validation.invalid'),
  /** The interface language of a visitor who has not picked one. */
  defaultLanguage: z.enum(LANGUAGES, 'validation.invalid'),
  contactEmail: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string('validation.emailInvalid')
      .trim()
      .max(LIMITS.emailMax, 'validation.emailInvalid')
      .pipe(z.email('validation.emailInvalid'))
      .nullable(),
  ),
  /** When true, readers whose login address is not confirmed cannot post (admins can). */
  requireVerifiedToPost: z.boolean('validation.invalid'),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export const siteSettingsPatchSchema = siteSettingsSchema.partial();
export type SiteSettingsPatch = z.input<typeof siteSettingsPatchSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  registrationOpen: true,
  defaultLanguage: 'en',
  contactEmail: null,
  requireVerifiedToPost: false,
};

/** The settings as answered (`GET /api/site`, `GET/PATCH /api/admin/settings`): plain, no transforms. */
export const publicSiteSchema = z.object({
  registrationOpen: z.boolean(),
  defaultLanguage: z.enum(LANGUAGES),
  contactEmail: z.string().nullable(),
  requireVerifiedToPost: z.boolean(),
});
export type PublicSite = z.infer<typeof publicSiteSchema>;

/** Reader book suggestions (`POST /api/book-suggestions`, `/admin/book-approvals`). */
export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const SUGGESTION_LIMITS = { pendingMax: 5, perDay: 10, noteMax: 1000, reasonMax: 500 } as const;

export const bookSuggestionInputSchema = z.object({
  title: plainName(
    writtenText('adminCatalogue.titleRequired')
      .trim()
      .min(1, 'adminCatalogue.titleRequired')
      .max(300, 'adminCatalogue.titleMax'),
  ),
  author: plainName(
    writtenText('adminCatalogue.authorRequired')
      .trim()
      .min(1, 'adminCatalogue.authorRequired')
      .max(200, 'validation.invalid'),
  ),
  isbn: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '').toUpperCase() || null : value),
      z
        .string('adminCatalogue.isbnInvalid')
        .regex(/^(97[89]\d{10}|\d{9}[\dX])$/, 'adminCatalogue.isbnInvalid')
        .nullable(),
    )
    .optional(),
  language: bookLanguageSchema,
  note: nullableText(SUGGESTION_LIMITS.noteMax, 'adminCatalogue.noteMax').optional(),
});
export type BookSuggestionInput = z.input<typeof bookSuggestionInputSchema>;

export const bookSuggestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  isbn: z.string().nullable(),
  language: z.string(),
  note: z.string().nullable(),
  status: z.enum(SUGGESTION_STATUSES),
  rejectReason: z.string().nullable(),
  /** The catalogue book made on approval. */
  bookId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Admin lists only: who suggested it. */
  suggestedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type BookSuggestion = z.infer<typeof bookSuggestionSchema>;

export const bookSuggestionListSchema = z.object({ items: z.array(bookSuggestionSchema) });
export type BookSuggestionList = z.infer<typeof bookSuggestionListSchema>;

export const adminSuggestionsQuerySchema = z.object({
  status: z.enum(SUGGESTION_STATUSES).default('pending'),
});

export const suggestionParamsSchema = z.object({ id: z.uuid('validation.invalid') });

/** Approve: the admin may correct the reader's text and add genres/description first. */
export const approveSuggestionSchema = z.object({
  title: plainName(
    writtenText('adminCatalogue.titleRequired')
      .trim()
      .min(1, 'adminCatalogue.titleRequired')
      .max(300, 'adminCatalogue.titleMax'),
  ).optional(),
  author: plainName(
    writtenText('adminCatalogue.authorRequired')
      .trim()
      .min(1, 'adminCatalogue.authorRequired')
      .max(200, 'validation.invalid'),
  ).optional(),
  genres: z.array(z.enum(GENRE_SLUGS, 'adminCatalogue.genreInvalid')).max(10).optional(),
});

export const rejectSuggestionSchema = z.object({
  reason: writtenText('adminCatalogue.rejectReasonRequired')
    .trim()
    .min(1, 'adminCatalogue.rejectReasonRequired')
    .max(SUGGESTION_LIMITS.reasonMax, 'adminCatalogue.rejectReasonMax'),
});

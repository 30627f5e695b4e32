import { z } from 'zod';
import { plainName, writtenText } from './text.js';
import { GENRE_SLUGS } from './genres.js';
import { LIMITS } from './limits.js';
import { PREFERENCE_LANGUAGES } from './preferences.js';

/**
 * Languages of the Add Ethiopian Book form (spec §2, §3): Amharic first, then the other Ethiopian
 * languages and English, then the rest of the reading languages of the preferences wizard.
 */
export const BOOK_LANGUAGES = [
  'am',
  'ti',
  'om',
  'en',
  ...PREFERENCE_LANGUAGES.filter((code) => !['am', 'ti', 'om', 'en'].includes(code)),
] as const satisfies readonly (typeof PREFERENCE_LANGUAGES)[number][];
export type BookLanguage = (typeof BOOK_LANGUAGES)[number];

/** Default limits of the two files of a submission (the server can be configured lower, e.g. in tests). */
export const UPLOAD_LIMITS = {
  coverMaxBytes: 5 * 1024 * 1024,
  bookMaxBytes: 50 * 1024 * 1024,
  titleMax: 300,
  authorMax: 200,
  publisherMax: 200,
  pageCountMax: 100_000,
} as const;

/**
 * The largest image (cover, club cover, profile picture) accepted, read from its header before it
 * is stored: a small file may declare a huge canvas that would exhaust a browser decoding it.
 */
export const IMAGE_LIMITS = {
  maxSide: 6000,
  maxPixels: 40_000_000,
} as const;

/** Declared types the form accepts for the cover (the server checks the first bytes, not this). */
export const COVER_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const BOOK_FILE_MIME_TYPE = 'application/pdf';

/** The multipart field names of the two files. */
export const UPLOAD_FILE_FIELDS = { cover: 'coverImage', book: 'bookFile' } as const;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const PUBLICATION_DATE = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/;

/** A year (`1983`) or a calendar date (`1983-09-11`) that exists and is not after next year. */
export function isValidPublicationDate(text: string, now: Date = new Date()): boolean {
  const match = PUBLICATION_DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < 1000 || year > now.getUTCFullYear() + 1) return false;
  if (match[2] === undefined) return true;
  const month = Number(match[2]);
  const day = Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Spec §3 Ethiopian book submission, text fields (`POST /api/admin/books`, multipart). The same schema
 * checks the form in the browser and the fields on the server; numbers and the date arrive as text.
 * Messages are i18n keys (`uploads.*`).
 */
export const ethiopianBookSubmissionSchema = z.object({
  title: plainName(
    writtenText({ error: 'uploads.titleRequired' })
      .trim()
      .min(1, { error: 'uploads.titleRequired' })
      .max(UPLOAD_LIMITS.titleMax, { error: 'uploads.titleMax' }),
  ),
  author: plainName(
    writtenText({ error: 'uploads.authorRequired' })
      .trim()
      .min(1, { error: 'uploads.authorRequired' })
      .max(UPLOAD_LIMITS.authorMax, { error: 'uploads.authorMax' }),
  ),
  publisher: z.preprocess(
    blankToUndefined,
    writtenText({ error: 'validation.invalid' })
      .trim()
      .max(UPLOAD_LIMITS.publisherMax, { error: 'uploads.publisherMax' })
      .optional(),
  ),
  language: z.enum(BOOK_LANGUAGES, { error: 'uploads.languageRequired' }),
  /** Spec §3 `publicationYear (date)`: a year or a date. */
  publicationYear: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'uploads.dateInvalid' })
      .trim()
      .refine((text) => isValidPublicationDate(text), { error: 'uploads.dateInvalid' })
      .optional(),
  ),
  genre: z.enum(GENRE_SLUGS, { error: 'uploads.genreRequired' }),
  description: z.preprocess(
    blankToUndefined,
    writtenText({ error: 'validation.invalid' })
      .trim()
      .max(LIMITS.descriptionMax, { error: 'uploads.descriptionMax' })
      .optional(),
  ),
  pageCount: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'uploads.pageCountInvalid' })
      .int({ error: 'uploads.pageCountInvalid' })
      .min(1, { error: 'uploads.pageCountInvalid' })
      .max(UPLOAD_LIMITS.pageCountMax, { error: 'uploads.pageCountInvalid' })
      .optional(),
  ),
});
export type EthiopianBookSubmission = z.infer<typeof ethiopianBookSubmissionSchema>;
export type EthiopianBookSubmissionValues = z.input<typeof ethiopianBookSubmissionSchema>;
export type EthiopianBookTextField = keyof EthiopianBookSubmission;
export const ETHIOPIAN_BOOK_TEXT_FIELDS = Object.keys(
  ethiopianBookSubmissionSchema.shape,
) as EthiopianBookTextField[];

/** `201` of `POST /api/admin/books`. */
export const bookUploadResponseSchema = z.object({ id: z.string() });
export type BookUploadResponse = z.infer<typeof bookUploadResponseSchema>;

export type UploadFileKind = 'cover' | 'book';

/**
 * The browser's check of a picked file (by declared type and size; the server checks the bytes).
 * Returns an i18n key, or null when the file may be sent. `null` file: the book PDF is required.
 */
export function checkUploadFile(
  kind: UploadFileKind,
  file: { size: number; type: string; name: string } | null,
  limits: { coverMaxBytes: number; bookMaxBytes: number } = UPLOAD_LIMITS,
): string | null {
  if (!file) return kind === 'book' ? 'uploads.bookFileRequired' : null;
  const name = file.name.toLowerCase();
  if (kind === 'book') {
    if (file.type !== BOOK_FILE_MIME_TYPE && !name.endsWith('.pdf')) return 'uploads.bookFileType';
    if (file.size === 0) return 'uploads.fileEmpty';
    if (file.size > limits.bookMaxBytes) return 'uploads.bookFileTooLarge';
    return null;
  }
  const typeOk =
    (COVER_MIME_TYPES as readonly string[]).includes(file.type) || /\.(jpe?g|png|webp)$/.test(name);
  if (!typeOk) return 'uploads.coverType';
  if (file.size === 0) return 'uploads.fileEmpty';
  if (file.size > limits.coverMaxBytes) return 'uploads.coverTooLarge';
  return null;
}

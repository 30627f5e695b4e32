import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ethiopianBookSubmissionSchema,
  UPLOAD_FILE_FIELDS,
  type BookUploadResponse,
  type EthiopianBookSubmission,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import {
  acceptImageHead,
  IMAGE_HEAD_BYTES,
  ImageDimensionsError,
  imageDimensionsError,
  imageType,
  isPdf,
  type ImageExtension,
} from '../../lib/file-type.js';
import {
  StorageRejectedError,
  StorageTooLargeError,
  type PutStreamOptions,
  type Storage,
} from '../../lib/storage.js';
import { descriptionHtml } from '../../lib/description-html.js';
import type { BookUploadRepository } from './books.upload.repository.js';

export interface UploadLimits {
  coverMaxBytes: number;
  bookMaxBytes: number;
}

/** Temp keys of a submission's files until its book row exists (`tmp/` is never served). */
const TEMP_PREFIX = 'tmp';

/** The error of a refused file: its field gets the message, the status tells why. */
function fileError(field: string, code: 'TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'): AppError {
  const kind = field === UPLOAD_FILE_FIELDS.book ? 'bookFile' : 'cover';
  const messageKey =
    code === 'TOO_LARGE'
      ? kind === 'bookFile'
        ? 'uploads.bookFileTooLarge'
        : 'uploads.coverTooLarge'
      : kind === 'bookFile'
        ? 'uploads.bookFileType'
        : 'uploads.coverType';
  return new AppError(code, { messageKey, fields: { [field]: messageKey } });
}

/**
 * One multipart submission of spec §3 (Add Ethiopian Book): text fields and two streamed files.
 * Files go to temp keys as they arrive (type checked by their first bytes, size capped); `commit`
 * validates, inserts the book row in a transaction and moves the files to their final keys inside
 * it, so a failure anywhere leaves neither a row nor a file behind (`discard` removes the temp files).
 */
export interface UploadSession {
  field(name: string, value: string, truncated: boolean): void;
  file(field: string, filename: string, stream: Readable): Promise<void>;
  commit(): Promise<BookUploadResponse>;
  discard(): Promise<void>;
}

export function createBookUploadService(deps: {
  db: Db;
  repo: BookUploadRepository;
  storage: Storage;
  limits: UploadLimits;
  /** Called after a book was added (e.g. to drop cached lists). */
  onBookAdded?: (id: string) => Promise<void>;
}) {
  const { db, repo, storage, limits, onBookAdded } = deps;

  function begin(): UploadSession {
    const token = randomUUID();
    const fields: Record<string, string> = {};
    const tooLong = new Set<string>();
    const temps: string[] = [];
    let book: { key: string } | null = null;
    let cover: { key: string; extension: ImageExtension } | null = null;

    async function store(key: string, stream: Readable, options: PutStreamOptions, field: string) {
      try {
        const result = await storage.putStream(key, stream, options);
        temps.push(key);
        return result;
      } catch (error) {
        if (error instanceof StorageTooLargeError) throw fileError(field, 'TOO_LARGE');
        if (error instanceof StorageRejectedError) throw fileError(field, 'UNSUPPORTED_MEDIA_TYPE');
        if (error instanceof ImageDimensionsError) throw imageDimensionsError(field);
        throw error;
      }
    }

    async function discard() {
      await Promise.all(temps.map((key) => storage.remove(key).catch(() => undefined)));
      temps.length = 0;
    }

    return {
      field(name, value, truncated) {
        if (truncated) tooLong.add(name);
        fields[name] = value;
      },

      async file(field, filename, stream) {
        // An empty file input of a plain HTML form: no file chosen.
        if (filename === '' && field === UPLOAD_FILE_FIELDS.cover) {
          stream.resume();
          return;
        }
        if (field === UPLOAD_FILE_FIELDS.book && !book) {
          const key = `${TEMP_PREFIX}/${token}.pdf`;
          await store(key, stream, { maxBytes: limits.bookMaxBytes, accept: isPdf }, field);
          book = { key };
          return;
        }
        if (field === UPLOAD_FILE_FIELDS.cover && !cover) {
          const key = `${TEMP_PREFIX}/${token}.cover`;
          const { head } = await store(
            key,
            stream,
            { maxBytes: limits.coverMaxBytes, accept: acceptImageHead, headBytes: IMAGE_HEAD_BYTES },
            field,
          );
          cover = { key, extension: imageType(head)! };
          return;
        }
        // An unknown or repeated file field.
        stream.resume();
        throw new ValidationError({ [field]: 'validation.invalid' });
      },

      async commit() {
        try {
          const parsed = ethiopianBookSubmissionSchema.safeParse(fields);
          const problems: Record<string, string> = {};
          if (!parsed.success) {
            for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
          }
          for (const name of tooLong) problems[name] ??= 'validation.invalid';
          if (!book) problems[UPLOAD_FILE_FIELDS.book] = 'uploads.bookFileRequired';
          if (!parsed.success || !book || Object.keys(problems).length > 0)
            throw new ValidationError(problems);
          const id = await insert(parsed.data, book, cover);
          await onBookAdded?.(id);
          return { id };
        } catch (error) {
          await discard();
          throw error;
        }
      },

      discard,
    };
  }

  async function insert(
    values: EthiopianBookSubmission,
    book: { key: string },
    cover: { key: string; extension: ImageExtension } | null,
  ): Promise<string> {
    const id = `local-${randomUUID()}`;
    const fileKey = `books/${id}.pdf`;
    const coverKey = cover ? `covers/${id}.${cover.extension}` : null;
    const moved: string[] = [];
    const year = values.publicationYear ? Number(values.publicationYear.slice(0, 4)) : null;
    try {
      await db.transaction(async (tx) => {
        await repo.insert(
          {
            id,
            source: 'local',
            title: values.title,
            authors: [values.author],
            primaryAuthor: values.author,
            genres: [values.genre],
            publisher: values.publisher ?? null,
            publicationYear: year,
            publicationDate: values.publicationYear ?? null,
            pageCount: values.pageCount ?? null,
            language: values.language,
            description: values.description ? descriptionHtml(values.description) : null,
            viewability: 'ALL_PAGES',
            filePath: fileKey,
            coverPath: coverKey,
            editedFields: ['description', 'viewability'],
          },
          tx,
        );
        // Moved inside the transaction: a failing move rolls the row back.
        await storage.move(book.key, fileKey);
        moved.push(fileKey);
        if (cover && coverKey) {
          await storage.move(cover.key, coverKey);
          moved.push(coverKey);
        }
      });
      return id;
    } catch (error) {
      await Promise.all(moved.map((key) => storage.remove(key).catch(() => undefined)));
      throw error;
    }
  }

  return { limits, begin };
}

export type BookUploadService = ReturnType<typeof createBookUploadService>;

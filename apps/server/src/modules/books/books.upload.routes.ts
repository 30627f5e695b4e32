import multipart from '@fastify/multipart';
import { bookUploadResponseSchema, LIMITS } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { errorResponses } from '../../plugins/openapi.js';

/** Room for the text fields and multipart headers on top of the two files. */
const FIELDS_ALLOWANCE = LIMITS.descriptionMax * 4 + 256 * 1024;
/** Text fields of the form (spec §3) and the two files, with a little slack. */
const MAX_FIELDS = 16;
const MAX_FILES = 2;

/**
 * `POST /api/admin/books` (spec §2 Add Ethiopian Book, §3 Ethiopian book submission): multipart text
 * fields plus `coverImage` and `bookFile`, streamed to storage part by part (nothing is buffered
 * whole). After the first refused part the rest of the body is read and dropped, so the client gets
 * the answer after its upload instead of a reset connection.
 */
export const booksUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploads = app.services.bookUploads;
  const { coverMaxBytes, bookMaxBytes } = uploads.limits;
  const maxRequestBytes = coverMaxBytes + bookMaxBytes + FIELDS_ALLOWANCE;

  await app.register(multipart, {
    limits: {
      // The storage cuts each file at its own limit; busboy's limit is only a backstop.
      fileSize: Math.max(coverMaxBytes, bookMaxBytes) + 1,
      files: MAX_FILES,
      fields: MAX_FIELDS,
      fieldSize: LIMITS.descriptionMax * 4,
      parts: MAX_FIELDS + MAX_FILES,
      headerPairs: 50,
    },
  });

  app.post(
    '/api/admin/books',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Add an Ethiopian book: multipart text fields (title, author, publisher, language, publicationYear, genre, description, pageCount) + coverImage (JPEG/PNG/WebP) + bookFile (PDF)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: bookUploadResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxRequestBytes) {
        // Not worth reading: answer and close instead of draining a huge body.
        reply.header('connection', 'close');
        throw new AppError('TOO_LARGE', {
          messageKey: 'uploads.bookFileTooLarge',
          fields: { bookFile: 'uploads.bookFileTooLarge' },
        });
      }

      const session = uploads.begin();
      let failure: unknown = null;
      let received = 0;
      const countBytes = (chunk: Buffer) => {
        received += chunk.length;
        // A body without a length that runs past every limit: stop reading it.
        if (received > maxRequestBytes + 64 * 1024) request.raw.destroy();
      };
      let counting = false;
      try {
        for await (const part of request.parts()) {
          if (!counting) {
            request.raw.on('data', countBytes);
            counting = true;
          }
          if (failure) {
            if (part.type === 'file') part.file.resume();
            continue;
          }
          try {
            if (part.type === 'file') await session.file(part.fieldname, part.filename, part.file);
            else session.field(part.fieldname, String(part.value ?? ''), part.valueTruncated);
          } catch (error) {
            failure = error;
          }
        }
      } catch (error) {
        failure ??= error;
      } finally {
        request.raw.off('data', countBytes);
      }
      if (failure) {
        await session.discard();
        throw failure;
      }
      return reply.code(201).send(await session.commit());
    },
  );
};

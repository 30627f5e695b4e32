import multipart from '@fastify/multipart';
import {
  mergeBookInputSchema,
  mergeBookResultSchema,
  readerBookCreatedSchema,
  readerBookInputSchema,
  readerBooksQuerySchema,
  readerBooksResponseSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentReaderBook } from './books.reader.presenter.js';
import { AppError } from '../../lib/errors.js';
import { requireAcceptableImage } from '../../lib/file-type.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';

const security = [{ bearer: [] }];
const MAX_COVER_BYTES = 5 * 1024 * 1024;
const idParams = z.object({ id: z.string().min(1).max(100) });
const noContent = { 204: z.null().describe('No content') };

/** Readers add missing books; admins look at them, and merge duplicates. */
export const readerBooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.readerBooks;
  await app.register(multipart, { limits: { fileSize: MAX_COVER_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/api/books',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['books'],
        summary:
          'A reader adds a book the catalogue lacks (reader-added: seen only by its adder and admins until an admin checks it or three readers have it); an ISBN already in the catalogue answers that book',
        security,
        body: readerBookInputSchema,
        response: {
          201: readerBookCreatedSchema,
          200: readerBookCreatedSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await service().add(currentActor(request), request.body);
      return reply.code(result.existing ? 200 : 201).send(result);
    },
  );

  app.put(
    '/api/books/:id/cover',
    {
      onRequest: app.authenticate,
      bodyLimit: MAX_COVER_BYTES + 64 * 1024,
      schema: {
        tags: ['books'],
        summary:
          'The reader who added a book (or an admin) uploads its cover (multipart field coverImage: JPEG, PNG or WebP up to 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const part = await request.file();
      if (!part) throw new AppError('VALIDATION', { fields: { coverImage: 'validation.invalid' } });
      const data = await part.toBuffer();
      if (part.file.truncated || data.length > MAX_COVER_BYTES) throw new AppError('TOO_LARGE');
      const extension = requireAcceptableImage(data, 'coverImage');
      await service().setCover(currentActor(request), request.params.id, { data, extension });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/reader-books',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Book Approvals › Added by readers: books readers added, not yet looked at (pending) or looked at (checked)',
        security,
        querystring: readerBooksQuerySchema,
        response: { 200: readerBooksResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { status, page, pageSize } = request.query;
      const result = await service().list(currentActor(request), status, page, pageSize);
      return { ...result, items: result.items.map(presentReaderBook) };
    },
  );

  app.post(
    '/api/admin/reader-books/:id/check',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Mark a reader-added book as looked at (kept as it is, or corrected on the edit page): it is public from then on',
        security,
        params: idParams,
        response: { ...noContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service().check(currentActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/books/:id/merge',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Merge the book into `targetId`: every reading-list entry, read, shelf place, list item and review moves (one transaction), then the book is deleted',
        security,
        params: idParams,
        body: mergeBookInputSchema,
        response: { 200: mergeBookResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service().merge(currentActor(request), request.params.id, request.body.targetId),
  );
};

import multipart from '@fastify/multipart';
import {
  adminBookDetailSchema,
  adminBookEditSchema,
  adminBookParamsSchema,
  adminBooksQuerySchema,
  adminBooksResponseSchema,
  adminStatsSchema,
  adminSuggestionsQuerySchema,
  approveSuggestionSchema,
  bookSuggestionInputSchema,
  bookSuggestionListSchema,
  bookSuggestionSchema,
  readingInsightsSchema,
  rejectSuggestionSchema,
  suggestionParamsSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { requireAcceptableImage } from '../../lib/file-type.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import {
  presentAdminBookDetail,
  presentAdminBookRow,
  presentInsight,
  presentSuggestion,
} from './admin-catalogue.presenter.js';

const MAX_COVER_BYTES = 5 * 1024 * 1024;
const security = [{ bearer: [] }];
const tags = ['admin'];

/**
 * Admin catalogue (issue 6): stats, Manage Books (list, edit, cover, status, delete), what readers
 * read, and reader book suggestions. Every /api/admin route requires the admin role (401 / 403).
 */
export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_COVER_BYTES, files: 1, fields: 0, parts: 1 } });
  const admin = app.requireRole('admin');
  const services = () => app.services.adminCatalogue;

  app.get(
    '/api/admin/stats',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Dashboard counts (spec §3 Admin stats) and the queues waiting for an admin',
        security,
        response: { 200: adminStatsSchema, ...errorResponses(401, 403) },
      },
    },
    () => services().stats(),
  );

  app.get(
    '/api/admin/books',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Every book (active or inactive), filtered by title/author text or exact id/ISBN, paginated',
        security,
        querystring: adminBooksQuerySchema,
        response: { 200: adminBooksResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { items, total } = await services().listBooks(request.query);
      return {
        items: items.map(presentAdminBookRow),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  app.get(
    '/api/admin/books/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One book with its raw editable fields (inactive books too)',
        security,
        params: adminBookParamsSchema,
        response: { 200: adminBookDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => presentAdminBookDetail(await services().book(request.params.id)),
  );

  app.patch(
    '/api/admin/books/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Edit any field of a book (sanitised HTML description) or its status; edited fields survive re-imports',
        security,
        params: adminBookParamsSchema,
        body: adminBookEditSchema,
        response: { 200: adminBookDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => presentAdminBookDetail(await services().editBook(request.params.id, request.body)),
  );

  app.get(
    '/api/admin/books/:id/usage',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'What deleting the book also removes: reading-list entries and reviews',
        security,
        params: adminBookParamsSchema,
        response: {
          200: z.object({ entries: z.number().int(), reviews: z.number().int() }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    (request) => services().usage(request.params.id),
  );

  app.delete(
    '/api/admin/books/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Delete a book with its reading-list entries, reviews, reports and stored files',
        security,
        params: adminBookParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await services().deleteBook(request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/admin/books/:id/cover',
    {
      onRequest: admin,
      bodyLimit: MAX_COVER_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Upload a cover image (multipart field coverImage: JPEG, PNG or WebP up to 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        params: adminBookParamsSchema,
        response: { 200: adminBookDetailSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const part = await request.file();
      if (!part) throw new AppError('VALIDATION', { fields: { coverImage: 'validation.invalid' } });
      const data = await part.toBuffer();
      if (part.file.truncated || data.length > MAX_COVER_BYTES) throw new AppError('TOO_LARGE');
      const extension = requireAcceptableImage(data, 'coverImage');
      return presentAdminBookDetail(await services().setCover(request.params.id, { data, extension }));
    },
  );

  app.delete(
    '/api/admin/books/:id/cover',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Remove the uploaded cover (the catalogue covers show again)',
        security,
        params: adminBookParamsSchema,
        response: { 200: adminBookDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => presentAdminBookDetail(await services().removeCover(request.params.id)),
  );

  app.get(
    '/api/admin/reading-lists',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'What readers are reading: totals and the most added, read, completed and favourite books',
        security,
        response: { 200: readingInsightsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const insights = await services().readingInsights();
      return {
        totals: insights.totals,
        mostAdded: insights.mostAdded.map(presentInsight),
        mostReading: insights.mostReading.map(presentInsight),
        mostCompleted: insights.mostCompleted.map(presentInsight),
        mostFavorited: insights.mostFavorited.map(presentInsight),
      };
    },
  );

  app.post(
    '/api/book-suggestions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['book-suggestions'],
        summary: 'Suggest a book for the catalogue (at most 5 waiting and 10 a day per reader)',
        security,
        body: bookSuggestionInputSchema,
        response: { 201: bookSuggestionSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const row = await services().suggest(currentActor(request), request.body);
      return reply.status(201).send(presentSuggestion(row));
    },
  );

  app.get(
    '/api/book-suggestions/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['book-suggestions'],
        summary: "The caller's suggestions and their status, newest first",
        security,
        response: { 200: bookSuggestionListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      items: (await services().mySuggestions(currentActor(request))).map(presentSuggestion),
    }),
  );

  app.get(
    '/api/admin/book-suggestions',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Reader suggestions by status (pending oldest first, decided newest first)',
        security,
        querystring: adminSuggestionsQuerySchema,
        response: { 200: bookSuggestionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      items: (await services().suggestions(request.query.status)).map(presentSuggestion),
    }),
  );

  app.post(
    '/api/admin/book-suggestions/:id/approve',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Approve: creates an active local- book (findable at once); 409 when already decided',
        security,
        params: suggestionParamsSchema,
        body: approveSuggestionSchema.optional(),
        response: { 200: bookSuggestionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentSuggestion(
        await services().approve(currentActor(request), request.params.id, request.body ?? {}),
      ),
  );

  app.post(
    '/api/admin/book-suggestions/:id/reject',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Reject with a reason the reader sees; 409 when already decided',
        security,
        params: suggestionParamsSchema,
        body: rejectSuggestionSchema,
        response: { 200: bookSuggestionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentSuggestion(
        await services().reject(currentActor(request), request.params.id, request.body.reason),
      ),
  );
};

import {
  bookDetailSchema,
  coverSvg,
  relatedQuerySchema,
  relatedResponseSchema,
  trendingResponseSchema,
  LIMITS,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse, OPTIONAL_BEARER } from '../../plugins/openapi.js';
import { inlineDisposition, PDF_CONTENT_SECURITY_POLICY } from './books.file-headers.js';
import { presentBookDetail, presentGenreListItem, presentTrendingCard } from './books.presenter.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const ONE_YEAR = 'public, max-age=31536000, immutable';

export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  const optionalActor = app.optionalActor;

  app.get(
    '/api/books/trending',
    {
      schema: {
        tags: ['books'],
        summary: 'Trending books: last week of reader activity against its baseline, blended with popularity',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(LIMITS.listLimitMax).default(10) }),
        response: { 200: trendingResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({
      items: (await app.services.books.trending(request.query.limit)).map(presentTrendingCard),
    }),
  );

  app.get(
    '/api/books/:id',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags: ['books'],
        summary:
          'Book detail (spec §3); inactive books are 404 except for admins, and reader-added books not yet checked (unlisted) except for the reader who added them and admins',
        params: idParams,
        response: { 200: bookDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      presentBookDetail(await app.services.books.detail(request.params.id, await optionalActor(request))),
  );

  app.get(
    '/api/books/:id/cover.svg',
    {
      schema: {
        tags: ['books'],
        summary: 'The generated cover (last fallback of the cover candidates)',
        params: idParams,
        response: { ...fileResponse('The cover', 'image/svg+xml'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const facts = await app.services.books.coverFacts(request.params.id);
      return reply
        .header('cache-control', ONE_YEAR)
        .type('image/svg+xml; charset=utf-8')
        .send(coverSvg(facts));
    },
  );

  app.get(
    '/api/books/:id/cover.png',
    {
      schema: {
        tags: ['books'],
        summary: 'The generated cover as a 400×600 PNG (for link previews, which do not show SVG)',
        params: idParams,
        response: { ...fileResponse('The cover', 'image/png'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const png = await app.services.books.generatedCoverPng(request.params.id);
      reply
        .header('cache-control', 'public, max-age=86400')
        .header('content-length', png.length)
        .type('image/png');
      return reply.send(png);
    },
  );

  app.get(
    '/api/books/:id/cover',
    {
      schema: {
        tags: ['books'],
        summary: 'The uploaded cover image of a book',
        params: idParams,
        response: {
          ...fileResponse('The image', 'image/jpeg', 'image/png', 'image/webp'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const cover = await app.services.books.coverImage(request.params.id);
      reply
        .header('cache-control', 'public, max-age=86400')
        .header('content-length', cover.size)
        .header('x-content-type-options', 'nosniff')
        .type(cover.type);
      return reply.send(cover.stream);
    },
  );

  app.get(
    '/api/books/:id/file',
    {
      schema: {
        tags: ['books'],
        summary: 'The PDF of a book stored by Nebab (local- ids)',
        params: idParams,
        response: { ...fileResponse('The PDF', 'application/pdf'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const file = await app.services.books.file(request.params.id);
      reply
        .header('content-length', file.size)
        .header('content-disposition', inlineDisposition(file.title, 'pdf'))
        .header('content-security-policy', PDF_CONTENT_SECURITY_POLICY)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .type('application/pdf');
      return reply.send(file.stream);
    },
  );

  app.get(
    '/api/books/:id/related',
    {
      schema: {
        tags: ['books'],
        summary: 'Books sharing genres with this one, ranked by shared genres and popularity',
        params: idParams,
        querystring: relatedQuerySchema,
        response: { 200: relatedResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const result = await app.services.books.related(request.params.id, request.query);
      return { items: result.items.map(presentGenreListItem), total: result.total };
    },
  );
};

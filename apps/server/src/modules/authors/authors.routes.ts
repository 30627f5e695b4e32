import { authorDetailSchema, authorsQuerySchema, authorsResponseSchema, LIMITS } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/openapi.js';
import { presentAuthor, presentAuthorDetail } from './authors.presenter.js';

export const authorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/authors',
    {
      schema: {
        tags: ['books'],
        summary: 'The author index (primary authors): book count, average rating, most-rated book',
        querystring: authorsQuerySchema,
        response: { 200: authorsResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const result = await app.services.authors.index(request.query);
      return {
        items: result.items.map((row) => presentAuthor(row, result.tops.get(row.topBookId))),
        total: result.total,
      };
    },
  );

  app.get(
    '/api/authors/:name',
    {
      schema: {
        tags: ['books'],
        summary:
          'An author page: the primary author’s active books (most rated first), count and average rating',
        params: z.object({
          name: z
            .string()
            .trim()
            .min(1)
            .max(LIMITS.nameMax * 2),
        }),
        response: { 200: authorDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { author, books } = await app.services.authors.author(request.params.name);
      return presentAuthorDetail(author, books);
    },
  );
};

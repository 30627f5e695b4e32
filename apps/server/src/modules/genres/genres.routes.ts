import { genreDetailSchema, genreSummarySchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentGenre, presentGenrePage } from './genres.presenter.js';

export const genresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/genres',
    {
      schema: {
        tags: ['genres'],
        summary: 'The 30 genres, in the Accept-Language language (en or am)',
        response: { 200: z.array(genreSummarySchema) },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      reply.header('vary', 'Accept-Language');
      return app.services.genres.list().map(({ slug, entry }) => presentGenre(slug, entry, language));
    },
  );

  app.get(
    '/api/genres/:slug',
    {
      schema: {
        tags: ['genres'],
        summary: 'A genre page: counts, new releases, popular books, best of each decade, Ethiopian books',
        params: z.object({ slug: z.string().max(60) }),
        response: { 200: genreDetailSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      reply.header('vary', 'Accept-Language');
      return presentGenrePage(await app.services.genres.page(request.params.slug), language);
    },
  );
};

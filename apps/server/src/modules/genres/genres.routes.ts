import { genreSummarySchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.js';
import { presentGenre } from './genres.presenter.js';

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
};

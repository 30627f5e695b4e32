import { feedPageSchema, feedQuerySchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentFeedEntry } from './feed.presenter.js';

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/feed',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['feed'],
        summary: 'From people you follow: what they started, finished, rated, reviewed, listed and joined',
        security: [{ bearer: [] }],
        querystring: feedQuerySchema,
        response: { 200: feedPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { views, nextCursor } = await app.services.feed.page(currentActor(request), request.query);
      return { items: views.map((view) => presentFeedEntry(view, requestLanguage(request))), nextCursor };
    },
  );
};

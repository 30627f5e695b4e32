import { recommendationsQuerySchema, recommendationsResponseSchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentRecommendation } from './recommendations.presenter.js';

export const recommendationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/recommendations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['recommendations'],
        summary: 'Books recommended to the caller, each with the reason (default 12, at most 50)',
        security: [{ bearer: [] }],
        querystring: recommendationsQuerySchema,
        response: { 200: recommendationsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const items = await app.services.recommendations.forReader(currentActor(request), request.query.limit);
      return { items: items.map(presentRecommendation) };
    },
  );
};

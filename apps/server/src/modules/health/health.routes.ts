import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi.js';
import { healthResponseSchema, presentHealth } from './health.presenter.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and readiness: the database answers',
        response: { 200: healthResponseSchema, ...errorResponses(500) },
      },
    },
    async () => presentHealth(await app.services.health.check()),
  );
};

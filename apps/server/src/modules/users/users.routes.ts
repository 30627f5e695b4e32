import { userStatsSchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentStats } from './users.presenter.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Dashboard counts of the signed-in user',
        security: [{ bearer: [] }],
        response: { 200: userStatsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => presentStats(await app.services.users.getUserCounts(currentActor(request).userId)),
  );
};

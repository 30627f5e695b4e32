import { translate } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../plugins/error-handler.js';
import { healthResponseSchema, healthUnavailableSchema, presentHealth } from './health.presenter.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary:
          'Liveness and readiness: 200 `ok` or `degraded` (Redis down: chat stays on each node), 503 while the database is down',
        response: { 200: healthResponseSchema, 503: healthUnavailableSchema },
      },
    },
    async (request, reply) => {
      const report = presentHealth(await app.services.health.check());
      if (report.status !== 'down') return report;
      return reply
        .code(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({
          error: { code: 'UNAVAILABLE', message: translate('errors.UNAVAILABLE', requestLanguage(request)) },
          ...report,
        });
    },
  );
};

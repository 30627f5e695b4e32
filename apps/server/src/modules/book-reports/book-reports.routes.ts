import { reportSchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentBookReport } from './book-reports.presenter.js';

export const bookReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/books/:id/reports',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['books'],
        summary: 'Report a book to the admins',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().min(1).max(100) }),
        body: reportSchema,
        response: {
          201: z.object({ id: z.string(), status: z.string() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const report = await app.services.bookReports.report(
        request.params.id,
        currentActor(request),
        request.body.reason,
      );
      return reply.code(201).send(presentBookReport(report));
    },
  );
};

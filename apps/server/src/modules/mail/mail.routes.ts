import { mailListQuerySchema, mailListSchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi.js';
import { presentMailMessage } from './mail.presenter.js';

/** The outbox, for admins: what went out, what waits, what failed for good. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/mail',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Outgoing mail, newest first; `status=failed` lists what the mail server refused for good',
        security: [{ bearer: [] }],
        querystring: mailListQuerySchema,
        response: { 200: mailListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await app.services.mail.list(request.query);
      return {
        items: rows.map(presentMailMessage),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );
};

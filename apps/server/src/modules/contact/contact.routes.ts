import {
  contactMessageInputSchema,
  contactMessageListQuerySchema,
  contactMessageListSchema,
  contactMessageParamsSchema,
  contactMessagePatchSchema,
  contactMessageSchema,
  contactReceiptSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses, OPTIONAL_BEARER } from '../../plugins/openapi.js';
import { presentContactMessage } from './contact.presenter.js';

/** The contact form (anyone) and the admins' inbox of its messages. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.post(
    '/api/contact',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags: ['contact'],
        summary: 'Send a message to the team (stored; admins are notified); limited per IP and email',
        body: contactMessageInputSchema,
        response: { 201: contactReceiptSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const row = await app.services.contact.send(request.body, {
        ip: request.ip,
        actor: await app.optionalActor(request),
        language: requestLanguage(request),
      });
      return reply.status(201).send({ id: row.id, received: true as const });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Messages sent through the contact form, newest first',
        security,
        querystring: contactMessageListQuerySchema,
        response: { 200: contactMessageListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total, newCount } = await app.services.contact.list(request.query);
      return {
        items: rows.map(presentContactMessage),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
        newCount,
      };
    },
  );

  app.get(
    '/api/admin/contact-messages/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'One contact message',
        security,
        params: contactMessageParamsSchema,
        response: { 200: contactMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => presentContactMessage(await app.services.contact.get(request.params.id)),
  );

  app.patch(
    '/api/admin/contact-messages/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message handled (or new again)',
        security,
        params: contactMessageParamsSchema,
        body: contactMessagePatchSchema,
        response: { 200: contactMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentContactMessage(
        await app.services.contact.setStatus(currentActor(request), request.params.id, request.body.status),
      ),
  );
};

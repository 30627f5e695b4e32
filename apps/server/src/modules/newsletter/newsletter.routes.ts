import {
  adminIdParamsSchema,
  newsletterAcceptedSchema,
  newsletterIssueInputSchema,
  newsletterIssueListSchema,
  newsletterIssueSchema,
  newsletterOneClickQuerySchema,
  newsletterSchema,
  newsletterTokenBodySchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentIssue } from './newsletter.presenter.js';

const FORM = 'application/x-www-form-urlencoded';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;

  app.post(
    '/api/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary:
          'Subscribe an address: mails a confirmation link (double opt-in); 202 whatever the address’s state',
        body: newsletterSchema,
        response: { 202: newsletterAcceptedSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await services.newsletter.subscribe(
        request.body.email,
        request.body.language ?? requestLanguage(request),
      );
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/api/newsletter/confirm',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a subscription with the token of the mailed link',
        body: newsletterTokenBodySchema,
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await services.newsletter.confirm(request.body.token);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/newsletter/unsubscribe',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe with the token of an issue’s unsubscribe link (the page’s button); no sign-in',
        body: newsletterTokenBodySchema,
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await services.newsletter.unsubscribe(request.body.token);
      return reply.code(204).send(null);
    },
  );

  // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form: parsed for this route
  // only, in a plugin of its own (every other route takes JSON).
  const oneClickPlugin: FastifyPluginAsyncZod = async (oneClick) => {
    oneClick.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    oneClick.post(
      '/newsletter/unsubscribe',
      {
        schema: {
          tags: ['newsletter'],
          summary:
            'RFC 8058 one-click unsubscribe: the mail client posts `List-Unsubscribe=One-Click` to the link (a GET is the page)',
          querystring: newsletterOneClickQuerySchema,
          body: z.record(z.string(), z.string()).optional(),
          response: { 204: z.null(), ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        await services.newsletter.unsubscribe(request.query.token);
        return reply.code(204).send(null);
      },
    );
  };
  await app.register(oneClickPlugin);

  const admin = { onRequest: app.requireRole('admin') };
  const security = [{ bearer: [] }];

  app.post(
    '/api/admin/newsletter/issues',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Write a newsletter issue (a draft) in English and Amharic',
        security,
        body: newsletterIssueInputSchema,
        response: { 201: newsletterIssueSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentIssue(await services.newsletter.createIssue(request.body))),
  );

  app.get(
    '/api/admin/newsletter/issues',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Newsletter issues, newest first, with their delivery progress',
        security,
        response: { 200: newsletterIssueListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: (await services.newsletter.listIssues()).map(presentIssue) }),
  );

  app.get(
    '/api/admin/newsletter/issues/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One newsletter issue and its delivery progress (sent and failed, from the mail outbox)',
        security,
        params: adminIdParamsSchema,
        response: { 200: newsletterIssueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => presentIssue(await services.newsletter.getIssue(request.params.id)),
  );

  app.post(
    '/api/admin/newsletter/issues/:id/send',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Send a draft issue to every confirmed subscriber, in batches through the job queue (once: 409 after)',
        security,
        params: adminIdParamsSchema,
        response: { 202: newsletterIssueSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(presentIssue(await services.newsletter.sendIssue(request.params.id))),
  );
};

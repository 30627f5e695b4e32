import { newsletterSchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.js';
import { errorResponses } from '../../plugins/openapi.js';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an address to the newsletter (idempotent)',
        body: newsletterSchema,
        response: { 201: z.object({ subscribed: z.literal(true) }), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await app.services.newsletter.subscribe(
        request.body.email,
        request.body.language ?? requestLanguage(request),
      );
      return reply.code(201).send({ subscribed: true as const });
    },
  );
};

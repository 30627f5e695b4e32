import { preferencesSchema, savedPreferencesSchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentPreferences } from './preferences.presenter.js';

export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/api/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['preferences'],
        summary: "The caller's reading preferences; 404 until the wizard is finished",
        security,
        response: { 200: savedPreferencesSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => presentPreferences(await app.services.preferences.get(currentActor(request))),
  );

  app.put(
    '/api/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['preferences'],
        summary: 'Save the reading preferences (the onboarding wizard)',
        security,
        body: preferencesSchema,
        response: { 200: savedPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      presentPreferences(await app.services.preferences.save(currentActor(request), request.body)),
  );
};

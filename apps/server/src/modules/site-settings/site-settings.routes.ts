import { publicSiteSchema, siteSettingsPatchSchema } from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';

/** Public site facts read by the web app at boot, and the admins' settings screen. */
export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Public site settings: default language for new visitors, registration open, contact email',
        response: { 200: publicSiteSchema },
      },
    },
    () => app.services.siteSettings.get(),
  );

  app.get(
    '/api/admin/settings',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'The site settings',
        security: [{ bearer: [] }],
        response: { 200: publicSiteSchema, ...errorResponses(401, 403) },
      },
    },
    () => app.services.siteSettings.get(),
  );

  app.patch(
    '/api/admin/settings',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Change some site settings; answers all of them',
        security: [{ bearer: [] }],
        body: siteSettingsPatchSchema,
        response: { 200: publicSiteSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => app.services.siteSettings.update(request.body, currentActor(request).userId),
  );
};

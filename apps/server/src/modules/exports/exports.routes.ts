import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';

const security = [{ bearer: [] }];
const tags = ['exports'];
const stamp = () => new Date().toISOString().slice(0, 10);

/** The reader's own data, to take elsewhere (Settings › Import and export). */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    '/api/exports/goodreads.csv',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "The reader's library in Goodreads' CSV layout (StoryGraph, BookWyrm and Hardcover import it)",
        security,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await services.exports.goodreadsCsv(currentActor(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="nebab_library_export_${stamp()}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/exports/account.json',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Everything Nebab keeps about the reader: profile, preferences, library with reads and shelves, reviews, replies, reactions, clubs and their messages, lists, follows, notification settings, goals, imports',
        security,
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const data = await services.exports.account(currentActor(request));
      return reply
        .header('content-disposition', `attachment; filename="nebab_account_${stamp()}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
};

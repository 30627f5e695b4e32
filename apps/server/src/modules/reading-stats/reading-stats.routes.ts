import {
  goalInputSchema,
  goalQuerySchema,
  goalSchema,
  readingStatsSchema,
  statsQuerySchema,
  timeZoneSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';

/** `/api/me/stats` and `/api/me/goal`: the caller's own figures (no one else's, ever). */
export const readingStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['reading-stats'];

  app.get(
    '/api/me/stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "The caller's reading figures for a year (all time without year): dashboard counts, books and pages per month, genres, languages, ratings, lengths, pace, DNF rate, authors",
        security,
        querystring: statsQuerySchema,
        response: { 200: readingStatsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.readingStats.stats(currentActor(request), request.query),
  );

  app.get(
    '/api/me/goal',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "The caller's goal for a year (default: this year) and the progress; books null when none is set",
        security,
        querystring: goalQuerySchema,
        response: { 200: goalSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.readingStats.goal(currentActor(request), request.query),
  );

  app.put(
    '/api/me/goal',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Set the caller's goal for a year: books, optionally pages",
        security,
        querystring: z.object({ tz: timeZoneSchema.default('UTC') }),
        body: goalInputSchema,
        response: { 200: goalSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      app.services.readingStats.setGoal(currentActor(request), request.body, request.query.tz),
  );

  app.delete(
    '/api/me/goal',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Clear the caller's goal for a year",
        security,
        querystring: z.object({ year: goalInputSchema.shape.year }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.readingStats.removeGoal(currentActor(request), request.query.year);
      return reply.status(204).send(null);
    },
  );
};

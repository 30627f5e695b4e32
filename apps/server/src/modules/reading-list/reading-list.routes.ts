import {
  addReadingListEntrySchema,
  readingListEntrySchema,
  readingListFavoriteSchema,
  readingListParamsSchema,
  readingListSchema,
  updateReadingListEntrySchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentEntry, presentReadingList } from './reading-list.presenter.js';

export const readingListRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['reading-list'];

  /** `app.authenticate` with the reading list's own 401 message (spec §5). */
  const authenticate = app.authenticateWith('readingList.loginRequired');

  app.get(
    '/api/reading-list',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The caller's reading list grouped by status, most recently updated first",
        security,
        response: { 200: readingListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => presentReadingList(await app.services.readingList.list(currentActor(request))),
  );

  app.post(
    '/api/reading-list',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Add a book as wantToRead; 409 when it is already on the list',
        security,
        body: addReadingListEntrySchema,
        response: { 201: readingListEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const entry = await app.services.readingList.add(currentActor(request), request.body);
      return reply.status(201).send(presentEntry(entry));
    },
  );

  app.patch(
    '/api/reading-list/:bookId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Change the status and/or the page reached',
        security,
        params: readingListParamsSchema,
        body: updateReadingListEntrySchema,
        response: { 200: readingListEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentEntry(
        await app.services.readingList.update(currentActor(request), request.params.bookId, request.body),
      ),
  );

  app.delete(
    '/api/reading-list/:bookId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Remove a book from the reading list',
        security,
        params: readingListParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.readingList.remove(currentActor(request), request.params.bookId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/reading-list/:bookId/favorite',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Mark or unmark a favourite; 409 unless currentlyReading or completed',
        security,
        params: readingListParamsSchema,
        body: readingListFavoriteSchema,
        response: { 200: readingListEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentEntry(
        await app.services.readingList.setFavorite(
          currentActor(request),
          request.params.bookId,
          request.body,
        ),
      ),
  );
};

import {
  progressInputSchema,
  progressParamsSchema,
  readInputSchema,
  readParamsSchema,
  readPatchSchema,
  readingListQuerySchema,
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
        summary:
          "The caller's reading list grouped by status, most recently updated first (only one of the caller's shelves with ?shelf=)",
        security,
        querystring: readingListQuerySchema,
        response: { 200: readingListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentReadingList(await app.services.readingList.list(currentActor(request), request.query)),
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
        summary:
          'Change the status (didNotFinish only from currentlyReading: 409 otherwise), the page reached, the page where a given-up book stopped',
        security,
        params: readingListParamsSchema,
        body: updateReadingListEntrySchema,
        response: { 200: readingListEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
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

  app.post(
    '/api/reading-list/:bookId/reads',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Log an ended read (a re-read, or one from before) with its dates; a wantToRead book takes its outcome',
        security,
        params: readingListParamsSchema,
        body: readInputSchema,
        response: { 201: readingListEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const entry = await app.services.readingList.addRead(
        currentActor(request),
        request.params.bookId,
        request.body,
      );
      return reply.status(201).send(presentEntry(entry));
    },
  );

  app.patch(
    '/api/reading-list/:bookId/reads/:readId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Correct a read's dates or stop page",
        security,
        params: readParamsSchema,
        body: readPatchSchema,
        response: { 200: readingListEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentEntry(
        await app.services.readingList.updateRead(
          currentActor(request),
          request.params.bookId,
          request.params.readId,
          request.body,
        ),
      ),
  );

  app.delete(
    '/api/reading-list/:bookId/reads/:readId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Delete an ended read (409 for the read under way)',
        security,
        params: readParamsSchema,
        response: { 200: readingListEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentEntry(
        await app.services.readingList.removeRead(
          currentActor(request),
          request.params.bookId,
          request.params.readId,
        ),
      ),
  );

  app.post(
    '/api/reading-list/:bookId/progress',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Record progress (a page or a percentage, with an optional note) while reading; 409 otherwise',
        security,
        params: readingListParamsSchema,
        body: progressInputSchema,
        response: { 201: readingListEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const entry = await app.services.readingList.addProgress(
        currentActor(request),
        request.params.bookId,
        request.body,
      );
      return reply.status(201).send(presentEntry(entry));
    },
  );

  app.delete(
    '/api/reading-list/:bookId/progress/:progressId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Delete a progress update',
        security,
        params: progressParamsSchema,
        response: { 200: readingListEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentEntry(
        await app.services.readingList.removeProgress(
          currentActor(request),
          request.params.bookId,
          request.params.progressId,
        ),
      ),
  );
};

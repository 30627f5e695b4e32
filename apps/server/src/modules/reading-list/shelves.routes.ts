import {
  shelfBookParamsSchema,
  shelfInputSchema,
  shelfParamsSchema,
  shelfSchema,
  shelvesResponseSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentShelf } from './reading-list.presenter.js';

/** The reader's own shelves (private: another reader's shelf answers 404). */
export const shelvesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['shelves'];
  const authenticate = app.authenticateWith('readingList.loginRequired');

  app.get(
    '/api/shelves',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The caller's shelves by name, with book counts",
        security,
        response: { 200: shelvesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      items: (await app.services.shelves.list(currentActor(request))).map(presentShelf),
    }),
  );

  app.post(
    '/api/shelves',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Make a shelf; 409 when the name is taken (ignoring case) or at 100 shelves',
        security,
        body: shelfInputSchema,
        response: { 201: shelfSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentShelf(await app.services.shelves.create(currentActor(request), request.body))),
  );

  app.patch(
    '/api/shelves/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Rename a shelf',
        security,
        params: shelfParamsSchema,
        body: shelfInputSchema,
        response: { 200: shelfSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentShelf(await app.services.shelves.rename(currentActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/shelves/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Delete a shelf (its books stay on the reading list)',
        security,
        params: shelfParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.shelves.remove(currentActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/shelves/:id/books/:bookId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Put a book of the reading list on the shelf (again is fine); 404 when the book is not on the list',
        security,
        params: shelfBookParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.shelves.addBook(
        currentActor(request).userId,
        request.params.id,
        request.params.bookId,
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/shelves/:id/books/:bookId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Take a book off the shelf',
        security,
        params: shelfBookParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.shelves.removeBook(
        currentActor(request).userId,
        request.params.id,
        request.params.bookId,
      );
      return reply.status(204).send(null);
    },
  );
};

import {
  bookListDetailSchema,
  bookListInputSchema,
  bookListPatchSchema,
  bookListSummaryListSchema,
  genreCommunityQuerySchema,
  genreListsPageSchema,
  listAddBookSchema,
  listBookParamsSchema,
  listMoveBookSchema,
  listParamsSchema,
  listVoteResultSchema,
  listVoteSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses, OPTIONAL_BEARER } from '../../plugins/openapi.js';
import { presentListDetail, presentListSummary } from './lists.presenter.js';

/** Readers' book lists: `/api/lists…`, `/api/me/lists` and each genre's most voted lists. */
export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['lists'];
  const authenticate = app.authenticateWith('lists.loginRequired');
  const optionalActor = app.optionalActor;

  app.post(
    '/api/lists',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Create a book list (ranked by votes when open, by its owner when curated)',
        security,
        body: bookListInputSchema,
        response: { 201: bookListDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const view = await app.services.lists.create(currentActor(request), request.body);
      return reply.status(201).send(presentListDetail(view, requestLanguage(request)));
    },
  );

  app.get(
    '/api/me/lists',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The caller's lists, private ones too, last changed first",
        security,
        response: { 200: bookListSummaryListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const views = await app.services.lists.mine(currentActor(request));
      return { items: views.map((view) => presentListSummary(view, requestLanguage(request))) };
    },
  );

  app.get(
    '/api/lists/:id',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags,
        summary: 'A list with its books in rank order (private lists: their owner only)',
        params: listParamsSchema,
        response: { 200: bookListDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      presentListDetail(
        await app.services.lists.get(await optionalActor(request), request.params.id),
        requestLanguage(request),
      ),
  );

  app.patch(
    '/api/lists/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Owner: title, description, visibility, mode, genre (null: follow the books)',
        security,
        params: listParamsSchema,
        body: bookListPatchSchema,
        response: { 200: bookListDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentListDetail(
        await app.services.lists.update(currentActor(request), request.params.id, request.body),
        requestLanguage(request),
      ),
  );

  app.delete(
    '/api/lists/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Owner: delete the list',
        security,
        params: listParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.lists.remove(currentActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/lists/:id/books',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Add a book: the owner, or anyone on an open public list (which also votes for it)',
        security,
        params: listParamsSchema,
        body: listAddBookSchema,
        response: { 201: bookListDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const view = await app.services.lists.addBook(
        currentActor(request),
        request.params.id,
        request.body.bookId,
      );
      return reply.status(201).send(presentListDetail(view, requestLanguage(request)));
    },
  );

  app.patch(
    '/api/lists/:id/books/:bookId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Owner of a curated list: move the book to a place (1-based)',
        security,
        params: listBookParamsSchema,
        body: listMoveBookSchema,
        response: { 200: bookListDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentListDetail(
        await app.services.lists.moveBook(
          currentActor(request),
          request.params.id,
          request.params.bookId,
          request.body.position,
        ),
        requestLanguage(request),
      ),
  );

  app.delete(
    '/api/lists/:id/books/:bookId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Take a book off the list: the owner, or the reader who added it',
        security,
        params: listBookParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.lists.removeBook(currentActor(request), request.params.id, request.params.bookId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/lists/:id/books/:bookId/vote',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Vote a book of an open list up (1) or take the vote back (0)',
        security,
        params: listBookParamsSchema,
        body: listVoteSchema,
        response: { 200: listVoteResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.services.lists.vote(
        currentActor(request),
        request.params.id,
        request.params.bookId,
        request.body.value,
      ),
  );

  app.get(
    '/api/genres/:slug/lists',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags: ['genres', 'lists'],
        summary: "A genre's public book lists, most voted first",
        params: z.object({ slug: z.string().max(60) }),
        querystring: genreCommunityQuerySchema,
        response: { 200: genreListsPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { views, total } = await app.services.lists.ofGenre(
        await optionalActor(request),
        request.params.slug,
        request.query,
      );
      return {
        items: views.map((view) => presentListSummary(view, requestLanguage(request))),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );
};

import {
  bookReviewsParamsSchema,
  reactionInputSchema,
  reactionSummarySchema,
  replyInputSchema,
  replySchema,
  reportSchema,
  reviewInputSchema,
  reviewFeedQuerySchema,
  reviewFeedSchema,
  reviewListSchema,
  reviewParamsSchema,
  reviewPatchSchema,
  reviewSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses, OPTIONAL_BEARER } from '../../plugins/openapi.js';
import { presentFeedReview, presentReply, presentReview } from './reviews.presenter.js';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['reviews'];

  /** `app.authenticate` with the reviews' own 401 message. */
  const authenticate = app.authenticateWith('reviews.loginRequired');
  const optionalActor = app.optionalActor;

  app.get(
    '/api/reviews',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags,
        summary:
          "Recent approved public reviews across the catalogue, newest first, none by readers blocked either way with the caller; filters: genre, language (the book's), rating (stars)",
        querystring: reviewFeedQuerySchema,
        response: { 200: reviewFeedSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { rows, total } = await app.services.reviews.feed(await optionalActor(request), request.query);
      const language = requestLanguage(request);
      return {
        items: rows.map((row) => presentFeedReview(row, language)),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  app.get(
    '/api/books/:id/reviews',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags,
        summary: "A book's approved public reviews plus the caller's own, newest first",
        params: bookReviewsParamsSchema,
        response: { 200: reviewListSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const rows = await app.services.reviews.listForBook(request.params.id, await optionalActor(request));
      return { items: rows.map((row) => presentReview(row, requestLanguage(request))) };
    },
  );

  app.post(
    '/api/books/:id/reviews',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Write the caller's review of the book (201), or replace it when there is one (200)",
        security,
        params: bookReviewsParamsSchema,
        body: reviewInputSchema,
        response: { 200: reviewSchema, 201: reviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { review, created } = await app.services.reviews.submit(
        currentActor(request),
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(presentReview(review, requestLanguage(request)));
    },
  );

  app.patch(
    '/api/reviews/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Change the caller's own review (403 for others' public reviews, 404 when not visible)",
        security,
        params: reviewParamsSchema,
        body: reviewPatchSchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentReview(
        await app.services.reviews.update(currentActor(request), request.params.id, request.body),
        requestLanguage(request),
      ),
  );

  app.delete(
    '/api/reviews/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Delete the caller's own review (its status becomes deleted)",
        security,
        params: reviewParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.reviews.remove(currentActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/reviews/:id/replies',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Reply to a review',
        security,
        params: reviewParamsSchema,
        body: replyInputSchema,
        response: { 201: replySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const created = await app.services.reviews.reply(
        currentActor(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(presentReply(created, requestLanguage(request)));
    },
  );

  app.put(
    '/api/reviews/:id/reaction',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Set (like, dislike) or clear (null) the caller's one reaction",
        security,
        params: reviewParamsSchema,
        body: reactionInputSchema,
        response: { 200: reactionSummarySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.services.reviews.react(currentActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/reviews/:id/reports',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Report a review; reports from three distinct readers flag it',
        security,
        params: reviewParamsSchema,
        body: reportSchema,
        response: { 201: z.object({ reviewId: z.string() }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.reviews.report(currentActor(request), request.params.id, request.body.reason);
      return reply.status(201).send({ reviewId: request.params.id });
    },
  );
};

import {
  followDecisionSchema,
  followRequestListSchema,
  followResultSchema,
  readerListSchema,
  readerPageQuerySchema,
  readerPageSchema,
  readerParamsSchema,
  readerPrivacySchema,
  readerProfileSchema,
  readerUserParamsSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses, OPTIONAL_BEARER } from '../../plugins/openapi.js';
import { presentReaderCard as presentReaderSummary } from '../users/reader-card.js';
import { presentFollowRequest, presentProfile, presentReaderCard } from './readers.presenter.js';

/** Profiles, privacy, follows and blocks: `/api/readers/:id…` and the caller's own `/api/me/…`. */
export const readersRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['readers'];
  const authenticate = app.authenticateWith('readers.loginRequired');
  const optionalActor = app.optionalActor;
  const relationships = app.services.relationships;

  app.get(
    '/api/readers/:id',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags,
        summary:
          'A reader’s profile as the caller may see it (404 when not allowed; followers-only: the card for non-followers)',
        params: readerParamsSchema,
        response: { 200: readerProfileSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      presentProfile(
        await app.services.profiles.profile(await optionalActor(request), request.params.id),
        requestLanguage(request),
      ),
  );

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/api/readers/:id/${side}`,
      {
        schema: {
          security: OPTIONAL_BEARER,
          tags,
          summary: `A reader’s ${side}, newest first (whoever sees the whole profile)`,
          params: readerParamsSchema,
          querystring: readerPageQuerySchema,
          response: { 200: readerPageSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const page = await relationships.related(
          await optionalActor(request),
          request.params.id,
          side,
          request.query,
        );
        return { items: page.rows.map(presentReaderCard), nextCursor: page.nextCursor };
      },
    );
  }

  app.post(
    '/api/readers/:id/follow',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Follow: at once (public profile) or as a request (followers-only profile)',
        security,
        params: readerParamsSchema,
        response: { 200: followResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => relationships.follow(currentActor(request), request.params.id),
  );

  app.delete(
    '/api/readers/:id/follow',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Unfollow, or withdraw a follow request',
        security,
        params: readerParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await relationships.unfollow(currentActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/readers/:id/block',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Block: both stop seeing each other everywhere, and every follow between them ends',
        security,
        params: readerParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await relationships.block(currentActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/readers/:id/block',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Unblock',
        security,
        params: readerParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await relationships.unblock(currentActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me/privacy',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Who sees the caller’s profile, reading list and location',
        security,
        response: { 200: readerPrivacySchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => relationships.privacy(currentActor(request)),
  );

  app.put(
    '/api/me/privacy',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Save the caller’s privacy (a public profile approves pending follow requests)',
        security,
        body: readerPrivacySchema,
        response: { 200: readerPrivacySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => relationships.savePrivacy(currentActor(request), request.body),
  );

  app.get(
    '/api/me/follow-requests',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Readers asking to follow the caller, oldest first',
        security,
        response: { 200: followRequestListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      items: (await relationships.requests(currentActor(request))).map(presentFollowRequest),
    }),
  );

  app.post(
    '/api/me/follow-requests/:userId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Approve or decline a follow request',
        security,
        params: readerUserParamsSchema,
        body: followDecisionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await relationships.decide(currentActor(request), request.params.userId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/me/followers/:userId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Remove one of the caller’s followers',
        security,
        params: readerUserParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await relationships.removeFollower(currentActor(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me/blocks',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Readers the caller blocked, newest first',
        security,
        response: { 200: readerListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      items: (await relationships.blocked(currentActor(request))).map((row) => ({
        ...presentReaderSummary(row),
        follow: 'none' as const,
      })),
    }),
  );
};

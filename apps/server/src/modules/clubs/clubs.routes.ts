import multipart from '@fastify/multipart';
import {
  CLUB_LIMITS,
  clubCreateSchema,
  clubJoinDecisionSchema,
  clubJoinRequestListSchema,
  clubListSchema,
  clubMemberListSchema,
  clubMemberParamsSchema,
  clubMemberPatchSchema,
  clubMemberSchema,
  clubParamsSchema,
  clubPatchSchema,
  clubSchema,
  clubSearchQuerySchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ValidationError } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/request-language.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses, fileResponse, OPTIONAL_BEARER } from '../../plugins/openapi.js';
import { presentClub, presentJoinRequest, presentMember } from './clubs.presenter.js';

/** The multipart parser stops far above the cover limit; the storage guard answers 413 first. */
const UPLOAD_HARD_LIMIT = CLUB_LIMITS.coverMaxBytes * 2;

export const clubsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_HARD_LIMIT, files: 1, fields: 5, parts: 6 },
  });

  const security = [{ bearer: [] }];
  const tags = ['clubs'];

  /** `app.authenticate` with the clubs' own 401 message; anonymous readers see public clubs. */
  const authenticate = app.authenticateWith('clubs.loginRequired');
  const optionalActor = app.optionalActor;

  app.get(
    '/api/clubs',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags,
        summary:
          'Search clubs by name or current book title; mine=true for the caller’s clubs; genre for public clubs of a genre',
        querystring: clubSearchQuerySchema,
        response: { 200: clubListSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const views = await app.services.clubs.search(await optionalActor(request), request.query);
      return { items: views.map(presentClub) };
    },
  );

  app.post(
    '/api/clubs',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Create a club; the creator is its moderator (upload the cover with PUT /api/clubs/:id/cover); 429 past the clubs a reader may start in a day or own at once',
        security,
        body: clubCreateSchema,
        response: { 201: clubSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const view = await app.services.clubs.create(currentActor(request), request.body);
      return reply.status(201).send(presentClub(view));
    },
  );

  app.get(
    '/api/clubs/:id',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags,
        summary: 'A club with the caller’s membership (outsiders of a private club see its name only)',
        params: clubParamsSchema,
        response: { 200: clubSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      presentClub(await app.services.clubs.get(await optionalActor(request), request.params.id)),
  );

  app.patch(
    '/api/clubs/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Moderators: name, description, visibility, genre focus, current and next book, next meeting',
        security,
        params: clubParamsSchema,
        body: clubPatchSchema,
        response: { 200: clubSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentClub(await app.services.clubs.patch(currentActor(request), request.params.id, request.body)),
  );

  app.put(
    '/api/clubs/:id/cover',
    {
      onRequest: authenticate,
      bodyLimit: UPLOAD_HARD_LIMIT + 64 * 1024,
      schema: {
        tags,
        summary: 'Moderators: upload the cover (multipart field `cover`, at most 2 MB, JPEG, PNG or WebP)',
        security,
        consumes: ['multipart/form-data'],
        params: clubParamsSchema,
        response: { 200: clubSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      await app.services.clubs.assertCanEditCover(actor, request.params.id);
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', { messageKey: 'clubs.coverType' });
      const file = await request.file();
      if (!file || file.fieldname !== 'cover') {
        file?.file.resume();
        throw new ValidationError({ cover: 'clubs.coverRequired' });
      }
      return presentClub(await app.services.clubs.setCover(actor, request.params.id, file.file));
    },
  );

  app.get(
    '/api/clubs/:id/cover',
    {
      schema: {
        tags,
        summary: 'The club’s uploaded cover image (`v` from `coverImage` lets an <img> fetch it)',
        security: OPTIONAL_BEARER,
        params: clubParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: {
          ...fileResponse('The image', 'image/jpeg', 'image/png', 'image/webp'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const cover = await app.services.clubs.cover(
        await optionalActor(request),
        request.params.id,
        request.query.v,
      );
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-length', cover.size)
        .type(cover.type)
        .send(cover.stream);
    },
  );

  app.post(
    '/api/clubs/:id/join',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Join a public club, or ask to join a private one (membership pending)',
        security,
        params: clubParamsSchema,
        response: { 200: clubSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => presentClub(await app.services.clubs.join(currentActor(request), request.params.id)),
  );

  app.delete(
    '/api/clubs/:id/membership',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Leave the club or withdraw a request (409 for the last moderator while others remain; the last member leaving deletes the club)',
        security,
        params: clubParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await app.services.clubs.leave(currentActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/clubs/:id/members',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags,
        summary: 'Members with their roles, moderators first (private clubs: members only)',
        params: clubParamsSchema,
        response: { 200: clubMemberListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const rows = await app.services.clubs.members(await optionalActor(request), request.params.id);
      const language = requestLanguage(request);
      return { items: rows.map((row) => presentMember(row, language)) };
    },
  );

  app.patch(
    '/api/clubs/:id/members/:userId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Moderators: make a member a moderator or a moderator a member',
        security,
        params: clubMemberParamsSchema,
        body: clubMemberPatchSchema,
        response: { 200: clubMemberSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentMember(
        await app.services.clubs.setRole(
          currentActor(request),
          request.params.id,
          request.params.userId,
          request.body.role,
        ),
        requestLanguage(request),
      ),
  );

  app.delete(
    '/api/clubs/:id/members/:userId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Moderators: remove a member (moderators must be made members first)',
        security,
        params: clubMemberParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await app.services.clubs.removeMember(currentActor(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/clubs/:id/requests',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Moderators: pending requests to join, oldest first',
        security,
        params: clubParamsSchema,
        response: { 200: clubJoinRequestListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const rows = await app.services.clubs.requests(currentActor(request), request.params.id);
      const language = requestLanguage(request);
      return { items: rows.map((row) => presentJoinRequest(row, language)) };
    },
  );

  app.post(
    '/api/clubs/:id/requests/:userId',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Moderators: approve or decline a request to join',
        security,
        params: clubMemberParamsSchema,
        body: clubJoinDecisionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.clubs.decide(
        currentActor(request),
        request.params.id,
        request.params.userId,
        request.body,
      );
      return reply.status(204).send(null);
    },
  );
};

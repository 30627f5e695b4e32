import {
  clubMeetingListSchema,
  clubMeetingParamsSchema,
  clubMeetingsQuerySchema,
  clubMessageListSchema,
  clubMessagesQuerySchema,
  clubParamsSchema,
  clubTopicDetailSchema,
  clubTopicInputSchema,
  clubTopicListSchema,
  clubTopicParamsSchema,
  clubTopicReplyInputSchema,
  clubTopicReplySchema,
  clubTopicSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses, fileResponse, OPTIONAL_BEARER } from '../../plugins/openapi.js';
import {
  presentMeeting,
  presentMessage,
  presentTopic,
  presentTopicDetail,
  presentTopicReply,
} from './clubs.presenter.js';

/**
 * What is said and planned in a club over REST: chat history (live chat is `clubs.socket.ts`),
 * discussion topics and their replies, meetings. The service (`clubs.talk.service.ts`) checks who
 * may read or write each.
 */
export const clubTalkRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['clubs'];
  /** `app.authenticate` with the clubs' own 401 message; anonymous readers see public clubs. */
  const authenticate = app.authenticateWith('clubs.loginRequired');
  const optionalActor = app.optionalActor;

  app.get(
    '/api/clubs/events',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Meetings of the caller's clubs: upcoming (soonest first) or past (latest first)",
        security,
        querystring: clubMeetingsQuerySchema,
        response: { 200: clubMeetingListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const rows = await app.services.clubs.myMeetings(currentActor(request), request.query.when);
      return { items: rows.map((row) => presentMeeting(row.meeting, row.clubName)) };
    },
  );

  app.get(
    '/api/clubs/:id/messages',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Members: chat history, newest last (before / after a message id, exclusive)',
        security,
        params: clubParamsSchema,
        querystring: clubMessagesQuerySchema,
        response: { 200: clubMessageListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const page = await app.services.clubs.messages(currentActor(request), request.params.id, request.query);
      const language = requestLanguage(request);
      return { items: page.rows.map((row) => presentMessage(row, language)), hasMore: page.hasMore };
    },
  );

  app.get(
    '/api/clubs/:id/topics',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags,
        summary: 'Discussion topics, newest activity first, with reply counts',
        params: clubParamsSchema,
        response: { 200: clubTopicListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const rows = await app.services.clubs.topics(await optionalActor(request), request.params.id);
      const language = requestLanguage(request);
      return { items: rows.map((row) => presentTopic(row, language)) };
    },
  );

  app.post(
    '/api/clubs/:id/topics',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Members: start a discussion topic',
        security,
        params: clubParamsSchema,
        body: clubTopicInputSchema,
        response: { 201: clubTopicSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await app.services.clubs.createTopic(
        currentActor(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(presentTopic(row, requestLanguage(request)));
    },
  );

  app.get(
    '/api/clubs/:id/topics/:topicId',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags,
        summary: 'A discussion topic with its replies, oldest first',
        params: clubTopicParamsSchema,
        response: { 200: clubTopicDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const found = await app.services.clubs.topic(
        await optionalActor(request),
        request.params.id,
        request.params.topicId,
      );
      return presentTopicDetail(found.topic, found.replies, requestLanguage(request));
    },
  );

  app.post(
    '/api/clubs/:id/topics/:topicId/replies',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Members: reply to a discussion topic',
        security,
        params: clubTopicParamsSchema,
        body: clubTopicReplyInputSchema,
        response: { 201: clubTopicReplySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const created = await app.services.clubs.replyToTopic(
        currentActor(request),
        request.params.id,
        request.params.topicId,
        request.body,
      );
      return reply.status(201).send(presentTopicReply(created, requestLanguage(request)));
    },
  );

  app.get(
    '/api/clubs/:id/meetings',
    {
      schema: {
        security: OPTIONAL_BEARER,
        tags,
        summary: 'The club’s meetings: upcoming (soonest first) or past (latest first)',
        params: clubParamsSchema,
        querystring: clubMeetingsQuerySchema,
        response: { 200: clubMeetingListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const rows = await app.services.clubs.meetings(
        await optionalActor(request),
        request.params.id,
        request.query.when,
      );
      return { items: rows.map((row) => presentMeeting(row.meeting, row.clubName)) };
    },
  );

  app.get(
    '/api/clubs/:id/meetings/:meetingId/ics',
    {
      schema: {
        tags,
        summary: 'A meeting as an iCalendar file (Add to calendar), for whoever may see the club’s meetings',
        security: OPTIONAL_BEARER,
        params: clubMeetingParamsSchema,
        response: { ...fileResponse('The iCalendar file', 'text/calendar'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const file = await app.services.clubs.meetingCalendar(
        await optionalActor(request),
        request.params.id,
        request.params.meetingId,
        requestLanguage(request),
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.content);
    },
  );
};

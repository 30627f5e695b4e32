import {
  notificationChoicesSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationParamsSchema,
  notificationPatchSchema,
  notificationSchema,
  notificationUnsubscribeSchema,
  savedNotificationChoicesSchema,
  unreadCountSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentNotification } from './notifications.presenter.js';

/** The caller's own notifications and notification choices; another reader's answer 404. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's notifications, newest first, with the unread count",
        security,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total, unreadCount } = await app.services.notifications.list(
        currentActor(request),
        request.query,
      );
      return {
        items: rows.map(presentNotification),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
        unreadCount,
      };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "How many of the caller's notifications are unread",
        security,
        response: { 200: unreadCountSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ unreadCount: await app.services.notifications.unreadCount(currentActor(request)) }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Mark all of the caller's notifications read",
        security,
        response: { 200: unreadCountSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await app.services.notifications.markAllRead(currentActor(request));
      return { unreadCount: 0 };
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's notification choices, in-app and email per kind (defaults until saved)",
        security,
        response: { 200: savedNotificationChoicesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => app.services.notifications.choices(currentActor(request)),
  );

  app.put(
    '/api/notifications/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Save the caller's notification choices (email: only the kinds that change)",
        security,
        body: notificationChoicesSchema,
        response: { 200: savedNotificationChoicesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.notifications.saveChoices(currentActor(request), request.body),
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Turn every notification email off with the token of a mailed unsubscribe link (no sign-in)',
        body: notificationUnsubscribeSchema,
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await app.services.notificationMail.unsubscribe(request.body.token);
      return reply.status(204).send(null);
    },
  );

  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` (a form) to the very link
  // the mail carries. Its form parsers are scoped to this route; a GET of the link is the web page
  // (it changes nothing: link scanners fetch it).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 4096 },
      (_r, body, done) => done(null, { raw: String(body) }),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/notifications/unsubscribe',
      {
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058) from notification mail: the link of the mail, POSTed',
          querystring: notificationUnsubscribeSchema,
          response: { 204: z.null(), ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        await app.services.notificationMail.unsubscribe(request.query.token);
        return reply.status(204).send(null);
      },
    );
  });

  app.get(
    '/api/notifications/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One of the caller's notifications (404 when not theirs)",
        security,
        params: notificationParamsSchema,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentNotification(await app.services.notifications.get(currentActor(request), request.params.id)),
  );

  app.patch(
    '/api/notifications/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Mark one of the caller's notifications read or unread (404 when not theirs)",
        security,
        params: notificationParamsSchema,
        body: notificationPatchSchema,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      presentNotification(
        await app.services.notifications.setStatus(
          currentActor(request),
          request.params.id,
          request.body.status,
        ),
      ),
  );

  app.delete(
    '/api/notifications/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Delete one of the caller's notifications (404 when not theirs)",
        security,
        params: notificationParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.notifications.remove(currentActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

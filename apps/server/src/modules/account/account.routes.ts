import multipart from '@fastify/multipart';
import { requestLanguage } from '../../lib/request-language.js';
import {
  ACCOUNT_LIMITS,
  accountDeleteConfirmSchema,
  accountDeleteSchema,
  emailChangeSchema,
  mailAcceptedSchema,
  accountDisplaySchema,
  accountSecuritySchema,
  accountSessionsSchema,
  meResponseSchema,
  profileUpdateSchema,
  recoveryCodesSchema,
  recoveryEmailSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ValidationError } from '../../lib/errors.js';
import { currentActor } from '../../plugins/auth.js';
import { errorResponses, fileResponse } from '../../plugins/openapi.js';
import { presentUser } from '../users/users.presenter.js';
import { presentSession } from './account.presenter.js';

const security = [{ bearer: [] }];
const noContent = { 204: z.null().describe('No content') };
const tags = ['account'];

/** The signed-in reader's own account (the Settings page). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  await app.register(multipart, {
    limits: { fileSize: ACCOUNT_LIMITS.avatarMaxBytes, files: 1, fields: 0, parts: 1 },
  });

  const meOf = async (userId: string) => {
    const { row, counts } = await services.users.getUser(userId);
    return { user: presentUser(row, counts) };
  };

  app.put(
    '/api/account/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Edit name, birth date and location',
        security,
        body: profileUpdateSchema,
        response: { 200: meResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      await services.account.updateProfile(actor, request.body);
      return meOf(actor.userId);
    },
  );

  app.delete(
    '/api/account',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Delete the account for good (password to confirm): everything the reader kept or wrote goes, ' +
          'but chat messages and club topics, which stay as "Deleted reader"; 409 for the last admin. ' +
          'An account without a password (Google only) sends none: 202, and its address is mailed a ' +
          'one-hour link to /delete-account',
        security,
        body: accountDeleteSchema,
        response: {
          ...noContent,
          202: mailAcceptedSchema,
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const done = await services.account.deleteAccount(
        currentActor(request),
        request.body.password,
        requestLanguage(request),
      );
      if (done === 'mailed') return reply.code(202).send({ accepted: true as const });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/account/delete/confirm',
    {
      schema: {
        tags,
        summary:
          'Delete an account with the mailed link (single use, one hour): erases it as DELETE /api/account ' +
          'does; 400 for a used, expired or unknown link, 409 for the last admin',
        body: accountDeleteConfirmSchema,
        response: { ...noContent, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      await services.account.confirmDeletion(request.body.token);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/account/email',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Change the login email (password to confirm): 202, the new address is mailed a link that makes ' +
          'the change (nothing changes before) and the old one a heads-up; 409 when another account has it',
        security,
        body: emailChangeSchema,
        response: {
          202: mailAcceptedSchema,
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await services.account.requestEmailChange(
        currentActor(request),
        request.body,
        requestLanguage(request),
      );
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.put(
    '/api/account/display',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Keep the interface language and/or theme on the account (every device opens in them)',
        security,
        body: accountDisplaySchema,
        response: { 200: meResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      await services.account.updateDisplay(actor, request.body);
      return meOf(actor.userId);
    },
  );

  app.put(
    '/api/account/avatar',
    {
      onRequest: app.authenticate,
      bodyLimit: ACCOUNT_LIMITS.avatarMaxBytes + 64 * 1024,
      schema: {
        tags,
        summary: 'Upload a profile picture (multipart field `avatar`: jpeg, png or webp, at most 2 MB)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: meResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      let data: Buffer | null = null;
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const bytes = await part.toBuffer();
        if (part.fieldname === 'avatar') data = bytes;
      }
      if (!data || data.length === 0)
        throw new ValidationError({ avatar: 'account.avatarMissing' }, 'account.avatarMissing');
      if (data.length > ACCOUNT_LIMITS.avatarMaxBytes) throw new AppError('TOO_LARGE');
      await services.account.setAvatar(actor, data);
      return meOf(actor.userId);
    },
  );

  app.delete(
    '/api/account/avatar',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Remove the profile picture',
        security,
        response: { 200: meResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      await services.account.removeAvatar(actor);
      return meOf(actor.userId);
    },
  );

  app.get(
    '/api/avatars/:file',
    {
      schema: {
        tags,
        summary: "A reader's uploaded profile picture",
        params: z.object({ file: z.string().max(64) }),
        response: {
          ...fileResponse('The image', 'image/jpeg', 'image/png', 'image/webp'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const file = await services.account.avatarFile(request.params.file);
      reply
        // The name is random per upload, so the bytes behind it never change.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .type(file.type);
      return reply.send(file.stream);
    },
  );

  app.get(
    '/api/account/security',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Password, recovery email and two-factor state',
        security,
        response: { 200: accountSecuritySchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => services.account.security(currentActor(request)),
  );

  app.get(
    '/api/account/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Connected devices: the reader's live sessions, this one marked `current`",
        security,
        response: { 200: accountSessionsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      const rows = await services.account.listSessions(actor);
      return { items: rows.map((row) => presentSession(row, actor.sessionId)) };
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "End another device's session",
        security,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await services.account.removeSession(currentActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/account/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Sign out everywhere else (every session but this one ends)',
        security,
        response: { ...noContent, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await services.account.removeOtherSessions(currentActor(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/account/recovery-email',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Set (or, with null, remove) the recovery email',
        security,
        body: recoveryEmailSchema,
        response: { 200: accountSecuritySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      await services.account.setRecoveryEmail(actor, request.body.recoveryEmail, requestLanguage(request));
      return services.account.security(actor);
    },
  );

  app.post(
    '/api/account/two-factor/setup',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Start two-factor enrolment: a new TOTP secret, its otpauth URI and QR code',
        security,
        response: { 200: twoFactorSetupSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => services.account.setupTwoFactor(currentActor(request)),
  );

  app.post(
    '/api/account/two-factor/enable',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Confirm enrolment with a code; answers the ten one-time recovery codes',
        security,
        body: twoFactorEnableSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => ({
      recoveryCodes: await services.account.enableTwoFactor(currentActor(request), request.body.code),
    }),
  );

  app.post(
    '/api/account/two-factor/disable',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (password and a code or recovery code)',
        security,
        body: twoFactorDisableSchema,
        response: { ...noContent, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await services.account.disableTwoFactor(currentActor(request), request.body);
      return reply.code(204).send(null);
    },
  );
};

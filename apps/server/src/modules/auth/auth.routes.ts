import {
  authProvidersSchema,
  changePasswordSchema,
  loginResponseSchema,
  loginResultSchema,
  loginSchema,
  forgotPasswordSchema,
  mailAcceptedSchema,
  meResponseSchema,
  resetPasswordSchema,
  verifyEmailSchema,
  signupResponseSchema,
  signupSchema,
  twoFactorLoginSchema,
} from '@nebab/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCookie, serializeCookie } from '../../lib/cookies.js';
import { requestLanguage } from '../../lib/request-language.js';
import { clientInfo, currentActor } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { presentUser } from '../users/users.presenter.js';
import {
  clientCallbackUrl,
  clientLoginErrorUrl,
  clientTwoFactorUrl,
  presentLogin,
  presentLoginResult,
  presentSignup,
} from './auth.presenter.js';
import { isTwoFactorPending } from './auth.service.js';
import { emailOfRawBody } from './auth.throttle.js';
import { ExternalSignInError, OIDC_STATE_TTL_MS } from './google.service.js';

/** Binds a pending Google sign-in to the browser that started it. */
const STATE_COOKIE = 'nebab_oidc_state';
const STATE_COOKIE_PATH = '/api/auth/google';

const redirectResponse = { 302: z.null().describe('Redirect') };
const noContent = { 204: z.null().describe('No content') };
const bearer = [{ bearer: [] }];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services, config } = app;
  const secureCookie = config.publicUrl.startsWith('https://');

  app.post(
    '/api/auth/signup',
    {
      preValidation: async (request) =>
        services.throttle.signupAttempt(request.ip, emailOfRawBody(request.body)),
      schema: {
        tags: ['auth'],
        summary: 'Create a password account and sign in',
        body: signupSchema,
        response: { 201: signupResponseSchema, ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const result = await services.auth.signup(request.body, clientInfo(request), requestLanguage(request));
      return reply.code(201).send(presentSignup(result, requestLanguage(request)));
    },
  );

  app.post(
    '/api/auth/login',
    {
      preValidation: async (request) =>
        services.throttle.loginAttempt(request.ip, emailOfRawBody(request.body)),
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with email and password; accounts with two-factor sign-in get a challenge for POST /api/auth/login/2fa instead of a token',
        body: loginSchema,
        response: { 200: loginResultSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) =>
      presentLoginResult(
        await services.auth.login(request.body, clientInfo(request)),
        requestLanguage(request),
      ),
  );

  app.post(
    '/api/auth/login/2fa',
    {
      // Every attempt counts against the IP like a login; wrong codes also against the challenge
      // (void after 5) and the account (429 after 10 in 15 minutes).
      preValidation: async (request) => services.throttle.loginAttempt(request.ip, undefined),
      schema: {
        tags: ['auth'],
        summary: 'Second login step: the challenge and an authenticator code or a recovery code',
        body: twoFactorLoginSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) =>
      presentLogin(
        await services.auth.completeTwoFactorLogin(request.body, clientInfo(request)),
        requestLanguage(request),
      ),
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: meResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { row, counts } = await services.users.getUser(currentActor(request).userId);
      return { user: presentUser(row, counts) };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        security: bearer,
        response: { ...noContent, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await services.auth.logout(currentActor(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/auth/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session ends',
        security: bearer,
        body: changePasswordSchema,
        response: { ...noContent, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await services.account.changePassword(currentActor(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail a password-reset link (one hour, single use) if an account has this address; answers 202 alike for every address',
        body: forgotPasswordSchema,
        response: { 202: mailAcceptedSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await services.authLinks.forgotPassword(request.body.email, requestLanguage(request));
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a mailed reset link; every session of the account ends',
        body: resetPasswordSchema,
        response: { ...noContent, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await services.authLinks.resetPassword(request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/email/verify',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Confirm the login or recovery address with a mailed link; a link of an email change makes ' +
          'its address the login address (409 when another account has it meanwhile)',
        body: verifyEmailSchema,
        response: { ...noContent, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      await services.authLinks.verifyEmail(request.body.token, requestLanguage(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/email/resend',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Mail a new link confirming the login email (nothing when it is confirmed already)',
        security: bearer,
        response: { 202: mailAcceptedSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await services.authLinks.resendVerification(currentActor(request), requestLanguage(request));
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in providers configured on this server',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ google: services.google.isConfigured() }),
  );

  app.get(
    '/api/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start Google sign-in (OpenID Connect, code flow + PKCE); redirects to the provider',
        response: redirectResponse,
      },
    },
    async (request, reply) => {
      try {
        const { url, state } = await services.google.start();
        reply.header(
          'set-cookie',
          serializeCookie(STATE_COOKIE, state, {
            path: STATE_COOKIE_PATH,
            maxAgeSeconds: OIDC_STATE_TTL_MS / 1000,
            secure: secureCookie,
          }),
        );
        return reply.redirect(url, 302);
      } catch (error) {
        const reason = error instanceof ExternalSignInError ? error.reason : 'google_failed';
        request.log.warn({ err: error }, 'Google sign-in could not start');
        return reply.redirect(clientLoginErrorUrl(config.publicUrl, reason), 302);
      }
    },
  );

  app.get(
    '/api/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Google redirects here; redirects on to the client with the session in the URL fragment',
        querystring: z
          .object({ code: z.string().optional(), state: z.string().optional() })
          .catchall(z.unknown()),
        response: redirectResponse,
      },
    },
    async (request, reply) => {
      const query: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.query)) {
        const first = Array.isArray(value) ? value[0] : value;
        if (typeof first === 'string') query[key] = first;
      }
      reply.header(
        'set-cookie',
        serializeCookie(STATE_COOKIE, '', {
          path: STATE_COOKIE_PATH,
          maxAgeSeconds: 0,
          secure: secureCookie,
        }),
      );
      try {
        const result = await services.google.finish(
          query,
          readCookie(request.headers.cookie, STATE_COOKIE),
          clientInfo(request),
        );
        if (isTwoFactorPending(result))
          return reply.redirect(clientTwoFactorUrl(config.publicUrl, result.challenge), 302);
        return reply.redirect(clientCallbackUrl(config.publicUrl, result), 302);
      } catch (error) {
        const reason = error instanceof ExternalSignInError ? error.reason : 'google_failed';
        request.log.warn({ err: error, reason }, 'Google sign-in failed');
        return reply.redirect(clientLoginErrorUrl(config.publicUrl, reason), 302);
      }
    },
  );
};

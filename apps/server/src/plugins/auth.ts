import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@nebab/shared';
import fp from 'fastify-plugin';
import { UnauthenticatedError } from '../lib/errors.js';
import { assertRole, type Actor, type ClientInfo } from '../lib/actor.js';

/** A route hook that authenticates (and maybe authorises) the request. */
export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` / `app.requireRole`; null on public routes. */
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** `onRequest` hook: `Authorization: Bearer <token>` must name a live session (401 / 403 SUSPENDED). */
    authenticate: AuthHook;
    /** `onRequest` hook: authenticated and holding `role` (403 FORBIDDEN otherwise). */
    requireRole: (role: Role) => AuthHook;
    /** `app.authenticate` whose 401 carries a module's own message key (e.g. `reviews.loginRequired`). */
    authenticateWith: (messageKey: string) => AuthHook;
    /** The caller when a valid token is sent, else null: public routes never fail on a bad token. */
    optionalActor: (request: FastifyRequest) => Promise<Actor | null>;
  }
}

/** Every hook `app.authenticate`, `requireRole` and `authenticateWith` hand out (the OpenAPI document marks their routes). */
const authHooks = new WeakSet<AuthHook>();

/** Whether a route hook requires a session: one of the auth plugin's hooks. */
export function isAuthHook(hook: unknown): boolean {
  return typeof hook === 'function' && authHooks.has(hook as AuthHook);
}

function authHook(hook: AuthHook): AuthHook {
  authHooks.add(hook);
  return hook;
}

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The authenticated actor of a route guarded by `app.authenticate`. */
export function currentActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new UnauthenticatedError();
  return request.actor;
}

/** The client's IP and user agent, recorded on a new session. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('actor', null);

    const authenticate = authHook(async (request) => {
      request.actor = await app.services.auth.authenticate(bearerToken(request.headers.authorization));
    });

    app.decorate('authenticate', authenticate);
    app.decorate('requireRole', (role: Role): AuthHook =>
      authHook(async (request, reply) => {
        await authenticate(request, reply);
        assertRole(currentActor(request), role);
      }),
    );
    app.decorate('authenticateWith', (messageKey: string): AuthHook =>
      authHook(async (request, reply) => {
        try {
          await authenticate(request, reply);
        } catch (error) {
          if (error instanceof UnauthenticatedError) throw new UnauthenticatedError(messageKey);
          throw error;
        }
      }),
    );
    app.decorate('optionalActor', async (request: FastifyRequest): Promise<Actor | null> => {
      const token = bearerToken(request.headers.authorization);
      if (!token) return null;
      return app.services.auth.authenticate(token).catch(() => null);
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

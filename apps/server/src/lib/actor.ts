import type { Role } from '@nebab/shared';
import { ForbiddenError } from './errors.js';

/**
 * The kernel of every request: who is asking and from where. Infrastructure (the auth plugin, the
 * socket server) and every module read these; no feature module owns them.
 */

/** Who is asking: the signed-in user behind a session. */
export interface Actor {
  userId: string;
  sessionId: string;
  role: Role;
}

/** Where a request comes from, as the session list shows it. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** Admins may do everything a role grants; a user only what `user` grants. */
export function hasRole(actor: Actor, role: Role): boolean {
  return role === 'user' || actor.role === 'admin';
}

/** Throws 403 FORBIDDEN unless the actor holds `role`. */
export function assertRole(actor: Actor, role: Role): void {
  if (!hasRole(actor, role)) throw new ForbiddenError();
}

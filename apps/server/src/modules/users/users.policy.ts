import type { Role } from '@nebab/shared';
import { ForbiddenError } from '../../lib/errors.js';

/** Who is asking: the signed-in user behind a session. */
export interface Actor {
  userId: string;
  sessionId: string;
  role: Role;
}

/** Admins may do everything a role grants; a user only what `user` grants. */
export function hasRole(actor: Actor, role: Role): boolean {
  return role === 'user' || actor.role === 'admin';
}

/** Throws 403 FORBIDDEN unless the actor holds `role`. */
export function assertRole(actor: Actor, role: Role): void {
  if (!hasRole(actor, role)) throw new ForbiddenError();
}

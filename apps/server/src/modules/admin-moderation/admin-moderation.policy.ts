import type { AdminUserPatch } from '@nebab/shared';
import { ConflictError } from '../../lib/errors.js';
import type { Actor } from '../../lib/actor.js';

/**
 * An admin cannot lock themselves out: no suspending, deleting or demoting their own account
 * (409 CONFLICT with a clear message). Changing their own name is fine.
 */
export function assertNotLockingSelfOut(
  actor: Actor,
  targetId: string,
  change: AdminUserPatch | 'delete',
): void {
  if (actor.userId !== targetId) return;
  const locksOut =
    change === 'delete' ||
    change.status === 'suspended' ||
    (change.role !== undefined && change.role !== 'admin');
  if (locksOut) throw new ConflictError('adminModeration.cannotChangeSelf');
}

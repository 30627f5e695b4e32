import type { BookListRow } from '../../db/schema/index.js';
import { AppError, NotFoundError } from '../../lib/errors.js';
import type { Actor } from '../../lib/actor.js';
import type { ListOwner } from './lists.repository.js';

export function isOwner(list: BookListRow, actor: Actor | null): boolean {
  return actor !== null && actor.userId === list.ownerId;
}

/**
 * Who sees a list: its owner always; everyone else only a public list of an active reader they have
 * not blocked (nor been blocked by). Anything else answers 404.
 */
export function assertCanSee(
  list: BookListRow,
  owner: ListOwner,
  actor: Actor | null,
  blocked: boolean,
): void {
  if (isOwner(list, actor)) return;
  if (owner.status !== 'active' || list.visibility !== 'public' || blocked) throw new NotFoundError();
}

/** Changing the list itself (title, order, deleting it) is the owner's (403 for others who see it). */
export function assertOwner(list: BookListRow, actor: Actor | null): void {
  if (!isOwner(list, actor)) throw new AppError('FORBIDDEN', { messageKey: 'lists.ownerOnly' });
}

/** The owner adds to any of their lists; other signed-in readers to open public ones. */
export function canAddBooks(list: BookListRow, actor: Actor | null): boolean {
  if (!actor) return false;
  return isOwner(list, actor) || (list.mode === 'open' && list.visibility === 'public');
}

/** Every signed-in reader who sees an open list may vote; nobody votes on a curated one. */
export function canVote(list: BookListRow, actor: Actor | null): boolean {
  return actor !== null && list.mode === 'open';
}

import type { ClubRow } from '../../db/schema/index.js';
import { AppError, NotFoundError } from '../../lib/errors.js';
import type { MembershipState } from './clubs.repository.js';

/** A member or moderator (a pending request is not membership). */
export function isMember(state: MembershipState | null): boolean {
  return state === 'member' || state === 'moderator';
}

/**
 * Who sees a club's insides (description, members, discussions, meetings): everyone for a public
 * club, members only for a private one. Outsiders of a private club see its name only.
 */
export function canSeeInside(club: ClubRow, state: MembershipState | null): boolean {
  return club.visibility === 'public' || isMember(state);
}

/** Reading a club's insides: 404 for outsiders of a private club (they may not know more). */
export function assertCanSeeInside(club: ClubRow, state: MembershipState | null): void {
  if (!canSeeInside(club, state)) throw new NotFoundError();
}

/** Members only (chat, posting): 404 when the caller may not see the club's insides, 403 otherwise. */
export function assertMember(club: ClubRow, state: MembershipState | null): void {
  assertCanSeeInside(club, state);
  if (!isMember(state)) throw new AppError('FORBIDDEN', { messageKey: 'clubs.membersOnly' });
}

/** Moderators only (settings, requests, members): 404 / 403 as for members. */
export function assertModerator(club: ClubRow, state: MembershipState | null): void {
  assertCanSeeInside(club, state);
  if (state !== 'moderator') throw new AppError('FORBIDDEN', { messageKey: 'clubs.moderatorOnly' });
}

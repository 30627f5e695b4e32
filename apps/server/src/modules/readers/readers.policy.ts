import type { ProfileVisibility } from '@nebab/shared';
import type { FollowRowState } from './readers.repository.js';

/** How much of a profile the asker sees: all of it, the card only (name, picture, counts), or nothing (404). */
export type ProfileAccess = 'full' | 'card' | 'hidden';

export interface ProfileAccessInput {
  /** The reader's account status: only active readers have a profile. */
  status: string;
  visibility: ProfileVisibility;
  /** The asker is the reader. */
  self: boolean;
  /** The asker's follow of the reader. */
  follow: FollowRowState | null;
  /** Either blocked the other. */
  blocked: boolean;
}

/**
 * Who sees a profile. A suspended or deleted reader has none; readers who blocked each other see
 * nothing of each other; the owner sees it all. Public: everyone. Followers only: approved
 * followers see it all, everyone else the card (so they may ask to follow). Private: nobody else.
 */
export function profileAccess({
  status,
  visibility,
  self,
  follow,
  blocked,
}: ProfileAccessInput): ProfileAccess {
  if (status !== 'active') return 'hidden';
  if (self) return 'full';
  if (blocked) return 'hidden';
  if (visibility === 'public') return 'full';
  if (visibility === 'followers') return follow === 'following' ? 'full' : 'card';
  return 'hidden';
}

/** Which follow a new follower gets: at once for a public profile, a request for a followers-only one. */
export function followStateFor(visibility: ProfileVisibility): FollowRowState | null {
  if (visibility === 'public') return 'following';
  if (visibility === 'followers') return 'requested';
  return null;
}

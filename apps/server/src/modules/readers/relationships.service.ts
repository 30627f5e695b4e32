import {
  READER_LIMITS,
  type FollowDecision,
  type FollowResult,
  type ReaderPrivacy,
  type ReaderPageQuery,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { lockCap } from '../../db/locks.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { Actor } from '../../lib/actor.js';
import { followStateFor } from './readers.policy.js';
import type {
  FollowRowState,
  KeysetCursor,
  ReadersRepository,
  RelatedReaderRow,
} from './readers.repository.js';
import type { ReaderAccess, VisibilityPolicy } from './visibility.policy.js';

export interface RelationshipsServiceDeps {
  db: Db;
  readers: ReadersRepository;
  events: DomainEvents;
  /** Who sees how much of a profile (follows answer 404 for a reader the caller may not see). */
  visibility: Pick<VisibilityPolicy, 'accessOf'>;
}

/** A page of related readers with the asker's follow state of each. */
export interface RelatedPage {
  rows: Array<RelatedReaderRow & { follow: FollowRowState | null }>;
  nextCursor: string | null;
}

function encodeCursor(row: RelatedReaderRow): string {
  return Buffer.from(`${row.sinceUs}:${row.id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(cursor: string | undefined): KeysetCursor | undefined {
  if (!cursor) return undefined;
  const [sinceUs, id] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (!sinceUs || !/^\d{1,20}$/.test(sinceUs) || !id || !UUID.test(id))
    throw new ValidationError({ cursor: 'validation.invalid' });
  return { sinceUs, id };
}

/**
 * The readers' graph: privacy choices, follows (with approval for followers-only profiles) and
 * blocks. Who may see whom is the visibility policy's (`visibility.policy.ts`), which other modules
 * are given; nobody else reads these tables.
 */
export function createRelationshipsService({ db, readers, events, visibility }: RelationshipsServiceDeps) {
  const { accessOf } = visibility;
  /** Like `accessOf`, 404 unless the asker may see the whole profile. */
  async function assertFullAccess(viewer: Actor | null, readerId: string): Promise<ReaderAccess> {
    const found = await accessOf(viewer, readerId);
    if (found.access !== 'full') throw new NotFoundError();
    return found;
  }

  async function withFollowStates(viewer: Actor | null, rows: RelatedReaderRow[]) {
    const states = viewer
      ? await readers.followStatesOf(
          viewer.userId,
          rows.map((row) => row.id),
        )
      : new Map<string, FollowRowState>();
    return rows.map((row) => ({ ...row, follow: states.get(row.id) ?? null }));
  }

  /** Followers or followees of a reader whose whole profile the asker sees; newest first, cursor paged. */
  async function related(
    viewer: Actor | null,
    readerId: string,
    side: 'followers' | 'following',
    query: ReaderPageQuery,
  ): Promise<RelatedPage> {
    await assertFullAccess(viewer, readerId);
    const cursor = decodeCursor(query.cursor);
    const rows = await readers.relatedPage(readerId, side, {
      state: 'following',
      hiddenFor: viewer?.userId ?? null,
      cursor,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      rows: await withFollowStates(viewer, page),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  /**
   * Follows a reader: at once when the profile is public, as a request when it is for followers
   * only; 404 when the profile is private or hidden from the caller; 409 for oneself or past the
   * limit. Idempotent (answers the existing state).
   */
  async function follow(actor: Actor, readerId: string): Promise<FollowResult> {
    if (actor.userId === readerId) throw new ConflictError('readers.followSelf');
    const outcome = await db.transaction(async (tx) => {
      const found = await accessOf(actor, readerId, tx);
      if (found.access === 'hidden') throw new NotFoundError();
      if (found.follow) return { state: found.follow, created: false };
      const state = followStateFor(found.privacy.profileVisibility);
      if (!state) throw new NotFoundError();
      // The reader's follows queue on one lock: parallel requests cannot all pass the count.
      await lockCap(tx, 'readers.follow', actor.userId);
      if ((await readers.countFollowing(actor.userId, tx)) >= READER_LIMITS.followingMax)
        throw new ConflictError('readers.followLimit');
      const created = await readers.insertFollow(actor.userId, readerId, state, tx);
      const current = (await readers.followState(actor.userId, readerId, tx)) ?? state;
      return { state: current, created };
    });
    if (outcome.created)
      await events.emit('reader.followed', {
        followerId: actor.userId,
        followeeId: readerId,
        state: outcome.state,
      });
    return { state: outcome.state };
  }

  /** Unfollows, or withdraws a request. Idempotent. */
  async function unfollow(actor: Actor, readerId: string): Promise<void> {
    await readers.deleteFollow(actor.userId, readerId);
  }

  /** Pending requests to follow the caller, oldest first. */
  function requests(actor: Actor): Promise<RelatedReaderRow[]> {
    return readers.relatedPage(actor.userId, 'followers', {
      state: 'requested',
      hiddenFor: actor.userId,
      limit: READER_LIMITS.pageSizeMax,
    });
  }

  /** Approves or declines a request to follow the caller; 404 when there is none. */
  async function decide(actor: Actor, followerId: string, input: FollowDecision): Promise<void> {
    const approved = await db.transaction(async (tx) => {
      if ((await readers.followState(followerId, actor.userId, tx)) !== 'requested')
        throw new NotFoundError('readers.noRequest');
      if (input.decision === 'approve') return readers.approveRequest(followerId, actor.userId, tx);
      await readers.deleteFollow(followerId, actor.userId, tx);
      return false;
    });
    if (approved) await events.emit('reader.followAccepted', { followerId, followeeId: actor.userId });
  }

  /** Removes one of the caller's followers (or declines their request). Idempotent. */
  async function removeFollower(actor: Actor, followerId: string): Promise<void> {
    await readers.deleteFollow(followerId, actor.userId);
  }

  function privacy(actor: Actor): Promise<ReaderPrivacy> {
    return readers.privacyOf(actor.userId);
  }

  /** The visibility a review the reader writes in Nebab takes unless they pick one (their choice, else public). */
  async function reviewVisibilityOf(userId: string): Promise<'public' | 'private'> {
    return (await readers.privacyOf(userId)).reviewsPrivate ? 'private' : 'public';
  }

  /** Saves the caller's privacy; making the profile public approves every pending request. */
  async function savePrivacy(actor: Actor, input: ReaderPrivacy): Promise<ReaderPrivacy> {
    const { saved, approved } = await db.transaction(async (tx) => {
      const saved = await readers.savePrivacy(actor.userId, input, tx);
      const approved =
        input.profileVisibility === 'public' ? await readers.approveAllRequests(actor.userId, tx) : [];
      return { saved, approved };
    });
    for (const followerId of approved)
      await events.emit('reader.followAccepted', { followerId, followeeId: actor.userId });
    return saved;
  }

  /**
   * Blocks a reader: every follow and request between the two ends, and from now on neither sees the
   * other (profiles, reviews and replies, chat, feed, notifications, lists). 404 for nobody; 409 for
   * oneself. Idempotent.
   */
  async function block(actor: Actor, readerId: string): Promise<void> {
    if (actor.userId === readerId) throw new ConflictError('readers.blockSelf');
    const reader = await readers.findReader(readerId);
    if (!reader || reader.status === 'deleted') throw new NotFoundError();
    await db.transaction(async (tx) => {
      await readers.insertBlock(actor.userId, readerId, tx);
      await readers.deleteFollowsBetween(actor.userId, readerId, tx);
    });
    await events.emit('reader.blocked', { blockerId: actor.userId, blockedId: readerId });
  }

  async function unblock(actor: Actor, readerId: string): Promise<void> {
    await readers.deleteBlock(actor.userId, readerId);
  }

  function blocked(actor: Actor) {
    return readers.blockedBy(actor.userId);
  }

  return {
    assertFullAccess,
    related,
    follow,
    unfollow,
    requests,
    decide,
    removeFollower,
    privacy,
    savePrivacy,
    reviewVisibilityOf,
    block,
    unblock,
    blocked,
    /** Followers and followees counted as `viewer` sees their lists. */
    followCounts: (viewer: Actor | null, userId: string) =>
      readers.followCounts(userId, viewer?.userId ?? null),
    followStatesOf: (viewerId: string, ids: string[]) => readers.followStatesOf(viewerId, ids),
  };
}

export type RelationshipsService = ReturnType<typeof createRelationshipsService>;

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
import { followStateFor, profileAccess, type ProfileAccess } from './readers.policy.js';
import type {
  FollowRowState,
  KeysetCursor,
  ReaderRow,
  ReadersRepository,
  RelatedReaderRow,
} from './readers.repository.js';

export interface RelationshipsServiceDeps {
  db: Db;
  readers: ReadersRepository;
  events: DomainEvents;
}

/** A reader as one asker may see them. */
export interface ReaderAccess {
  reader: ReaderRow;
  privacy: ReaderPrivacy;
  access: ProfileAccess;
  /** The asker's follow of the reader. */
  follow: FollowRowState | null;
  /** The reader's follow of the asker. */
  followsYou: FollowRowState | null;
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
 * blocks. Other modules ask it who is hidden from whom (`hiddenFrom`), whose activity a reader may
 * see (`feedSources`) and who may see an actor's activity (`audienceOf`); nobody else reads its tables.
 */
export function createRelationshipsService({ db, readers, events }: RelationshipsServiceDeps) {
  /** The reader and how much of them `viewer` may see; 404 when the id names nobody. */
  async function accessOf(viewer: Actor | null, readerId: string, tx: Db = db): Promise<ReaderAccess> {
    const reader = await readers.findReader(readerId, tx);
    if (!reader) throw new NotFoundError();
    const privacy = await readers.privacyOf(readerId, tx);
    const self = viewer?.userId === readerId;
    const [follow, followsYou, blocked] =
      viewer && !self
        ? await Promise.all([
            readers.followState(viewer.userId, readerId, tx),
            readers.followState(readerId, viewer.userId, tx),
            readers.isBlockedEither(viewer.userId, readerId, tx),
          ])
        : [null, null, false];
    const access = profileAccess({
      status: reader.status,
      visibility: privacy.profileVisibility,
      self,
      follow,
      blocked,
    });
    return { reader, privacy, access, follow, followsYou };
  }

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

  /** Everyone the user blocked or was blocked by (empty for visitors). */
  function hiddenFrom(userId: string | null | undefined): Promise<string[]> {
    return userId ? readers.hiddenFrom(userId) : Promise.resolve([]);
  }

  /** Of `others`, those hidden from `userId` by a block either way. */
  async function hiddenAmong(userId: string | null, others: readonly string[]): Promise<Set<string>> {
    if (!userId || others.length === 0) return new Set();
    const hidden = new Set(await readers.hiddenFrom(userId));
    return new Set(others.filter((id) => hidden.has(id)));
  }

  /**
   * Who may see activity of kind `kind` by `actorId` live: their followers, unless the actor's profile
   * is private, or (reading activity) the actor hides the reading list.
   */
  async function audienceOf(actorId: string, readingActivity: boolean): Promise<string[]> {
    const privacy = await readers.privacyOf(actorId);
    if (privacy.profileVisibility === 'private') return [];
    if (readingActivity && !privacy.showReadingList) return [];
    return readers.audienceOf(actorId);
  }

  return {
    accessOf,
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
    hiddenFrom,
    hiddenAmong,
    feedSources: (viewerId: string) => readers.feedSources(viewerId),
    audienceOf,
    /** Followers and followees counted as `viewer` sees their lists. */
    followCounts: (viewer: Actor | null, userId: string) =>
      readers.followCounts(userId, viewer?.userId ?? null),
    followStatesOf: (viewerId: string, ids: string[]) => readers.followStatesOf(viewerId, ids),
  };
}

export type RelationshipsService = ReturnType<typeof createRelationshipsService>;

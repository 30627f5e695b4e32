import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CLUB_LIMITS,
  isGenreSlug,
  type ClubCreate,
  type ClubJoinDecision,
  type ClubMessagesQuery,
  type ClubPatch,
  type ClubRole,
  type ClubSearchQuery,
  type ClubTopicInput,
  type ClubTopicReplyInput,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { ClubMeetingRow, ClubRow, NewClubRow } from '../../db/schema/index.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import {
  AppError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../../lib/errors.js';
import {
  acceptImageHead,
  IMAGE_CONTENT_TYPES,
  IMAGE_HEAD_BYTES,
  ImageDimensionsError,
  imageDimensionsError,
  imageType,
  type ImageExtension,
} from '../../lib/file-type.js';
import { StorageRejectedError, StorageTooLargeError, type Storage } from '../../lib/storage.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { TILE_FIELDS, type BookTile } from '../books/book-card.js';
import type { BooksService } from '../books/books.service.js';
import type { Actor } from '../users/users.policy.js';
import { assertCanSeeInside, assertMember, assertModerator, canSeeInside, isMember } from './clubs.policy.js';
import type { ClubsDirectoryRepository } from './clubs.directory.repository.js';
import type {
  ClubFacts,
  ClubsRepository,
  MemberRow,
  MembershipState,
  MessageWithAuthor,
  TopicReplyWithAuthor,
  TopicWithAuthor,
} from './clubs.repository.js';

/** Who is hidden from whom (blocks), answered by the readers module. */
export interface HiddenReaders {
  hiddenFrom(userId: string | null | undefined): Promise<string[]>;
}

export interface ClubsServiceDeps {
  db: Db;
  clubs: ClubsRepository;
  /** The public clubs listed in the sitemap. */
  directory: ClubsDirectoryRepository;
  storage: Storage;
  events: DomainEvents;
  /** The books module: a club's current and next book (their tiles, even once inactive). */
  books: Pick<BooksService, 'findActive' | 'cards'>;
  /** Chat messages per user per window (in Redis when REDIS_URL is set). */
  chatLimiter?: Pick<RateLimiter, 'hit'>;
  /** Readers who blocked each other do not see each other's chat messages. */
  relationships?: HiddenReaders;
}

/** A stored chat message and who must not receive it (blocked either way with its author). */
export interface SentMessage {
  stored: MessageWithAuthor;
  hiddenFrom: string[];
}

/** A club with everything the Club shape shows, seen by one viewer. */
export interface ClubView extends ClubFacts {
  currentBook: BookTile | null;
  nextBook: BookTile | null;
}

/** A club as one viewer sees it: `restricted` when only the name may be shown. */
export interface ClubForViewer extends ClubView {
  restricted: boolean;
}

/** Things to announce once the transaction has committed. */
type AfterCommit = Array<() => Promise<void>>;

const COVER_EXTENSIONS = new Set<string>(['jpg', 'png', 'webp']);

export function createClubsService({
  db,
  clubs,
  directory,
  storage,
  events,
  books,
  chatLimiter,
  relationships,
}: ClubsServiceDeps) {
  const hiddenFrom = (userId: string | null | undefined) =>
    relationships ? relationships.hiddenFrom(userId) : Promise.resolve([]);

  async function run(after: AfterCommit): Promise<void> {
    for (const task of after) await task();
  }

  async function forViewer(rows: ClubRow[], viewerId: string | null, tx: Db = db): Promise<ClubForViewer[]> {
    const views = await clubs.views(rows, viewerId, tx);
    const bookIds = rows.flatMap((row) => [row.currentBookId, row.nextBookId]).filter((id) => id !== null);
    const tiles = new Map(
      (await books.cards(bookIds, { fields: TILE_FIELDS, includeInactive: true }, tx)).map((book) => [
        book.id,
        book,
      ]),
    );
    const tileOf = (id: string | null) => (id ? (tiles.get(id) ?? null) : null);
    return views.map((view) => ({
      ...view,
      currentBook: tileOf(view.club.currentBookId),
      nextBook: tileOf(view.club.nextBookId),
      restricted: !canSeeInside(view.club, view.membership === 'none' ? null : view.membership),
    }));
  }

  async function oneForViewer(row: ClubRow, viewerId: string | null, tx: Db = db): Promise<ClubForViewer> {
    const [view] = await forViewer([row], viewerId, tx);
    if (!view) throw new NotFoundError();
    return view;
  }

  /** The club and the caller's state in it; 404 when there is no such club. */
  async function access(
    clubId: string,
    actor: Actor | null,
    tx: Db = db,
  ): Promise<{ club: ClubRow; state: MembershipState | null }> {
    const club = await clubs.findById(clubId, tx);
    if (!club) throw new NotFoundError();
    const state = actor ? await clubs.membershipOf(clubId, actor.userId, tx) : null;
    return { club, state };
  }

  /** Like `access`, with the club row locked for the transaction. */
  async function lockedAccess(clubId: string, actor: Actor, tx: Db) {
    const club = await clubs.lock(clubId, tx);
    if (!club) throw new NotFoundError();
    return { club, state: await clubs.membershipOf(clubId, actor.userId, tx) };
  }

  async function assertBook(field: 'currentBookId' | 'nextBookId', bookId: string, tx: Db): Promise<string> {
    const book = await books.findActive(bookId, tx);
    if (!book) throw new ValidationError({ [field]: 'clubs.bookNotFound' });
    return book.title;
  }

  function search(actor: Actor | null, query: ClubSearchQuery): Promise<ClubForViewer[]> {
    const viewerId = actor?.userId ?? null;
    return clubs
      .search({
        q: query.q || undefined,
        mine: query.mine === 'true',
        genre: query.genre,
        limit: query.limit,
        viewerId,
      })
      .then((rows) => forViewer(rows, viewerId));
  }

  /** Creates a club; the creator is its moderator. */
  function create(actor: Actor, input: ClubCreate): Promise<ClubForViewer> {
    return db.transaction(async (tx) => {
      const club = await clubs.insert(
        {
          name: input.name,
          description: input.description,
          visibility: input.visibility,
          genreFocus: input.genre_focus,
          createdBy: actor.userId,
        },
        tx,
      );
      await clubs.setMembership(club.id, actor.userId, 'moderator', tx);
      return oneForViewer(club, actor.userId, tx);
    });
  }

  async function get(actor: Actor | null, clubId: string): Promise<ClubForViewer> {
    const { club } = await access(clubId, actor);
    return oneForViewer(club, actor?.userId ?? null);
  }

  /** Moderator settings: club fields, current and next book, next meeting. Events go out after commit. */
  async function patch(actor: Actor, clubId: string, input: ClubPatch): Promise<ClubForViewer> {
    const after: AfterCommit = [];
    const result = await db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      assertModerator(club, state);
      const changes: Partial<NewClubRow> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.description !== undefined) changes.description = input.description;
      if (input.visibility !== undefined) changes.visibility = input.visibility;
      if (input.genre_focus !== undefined) changes.genreFocus = input.genre_focus;
      let newBookTitle: string | null = null;
      if (input.currentBookId !== undefined) {
        if (input.currentBookId !== null) {
          const title = await assertBook('currentBookId', input.currentBookId, tx);
          if (input.currentBookId !== club.currentBookId) newBookTitle = title;
        }
        changes.currentBookId = input.currentBookId;
      }
      if (input.nextBookId !== undefined) {
        if (input.nextBookId !== null) await assertBook('nextBookId', input.nextBookId, tx);
        changes.nextBookId = input.nextBookId;
      }
      const updated = Object.keys(changes).length > 0 ? await clubs.update(clubId, changes, tx) : club;
      if (!updated) throw new NotFoundError();

      let scheduled: ClubMeetingRow | null = null;
      if (input.nextMeeting !== undefined) {
        const upcoming = await clubs.upcomingMeeting(clubId, tx);
        if (input.nextMeeting === null) {
          if (upcoming) await clubs.deleteMeeting(upcoming.id, tx);
        } else {
          const values = {
            startsAt: new Date(input.nextMeeting.startsAt),
            title: input.nextMeeting.title || null,
            location: input.nextMeeting.location || null,
          };
          scheduled = upcoming
            ? await clubs.updateMeeting(upcoming.id, values, tx)
            : await clubs.insertMeeting({ ...values, clubId, createdBy: actor.userId }, tx);
        }
      }

      if (newBookTitle !== null || scheduled) {
        const { members } = await clubs.memberIds(clubId, tx);
        if (newBookTitle !== null && input.currentBookId) {
          const payload = {
            clubId,
            clubName: updated.name,
            bookId: input.currentBookId,
            bookTitle: newBookTitle,
            memberIds: members,
            actorId: actor.userId,
          };
          after.push(() => events.emit('club.currentBookChanged', payload));
        }
        if (scheduled) {
          const payload = {
            clubId,
            clubName: updated.name,
            startsAt: scheduled.startsAt.toISOString(),
            memberIds: members,
            actorId: actor.userId,
          };
          after.push(() => events.emit('club.meetingScheduled', payload));
        }
      }
      return oneForViewer(updated, actor.userId, tx);
    });
    await run(after);
    return result;
  }

  /** Checks the caller may change the cover (before the upload is read). */
  async function assertCanEditCover(actor: Actor, clubId: string): Promise<void> {
    const { club, state } = await access(clubId, actor);
    assertModerator(club, state);
  }

  /**
   * Stores an uploaded cover (≤ 2 MB, jpeg/png/webp by content) under `clubs/` and points the club
   * at it; the previous file is removed. 413 / 415 leave the club unchanged.
   */
  async function setCover(actor: Actor, clubId: string, source: Readable): Promise<ClubForViewer> {
    await assertCanEditCover(actor, clubId);
    const token = randomBytes(8).toString('hex');
    const temporary = `clubs/${clubId}-${token}.upload`;
    let extension: ImageExtension;
    try {
      const { head } = await storage.putStream(temporary, source, {
        maxBytes: CLUB_LIMITS.coverMaxBytes,
        accept: acceptImageHead,
        headBytes: IMAGE_HEAD_BYTES,
      });
      const sniffed = imageType(head);
      if (!sniffed) throw new StorageRejectedError();
      extension = sniffed;
    } catch (error) {
      if (error instanceof StorageTooLargeError)
        throw new AppError('TOO_LARGE', { messageKey: 'clubs.coverTooLarge' });
      if (error instanceof StorageRejectedError)
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', { messageKey: 'clubs.coverType' });
      if (error instanceof ImageDimensionsError) throw imageDimensionsError('cover');
      throw error;
    }
    const key = `clubs/${clubId}-${token}.${extension}`;
    await storage.move(temporary, key);
    try {
      const { view, previous } = await db.transaction(async (tx) => {
        const { club, state } = await lockedAccess(clubId, actor, tx);
        assertModerator(club, state);
        const updated = await clubs.update(clubId, { coverKey: key }, tx);
        if (!updated) throw new NotFoundError();
        return { view: await oneForViewer(updated, actor.userId, tx), previous: club.coverKey };
      });
      if (previous) await storage.remove(previous).catch(() => undefined);
      return view;
    } catch (error) {
      await storage.remove(key).catch(() => undefined);
      throw error;
    }
  }

  /** The cover file for whoever may see the club's insides; 404 otherwise or when there is none. */
  /**
   * The cover file. `version` is the random part of the stored key, handed out only in the club's
   * `coverImage` URL to those who may see the club: it works as a capability, so an `<img>` (which
   * cannot send the bearer token) shows a private club's cover to its members. Without it the
   * caller must be able to see inside the club.
   */
  async function cover(actor: Actor | null, clubId: string, version?: string) {
    const { club, state } = await access(clubId, actor);
    if (!club.coverKey) throw new NotFoundError();
    const keyVersion = club.coverKey.slice(
      club.coverKey.lastIndexOf('-') + 1,
      club.coverKey.lastIndexOf('.'),
    );
    if (version === undefined || version !== keyVersion) assertCanSeeInside(club, state);
    const extension = club.coverKey.slice(club.coverKey.lastIndexOf('.') + 1);
    if (!COVER_EXTENSIONS.has(extension)) throw new NotFoundError();
    const file = await storage.open(club.coverKey);
    if (!file) throw new NotFoundError();
    return { ...file, type: IMAGE_CONTENT_TYPES[extension as ImageExtension] };
  }

  /** Public club: member at once. Private: a pending request (moderators hear of it). Idempotent. */
  async function join(actor: Actor, clubId: string): Promise<ClubForViewer> {
    const after: AfterCommit = [];
    const result = await db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      if (club.visibility === 'public') {
        if (!isMember(state)) {
          await clubs.setMembership(clubId, actor.userId, 'member', tx);
          const { moderators } = await clubs.memberIds(clubId, tx);
          const payload = {
            clubId,
            clubName: club.name,
            userId: actor.userId,
            visibility: 'public' as const,
            moderatorIds: moderators,
          };
          after.push(() => events.emit('club.memberJoined', payload));
        }
      } else if (state === null) {
        await clubs.setMembership(clubId, actor.userId, 'pending', tx);
        const { moderators } = await clubs.memberIds(clubId, tx);
        const payload = { clubId, clubName: club.name, actorId: actor.userId, moderatorIds: moderators };
        after.push(() => events.emit('club.joinRequested', payload));
      }
      return oneForViewer(club, actor.userId, tx);
    });
    await run(after);
    return result;
  }

  /**
   * Leave (or withdraw a request). The last moderator cannot leave while other members remain
   * (409); when the last member leaves, the club is deleted with everything in it.
   */
  async function leave(actor: Actor, clubId: string): Promise<void> {
    const outcome = await db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      if (state === null) return { wasMember: false, removedCover: null, moderatorIds: [] };
      const wasMember = isMember(state);
      const { members, moderators } = await clubs.memberIds(clubId, tx);
      if (wasMember) {
        if (members.length === 1) {
          await clubs.remove(clubId, tx);
          return { wasMember, removedCover: club.coverKey, moderatorIds: [] };
        }
        if (state === 'moderator' && moderators.length === 1) throw new ConflictError('clubs.lastModerator');
      }
      await clubs.deleteMembership(clubId, actor.userId, tx);
      return { wasMember, removedCover: null, moderatorIds: moderators.filter((id) => id !== actor.userId) };
    });
    if (outcome.removedCover) await storage.remove(outcome.removedCover).catch(() => undefined);
    if (outcome.wasMember)
      await events.emit('club.memberLeft', {
        clubId,
        userId: actor.userId,
        removedBy: null,
        moderatorIds: outcome.moderatorIds,
      });
  }

  async function members(actor: Actor | null, clubId: string): Promise<MemberRow[]> {
    const { club, state } = await access(clubId, actor);
    assertCanSeeInside(club, state);
    return clubs.members(clubId, 'members');
  }

  /** Promote or demote a member; the last moderator cannot be demoted. */
  async function setRole(actor: Actor, clubId: string, userId: string, role: ClubRole): Promise<MemberRow> {
    return db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      assertModerator(club, state);
      const target = await clubs.membershipOf(clubId, userId, tx);
      if (!isMember(target)) throw new NotFoundError('clubs.notAMember');
      if (target === 'moderator' && role === 'member') {
        const { moderators } = await clubs.memberIds(clubId, tx);
        if (moderators.length === 1) throw new ConflictError('clubs.lastModerator');
      }
      if (target !== role) await clubs.setMembership(clubId, userId, role, tx);
      const row = (await clubs.members(clubId, 'members', tx)).find((member) => member.user.id === userId);
      if (!row) throw new NotFoundError('clubs.notAMember');
      return row;
    });
  }

  /** A moderator removes a member (not a moderator: demote first). */
  async function removeMember(actor: Actor, clubId: string, userId: string): Promise<void> {
    const moderatorIds = await db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      assertModerator(club, state);
      const target = await clubs.membershipOf(clubId, userId, tx);
      if (!isMember(target)) throw new NotFoundError('clubs.notAMember');
      if (target === 'moderator') throw new ConflictError('clubs.removeModerator');
      await clubs.deleteMembership(clubId, userId, tx);
      return (await clubs.memberIds(clubId, tx)).moderators;
    });
    await events.emit('club.memberLeft', { clubId, userId, removedBy: actor.userId, moderatorIds });
  }

  async function requests(actor: Actor, clubId: string): Promise<MemberRow[]> {
    const { club, state } = await access(clubId, actor);
    assertModerator(club, state);
    return clubs.members(clubId, 'pending');
  }

  async function decide(
    actor: Actor,
    clubId: string,
    userId: string,
    input: ClubJoinDecision,
  ): Promise<void> {
    const approved = input.decision === 'approve';
    const { club, moderatorIds } = await db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      assertModerator(club, state);
      if ((await clubs.membershipOf(clubId, userId, tx)) !== 'pending')
        throw new NotFoundError('clubs.noRequest');
      if (approved) await clubs.approve(clubId, userId, tx);
      else await clubs.deleteMembership(clubId, userId, tx);
      return { club, moderatorIds: (await clubs.memberIds(clubId, tx)).moderators };
    });
    await events.emit('club.joinDecided', { clubId, clubName: club.name, userId, approved });
    if (approved)
      await events.emit('club.memberJoined', {
        clubId,
        clubName: club.name,
        userId,
        visibility: club.visibility === 'private' ? 'private' : 'public',
        moderatorIds,
      });
  }

  // Chat -----------------------------------------------------------------------------------------

  /** Members only; ids name messages of this club (404 otherwise). */
  async function messages(
    actor: Actor,
    clubId: string,
    query: ClubMessagesQuery,
  ): Promise<{ rows: MessageWithAuthor[]; hasMore: boolean }> {
    const { club, state } = await access(clubId, actor);
    assertMember(club, state);
    if (query.before && query.after) throw new ValidationError({ after: 'validation.invalid' });
    const cursor = query.before ?? query.after;
    let seq: number | undefined;
    if (cursor) {
      seq = await clubs.messageSeq(clubId, cursor);
      if (seq === undefined)
        throw new ValidationError({ [query.before ? 'before' : 'after']: 'validation.invalid' });
    }
    return clubs.messages(
      clubId,
      {
        beforeSeq: query.before ? seq : undefined,
        afterSeq: query.after ? seq : undefined,
        limit: query.limit,
      },
      await hiddenFrom(actor.userId),
    );
  }

  /** Entering a club's chat room (socket `club:join`): members only (404 / 403 as for REST). */
  async function joinChat(actor: Actor, clubId: string): Promise<void> {
    const { club, state } = await access(clubId, actor);
    assertMember(club, state);
  }

  /**
   * Sends a chat message (socket `club:message`; content already validated): members only, at most
   * `CLUB_LIMITS.messagesPerWindow` per window (429 with the wait). The membership check and the
   * insert are one statement; only a refusal reads more to tell 404 from 403. Answers the stored
   * message and the readers blocked either way with its author, who must not receive it.
   */
  async function sendMessage(actor: Actor, clubId: string, content: string): Promise<SentMessage> {
    if (chatLimiter) {
      const verdict = await chatLimiter.hit(`chat:${actor.userId}`);
      if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds, 'clubs.messageRateLimited');
    }
    const stored = await clubs.insertMessageIfMember(clubId, actor.userId, content);
    if (!stored) {
      const { club, state } = await access(clubId, actor);
      assertMember(club, state);
      throw new NotFoundError();
    }
    return { stored, hiddenFrom: await hiddenFrom(actor.userId) };
  }

  // Readers and genres ---------------------------------------------------------------------------

  /** The public clubs a reader belongs to (a profile), most members first. */
  function publicClubsOf(userId: string, limit: number) {
    return clubs.publicClubsOf(userId, limit);
  }

  /** A genre's groups: its public clubs, most members first, paged; 404 for an unknown genre. */
  async function genreGroups(
    actor: Actor | null,
    genre: string,
    page: { page: number; pageSize: number },
  ): Promise<{ views: ClubForViewer[]; total: number }> {
    if (!isGenreSlug(genre)) throw new NotFoundError();
    const { rows, total } = await clubs.genreGroups(genre, page);
    return { views: await forViewer(rows, actor?.userId ?? null), total };
  }

  /** Of `ids`, the public clubs with their names (the activity feed shows only those). */
  function publicNames(ids: string[]): Promise<Map<string, string>> {
    return clubs.publicNames(ids);
  }

  // Discussions ----------------------------------------------------------------------------------

  async function topics(actor: Actor | null, clubId: string): Promise<TopicWithAuthor[]> {
    const { club, state } = await access(clubId, actor);
    assertCanSeeInside(club, state);
    return clubs.topics(clubId);
  }

  async function topic(
    actor: Actor | null,
    clubId: string,
    topicId: string,
  ): Promise<{ topic: TopicWithAuthor; replies: TopicReplyWithAuthor[] }> {
    const { club, state } = await access(clubId, actor);
    assertCanSeeInside(club, state);
    const found = await clubs.topic(clubId, topicId);
    if (!found) throw new NotFoundError();
    return { topic: found, replies: await clubs.topicReplies(topicId) };
  }

  async function createTopic(actor: Actor, clubId: string, input: ClubTopicInput): Promise<TopicWithAuthor> {
    const { club, state } = await access(clubId, actor);
    assertMember(club, state);
    const row = await clubs.insertTopic(clubId, actor.userId, input.title, input.body);
    const found = await clubs.topic(clubId, row.id);
    if (!found) throw new NotFoundError();
    return found;
  }

  async function replyToTopic(
    actor: Actor,
    clubId: string,
    topicId: string,
    input: ClubTopicReplyInput,
  ): Promise<TopicReplyWithAuthor> {
    const { club, state } = await access(clubId, actor);
    assertMember(club, state);
    if (!(await clubs.topic(clubId, topicId))) throw new NotFoundError();
    const reply = await db.transaction((tx) => clubs.insertTopicReply(topicId, actor.userId, input.body, tx));
    const author = await clubs.findPerson(actor.userId);
    if (!author) throw new NotFoundError();
    return { reply, author };
  }

  // Meetings -------------------------------------------------------------------------------------

  async function meetings(actor: Actor | null, clubId: string, when: 'upcoming' | 'past') {
    const { club, state } = await access(clubId, actor);
    assertCanSeeInside(club, state);
    return clubs.meetings({ clubId }, when, CLUB_LIMITS.listMax);
  }

  function myMeetings(actor: Actor, when: 'upcoming' | 'past') {
    return clubs.meetings({ memberId: actor.userId }, when, CLUB_LIMITS.listMax);
  }

  return {
    /** Public clubs for the sitemap (private ones are never listed). */
    sitemap: {
      count: () => directory.countPublic(),
      page: (offset: number, limit: number) => directory.publicPage(offset, limit),
    },
    search,
    create,
    get,
    patch,
    assertCanEditCover,
    setCover,
    cover,
    join,
    leave,
    members,
    setRole,
    removeMember,
    requests,
    decide,
    messages,
    joinChat,
    sendMessage,
    publicClubsOf,
    genreGroups,
    publicNames,
    topics,
    topic,
    createTopic,
    replyToTopic,
    meetings,
    myMeetings,
  };
}

export type ClubsService = ReturnType<typeof createClubsService>;

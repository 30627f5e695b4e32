import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CLUB_LIMITS,
  isGenreSlug,
  type ClubCreate,
  type ClubPatch,
  type ClubSearchQuery,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { ClubMeetingRow, NewClubRow } from '../../db/schema/index.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { lockCap } from '../../db/locks.js';
import { AppError, NotFoundError, RateLimitedError, ValidationError } from '../../lib/errors.js';
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
import { addDays, DAY_MS, now } from '../../lib/time.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { BooksService } from '../books/books.service.js';
import type { Actor } from '../../lib/actor.js';
import type { MayPost } from '../users/posting.policy.js';
import type { PeopleVisibility } from '../../lib/visibility.js';
import { createClubAccess, runAfterCommit, type AfterCommit, type ClubForViewer } from './clubs.access.js';
import type { ClubsDirectoryRepository } from './clubs.directory.repository.js';
import { createClubMembership } from './clubs.membership.service.js';
import { assertCanSeeInside, assertModerator } from './clubs.policy.js';
import type { ClubsRepository } from './clubs.repository.js';
import type { ClubTalkRepository } from './clubs.talk.repository.js';
import { createClubTalk } from './clubs.talk.service.js';

export interface ClubsServiceDeps {
  db: Db;
  clubs: ClubsRepository;
  /** A club's chat, topics and meetings. */
  talk: ClubTalkRepository;
  /** The public clubs listed in the sitemap. */
  directory: ClubsDirectoryRepository;
  storage: Storage;
  events: DomainEvents;
  /** The books module: a club's current and next book (their tiles, even once inactive). */
  books: Pick<BooksService, 'findActive' | 'cards'>;
  /** Chat messages per user per window (in Redis when REDIS_URL is set). */
  chatLimiter?: Pick<RateLimiter, 'hit'>;
  /**
   * Readers who blocked each other see neither the other's chat messages, topics and replies nor each
   * other in member lists and requests (nor in the counts).
   */
  visibility: Pick<PeopleVisibility, 'hiddenFrom'>;
  /** The posting policy (a confirmed address, when the site requires one). */
  mayPost?: MayPost;
  /** The site's public address (`PUBLIC_URL`): a meeting's calendar file links to its club's page. */
  publicUrl: string;
}

/** A club's page on the site, absolute. */
export function clubPageUrl(publicUrl: string, clubId: string): string {
  const url = new URL('/community/bookclub', `${publicUrl}/`);
  url.searchParams.set('club', clubId);
  return url.href;
}

const COVER_EXTENSIONS = new Set<string>(['jpg', 'png', 'webp']);

/**
 * Book clubs (spec §6): a club and its settings, cover, directory and genre groups here; who belongs
 * to it in clubs.membership.service.ts; its chat, topics and meetings in clubs.talk.service.ts.
 */
export function createClubsService({
  db,
  clubs,
  talk,
  directory,
  storage,
  events,
  books,
  chatLimiter,
  visibility,
  mayPost,
  publicUrl,
}: ClubsServiceDeps) {
  const { hiddenFrom } = visibility;
  const clubAccess = createClubAccess({ db, clubs, books });
  const { forViewer, oneForViewer, access, lockedAccess } = clubAccess;

  async function assertBook(field: 'currentBookId' | 'nextBookId', bookId: string, tx: Db): Promise<string> {
    const book = await books.findActive(bookId, tx);
    if (!book) throw new ValidationError({ [field]: 'clubs.bookNotFound' });
    return book.title;
  }

  async function search(actor: Actor | null, query: ClubSearchQuery): Promise<ClubForViewer[]> {
    const viewerId = actor?.userId ?? null;
    const [rows, hidden] = await Promise.all([
      clubs.search({
        q: query.q || undefined,
        mine: query.mine === 'true',
        genre: query.genre,
        limit: query.limit,
        viewerId,
      }),
      hiddenFrom(actor),
    ]);
    return forViewer(rows, viewerId, db, hidden);
  }

  /**
   * Creates a club; the creator is its moderator. At most `CLUB_LIMITS.createdPerDay` started in 24
   * hours and `CLUB_LIMITS.ownedMax` owned (moderated) at once per reader (429): the reader's creations
   * queue on one lock, so parallel requests cannot all pass the count.
   */
  function create(actor: Actor, input: ClubCreate): Promise<ClubForViewer> {
    return db.transaction(async (tx) => {
      await lockCap(tx, 'clubs.create', actor.userId);
      const counts = await clubs.creationCounts(actor.userId, addDays(now(), -1), tx);
      if (counts.owned >= CLUB_LIMITS.ownedMax)
        throw new RateLimitedError(DAY_MS / 1000, 'clubs.tooManyOwned', { max: CLUB_LIMITS.ownedMax });
      if (counts.started >= CLUB_LIMITS.createdPerDay) {
        const until = addDays(counts.firstStartedAt ?? now(), 1);
        throw new RateLimitedError((until.getTime() - now().getTime()) / 1000, 'clubs.tooManyToday', {
          max: CLUB_LIMITS.createdPerDay,
        });
      }
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
    const [{ club }, hidden] = await Promise.all([access(clubId, actor), hiddenFrom(actor)]);
    return oneForViewer(club, actor?.userId ?? null, db, hidden);
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
        const upcoming = await talk.upcomingMeeting(clubId, tx);
        if (input.nextMeeting === null) {
          if (upcoming) await talk.deleteMeeting(upcoming.id, tx);
        } else {
          const values = {
            startsAt: new Date(input.nextMeeting.startsAt),
            title: input.nextMeeting.title || null,
            location: input.nextMeeting.location || null,
          };
          scheduled = upcoming
            ? await talk.updateMeeting(upcoming.id, values, tx)
            : await talk.insertMeeting({ ...values, clubId, createdBy: actor.userId }, tx);
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
    await runAfterCommit(after);
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

  // Readers and genres ---------------------------------------------------------------------------

  /**
   * The public clubs a reader belongs to (a profile), most members first; members blocked either way
   * with the viewer are not counted.
   */
  async function publicClubsOf(viewer: Actor | null, userId: string, limit: number) {
    return clubs.publicClubsOf(userId, limit, await hiddenFrom(viewer));
  }

  /** A genre's groups: its public clubs, most members first, paged; 404 for an unknown genre. */
  async function genreGroups(
    actor: Actor | null,
    genre: string,
    page: { page: number; pageSize: number },
  ): Promise<{ views: ClubForViewer[]; total: number }> {
    if (!isGenreSlug(genre)) throw new NotFoundError();
    const [{ rows, total }, hidden] = await Promise.all([clubs.genreGroups(genre, page), hiddenFrom(actor)]);
    return { views: await forViewer(rows, actor?.userId ?? null, db, hidden), total };
  }

  /** Of `ids`, the public clubs with their names (the activity feed shows only those). */
  function publicNames(ids: string[]): Promise<Map<string, string>> {
    return clubs.publicNames(ids);
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
    ...createClubMembership({ db, clubs, access: clubAccess, storage, events, visibility }),
    ...createClubTalk({
      db,
      clubs,
      talk,
      access: clubAccess,
      chatLimiter,
      visibility,
      mayPost,
      calendarLinks: (clubId) => ({
        clubUrl: clubPageUrl(publicUrl, clubId),
        host: new URL(publicUrl).hostname,
      }),
    }),
    publicClubsOf,
    genreGroups,
    publicNames,
  };
}

export type ClubsService = ReturnType<typeof createClubsService>;

import { FEED_LIMITS, type FeedKind, type FeedQuery } from '@nebab/shared';
import type { DomainEvents } from '../../lib/domain-events.js';
import { ValidationError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { Actor } from '../../lib/actor.js';
import type { PeopleVisibility } from '../../lib/visibility.js';
import type { FeedRecord, FeedRepository, FeedRow } from './feed.repository.js';

/** An entry ready to show: the row with the list's or club's current name. */
export interface FeedView extends FeedRow {
  list: { id: string; title: string } | null;
  club: { id: string; name: string } | null;
}

/** What the feed asks other modules (each answers from its own tables). */
export interface FeedDeps {
  feed: FeedRepository;
  events: DomainEvents;
  logger: Pick<Logger, 'error'>;
  /** Whose activity a reader sees, and who sees a reader's activity live (follows, privacy, blocks). */
  visibility: Pick<PeopleVisibility, 'activitySources' | 'activityAudience'>;
  lists: { publicTitles(ids: string[]): Promise<Map<string, string>> };
  clubs: { publicNames(ids: string[]): Promise<Map<string, string>> };
}

/** A new or moved entry and who may see it now. */
export interface FeedPush {
  view: FeedView;
  recipientIds: string[];
}

type PushListener = (push: FeedPush) => void;
type RemovedListener = (removed: { ids: string[]; recipientIds: string[] }) => void;

const READING_KINDS: ReadonlySet<FeedKind> = new Set(['started', 'finished']);

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > FEED_LIMITS.excerptMax ? `${flat.slice(0, FEED_LIMITS.excerptMax - 1)}…` : flat;
}

function decodeCursor(cursor: string | undefined): number | undefined {
  if (!cursor) return undefined;
  if (!/^\d{1,15}$/.test(cursor)) throw new ValidationError({ cursor: 'validation.invalid' });
  return Number(cursor);
}

/**
 * The activity feed. It writes its own table from the domain events (reading list, reviews, lists,
 * clubs) and never reads theirs; whose entries a reader sees is decided at every read from the
 * readers module (follows, privacy, blocks), and lists and clubs show only while public.
 */
export function createFeedService({ feed, events, logger, visibility, lists, clubs }: FeedDeps) {
  const pushListeners = new Set<PushListener>();
  const removedListeners = new Set<RemovedListener>();

  function tell<T>(listeners: Set<(value: T) => void>, value: T): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (error) {
        logger.error({ err: error }, 'feed listener failed');
      }
    }
  }

  /** Adds names of lists and clubs; drops entries whose list or club is not public (any more). */
  async function enrich(rows: FeedRow[]): Promise<FeedView[]> {
    const listIds = [...new Set(rows.flatMap((row) => (row.entry.listId ? [row.entry.listId] : [])))];
    const clubIds = [...new Set(rows.flatMap((row) => (row.entry.clubId ? [row.entry.clubId] : [])))];
    const [listTitles, clubNames] = await Promise.all([
      lists.publicTitles(listIds),
      clubs.publicNames(clubIds),
    ]);
    const views: FeedView[] = [];
    for (const row of rows) {
      const { listId, clubId } = row.entry;
      const listTitle = listId ? listTitles.get(listId) : undefined;
      const clubName = clubId ? clubNames.get(clubId) : undefined;
      if (listId && listTitle === undefined) continue;
      if (clubId && clubName === undefined) continue;
      if (row.entry.bookId && !row.book) continue;
      views.push({
        ...row,
        list: listId && listTitle !== undefined ? { id: listId, title: listTitle } : null,
        club: clubId && clubName !== undefined ? { id: clubId, name: clubName } : null,
      });
    }
    return views;
  }

  async function record(entry: FeedRecord, bump: boolean): Promise<void> {
    const { id, pushed } = await feed.record(entry, bump);
    if (!pushed || pushListeners.size === 0) return;
    const recipientIds = await visibility.activityAudience(entry.actorId, READING_KINDS.has(entry.kind));
    if (recipientIds.length === 0) return;
    const row = await feed.findById(id);
    const [view] = row ? await enrich([row]) : [];
    if (view) tell(pushListeners, { view, recipientIds });
  }

  async function removed(actorId: string, ids: string[]): Promise<void> {
    if (ids.length === 0 || removedListeners.size === 0) return;
    const recipientIds = await visibility.activityAudience(actorId, false);
    if (recipientIds.length > 0) tell(removedListeners, { ids, recipientIds });
  }

  /** Turns the domain events into feed entries. */
  function listen(): () => void {
    const stops = [
      events.on('readingList.statusChanged', async (event) => {
        if (event.status === 'currentlyReading')
          await record(
            {
              actorId: event.userId,
              kind: 'started',
              bookId: event.bookId,
              dedupeKey: `started:${event.bookId}`,
            },
            true,
          );
        if (event.status === 'completed')
          await record(
            {
              actorId: event.userId,
              kind: 'finished',
              bookId: event.bookId,
              dedupeKey: `finished:${event.bookId}`,
            },
            true,
          );
      }),
      events.on('review.changed', async (event) => {
        if (!event.visible) {
          const gone = await feed.removeByReview(event.reviewId);
          await removed(
            event.authorId,
            gone.map((row) => row.id),
          );
          return;
        }
        const common = {
          actorId: event.authorId,
          bookId: event.bookId,
          reviewId: event.reviewId,
          rating: event.rating,
        };
        await record(
          {
            ...common,
            kind: 'reviewed',
            dedupeKey: `reviewed:${event.reviewId}`,
            data: { excerpt: excerpt(event.comment) },
          },
          event.created,
        );
        if (event.ratingChanged && !event.created)
          await record({ ...common, kind: 'rated', dedupeKey: `rated:${event.reviewId}` }, true);
      }),
      events.on('list.bookAdded', async (event) => {
        if (!event.public) return;
        await record(
          {
            actorId: event.actorId,
            kind: 'listed',
            bookId: event.bookId,
            listId: event.listId,
            dedupeKey: `listed:${event.listId}:${event.bookId}`,
          },
          true,
        );
      }),
      events.on('club.memberJoined', async (event) => {
        if (event.visibility !== 'public') return;
        await record(
          {
            actorId: event.userId,
            kind: 'joinedClub',
            clubId: event.clubId,
            dedupeKey: `club:${event.clubId}`,
          },
          true,
        );
      }),
      events.on('club.memberLeft', async (event) => {
        await removed(event.userId, await feed.removeByKey(event.userId, `club:${event.clubId}`));
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  /**
   * A page of the caller's feed, newest first: what the readers they follow did, as each of them
   * allows. Entries dropped at the read (a list made private, a club gone private) are replaced by
   * reading further, so a page is full unless the feed ends.
   */
  async function page(
    actor: Actor,
    query: FeedQuery,
  ): Promise<{ views: FeedView[]; nextCursor: string | null }> {
    let before = decodeCursor(query.cursor);
    const sources = await visibility.activitySources(actor);
    if (sources.length === 0) return { views: [], nextCursor: null };
    const actorIds = sources.map((source) => source.id);
    const readingIds = sources.filter((source) => source.showReadingList).map((source) => source.id);
    const views: FeedView[] = [];
    for (let round = 0; round < 4; round += 1) {
      const want = query.limit - views.length;
      const rows = await feed.page(actorIds, readingIds, before, want + 1);
      const taken = rows.slice(0, want);
      views.push(...(await enrich(taken)));
      const last = taken.at(-1);
      if (rows.length <= want || !last) return { views, nextCursor: null };
      before = last.entry.seq;
      if (views.length >= query.limit) return { views, nextCursor: String(before) };
    }
    return { views, nextCursor: before === undefined ? null : String(before) };
  }

  return {
    listen,
    page,
    /** Calls `listener` with each new or moved entry and its audience (the live push); returns a remover. */
    onPush(listener: PushListener): () => void {
      pushListeners.add(listener);
      return () => pushListeners.delete(listener);
    },
    /** Calls `listener` when entries are withdrawn; returns a remover. */
    onRemoved(listener: RemovedListener): () => void {
      removedListeners.add(listener);
      return () => removedListeners.delete(listener);
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;

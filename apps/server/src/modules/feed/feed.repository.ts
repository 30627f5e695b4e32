import type { FeedKind } from '@nebab/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { books, feedEntries, type FeedEntryData, type FeedEntryRow } from '../../db/schema/index.js';
import { selectRows, textArray } from '../../db/sql-helpers.js';
import { ACTIVE, bookCardJson, type BookTile } from '../books/book-card.js';
import { READERS, readerCardJson, type ReaderCard } from '../users/reader-card.js';

/** What an entry shows of its actor: the reader card's id, name and picture. */
const ACTOR_FIELDS = ['id', 'name', 'profilePicture'] as const;
type FeedActor = Pick<ReaderCard, (typeof ACTOR_FIELDS)[number]>;

/** What a listener records; `dedupeKey` names the thing (a repeat moves the row instead of adding one). */
export interface FeedRecord {
  actorId: string;
  kind: FeedKind;
  dedupeKey: string;
  bookId?: string | null;
  reviewId?: string | null;
  rating?: number | null;
  listId?: string | null;
  clubId?: string | null;
  data?: FeedEntryData;
}

/** A stored entry with its actor and (active) book. */
export interface FeedRow {
  entry: FeedEntryRow;
  actor: FeedActor;
  book: BookTile | null;
}

interface RawFeedRow {
  id: string;
  seq: string | number;
  actor_id: string;
  kind: string;
  book_id: string | null;
  review_id: string | null;
  rating: number | null;
  list_id: string | null;
  club_id: string | null;
  data: FeedEntryData | string | null;
  dedupe_key: string;
  created_at: Date | string;
  actor: FeedActor;
  /** The entry's book while it is active (null for an entry about no book). */
  book: BookTile | null;
}

function toFeedRow(row: RawFeedRow): FeedRow {
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as FeedEntryData) : (row.data ?? {});
  return {
    entry: {
      id: row.id,
      seq: Number(row.seq),
      actorId: row.actor_id,
      kind: row.kind,
      bookId: row.book_id,
      reviewId: row.review_id,
      rating: row.rating,
      listId: row.list_id,
      clubId: row.club_id,
      data,
      dedupeKey: row.dedupe_key,
      createdAt: new Date(row.created_at),
    },
    actor: row.actor,
    book: row.book,
  };
}

/** Entries joined with their actor and book; entries about a book that is not public (`ACTIVE`) drop out. */
function selectEntries(where: SQL, tail: SQL): SQL {
  return sql`SELECT e.*, ${readerCardJson('u', ACTOR_FIELDS)} AS actor, ${bookCardJson('b')} AS book
             FROM ${feedEntries} e
             JOIN ${READERS} u ON u.id = e.actor_id
             LEFT JOIN ${books} b ON b.id = e.book_id
             WHERE (e.book_id IS NULL OR ${ACTIVE}) AND ${where}
             ${tail}`;
}

/** Reads and writes `feed_entries` (the feed module's table). */
export function createFeedRepository(db: Db) {
  return {
    /**
     * Records the entry. `bump`: a repeat moves it to the top of the feed (a new `seq` and time);
     * otherwise a repeat only refreshes what it shows. Answers the entry's id and whether it is new
     * or moved (and so worth a live push).
     */
    async record(record: FeedRecord, bump: boolean, tx: Db = db): Promise<{ id: string; pushed: boolean }> {
      const values = {
        actorId: record.actorId,
        kind: record.kind,
        dedupeKey: record.dedupeKey,
        bookId: record.bookId ?? null,
        reviewId: record.reviewId ?? null,
        rating: record.rating ?? null,
        listId: record.listId ?? null,
        clubId: record.clubId ?? null,
        data: record.data ?? {},
      };
      const moved = bump
        ? {
            seq: sql`nextval(pg_get_serial_sequence('feed_entries', 'seq'))`,
            createdAt: sql`now()`,
          }
        : {};
      const [row] = await tx
        .insert(feedEntries)
        .values(values)
        .onConflictDoUpdate({
          target: [feedEntries.actorId, feedEntries.dedupeKey],
          set: { rating: values.rating, data: values.data, ...moved },
        })
        .returning({ id: feedEntries.id, inserted: sql<boolean>`(xmax = 0)` });
      if (!row) throw new Error('feed record returned nothing');
      return { id: row.id, pushed: bump || Boolean(row.inserted) };
    },

    /** Removes every entry about the review; answers their ids. */
    async removeByReview(reviewId: string, tx: Db = db): Promise<Array<{ id: string; actorId: string }>> {
      return tx
        .delete(feedEntries)
        .where(eq(feedEntries.reviewId, reviewId))
        .returning({ id: feedEntries.id, actorId: feedEntries.actorId });
    },

    async removeByKey(actorId: string, dedupeKey: string, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .delete(feedEntries)
        .where(and(eq(feedEntries.actorId, actorId), eq(feedEntries.dedupeKey, dedupeKey)))
        .returning({ id: feedEntries.id });
      return rows.map((row) => row.id);
    },

    async findById(id: string, tx: Db = db): Promise<FeedRow | undefined> {
      const [row] = await selectRows<RawFeedRow>(tx, selectEntries(sql`e.id = ${id}`, sql``));
      return row ? toFeedRow(row) : undefined;
    },

    /**
     * A page of the feed, newest first: entries by `actorIds`, reading activity (`started`,
     * `finished`) only by `readingActorIds`, before `beforeSeq`.
     */
    async page(
      actorIds: readonly string[],
      readingActorIds: readonly string[],
      beforeSeq: number | undefined,
      limit: number,
      tx: Db = db,
    ): Promise<FeedRow[]> {
      if (actorIds.length === 0) return [];
      const conditions: SQL[] = [
        sql`e.actor_id = ANY(${textArray(actorIds)}::uuid[])`,
        sql`(e.kind NOT IN ('started', 'finished') OR e.actor_id = ANY(${textArray(readingActorIds)}::uuid[]))`,
      ];
      if (beforeSeq !== undefined) conditions.push(sql`e.seq < ${beforeSeq}`);
      const rows = await selectRows<RawFeedRow>(
        tx,
        selectEntries(sql.join(conditions, sql` AND `), sql`ORDER BY e.seq DESC LIMIT ${limit}`),
      );
      return rows.map(toFeedRow);
    },
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;

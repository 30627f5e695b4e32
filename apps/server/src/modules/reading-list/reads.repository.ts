import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  books,
  readingListEntries,
  readingListReads,
  readingProgress,
  type NewReadingListReadRow,
  type ReadingListReadRow,
  type ReadingProgressRow,
} from '../../db/schema/index.js';
import { bookCardColumns } from '../books/book-card.js';

export type ReadPatch = Partial<
  Pick<NewReadingListReadRow, 'startedAt' | 'finishedAt' | 'outcome' | 'stoppedPage'>
>;

/** An ended read with the book facts the stats count. */
export interface HistoryRead {
  bookId: string;
  title: string;
  /**
   * The book's primary author (the first of its authors when none is recorded): translators,
   * illustrators and Goodreads' other "Additional Authors" are not who a reader reads.
   */
  author: string | null;
  genres: string[];
  language: string;
  pageCount: number | null;
  startedAt: Date | null;
  finishedAt: Date;
  outcome: 'completed' | 'didNotFinish';
}

/** Reads and progress updates of reading-list entries (`reading_list_reads`, `reading_progress`). */
export function createReadsRepository(db: Db) {
  return {
    /** Every read of these entries, newest first (under way first, then by finish, then by start). */
    async readsOf(entryIds: readonly string[], tx: Db = db): Promise<ReadingListReadRow[]> {
      if (entryIds.length === 0) return [];
      return tx
        .select()
        .from(readingListReads)
        .where(inArray(readingListReads.entryId, [...entryIds]))
        .orderBy(
          sql`${readingListReads.finishedAt} DESC NULLS FIRST`,
          sql`${readingListReads.startedAt} DESC NULLS LAST`,
          desc(readingListReads.createdAt),
        );
    },

    /** Progress updates of these reads, oldest first. */
    async progressOf(readIds: readonly string[], tx: Db = db): Promise<ReadingProgressRow[]> {
      if (readIds.length === 0) return [];
      return tx
        .select()
        .from(readingProgress)
        .where(inArray(readingProgress.readId, [...readIds]))
        .orderBy(asc(readingProgress.createdAt), asc(readingProgress.id));
    },

    /** The read under way of an entry, locked until the transaction ends. */
    async openRead(entryId: string, tx: Db): Promise<ReadingListReadRow | undefined> {
      const [row] = await tx
        .select()
        .from(readingListReads)
        .where(and(eq(readingListReads.entryId, entryId), isNull(readingListReads.outcome)))
        .limit(1)
        .for('update');
      return row;
    },

    /** The most recently finished read of an entry. */
    async latestEnded(entryId: string, tx: Db = db): Promise<ReadingListReadRow | undefined> {
      const [row] = await tx
        .select()
        .from(readingListReads)
        .where(and(eq(readingListReads.entryId, entryId), isNotNull(readingListReads.outcome)))
        .orderBy(desc(readingListReads.finishedAt), desc(readingListReads.createdAt))
        .limit(1);
      return row;
    },

    async find(entryId: string, readId: string, tx: Db = db): Promise<ReadingListReadRow | undefined> {
      const [row] = await tx
        .select()
        .from(readingListReads)
        .where(and(eq(readingListReads.entryId, entryId), eq(readingListReads.id, readId)))
        .limit(1)
        .for('update');
      return row;
    },

    async count(entryId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(readingListReads)
        .where(eq(readingListReads.entryId, entryId));
      return Number(row?.count ?? 0);
    },

    async insert(values: NewReadingListReadRow, tx: Db = db): Promise<ReadingListReadRow> {
      const [row] = await tx.insert(readingListReads).values(values).returning();
      if (!row) throw new Error('reads.insert returned no row');
      return row;
    },

    async update(readId: string, patch: ReadPatch, tx: Db = db): Promise<ReadingListReadRow | undefined> {
      const [row] = await tx
        .update(readingListReads)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(readingListReads.id, readId))
        .returning();
      return row;
    },

    async remove(readId: string, tx: Db = db): Promise<void> {
      await tx.delete(readingListReads).where(eq(readingListReads.id, readId));
    },

    /** Adds a progress update and keeps only the newest `keep` of its read. */
    async addProgress(
      values: {
        readId: string;
        userId: string;
        page: number | null;
        percent: number | null;
        note: string | null;
      },
      keep: number,
      tx: Db,
    ): Promise<ReadingProgressRow> {
      const [row] = await tx.insert(readingProgress).values(values).returning();
      if (!row) throw new Error('reads.addProgress returned no row');
      const [cut] = await tx
        .select({ createdAt: readingProgress.createdAt })
        .from(readingProgress)
        .where(eq(readingProgress.readId, values.readId))
        .orderBy(desc(readingProgress.createdAt), desc(readingProgress.id))
        .offset(keep - 1)
        .limit(1);
      if (cut)
        await tx
          .delete(readingProgress)
          .where(
            and(eq(readingProgress.readId, values.readId), lt(readingProgress.createdAt, cut.createdAt)),
          );
      return row;
    },

    /** Deletes one of the reader's progress updates on this entry; false when there is none. */
    async removeProgress(entryId: string, progressId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(readingProgress)
        .where(
          and(
            eq(readingProgress.id, progressId),
            inArray(
              readingProgress.readId,
              tx
                .select({ id: readingListReads.id })
                .from(readingListReads)
                .where(eq(readingListReads.entryId, entryId)),
            ),
          ),
        )
        .returning({ id: readingProgress.id });
      return rows.length > 0;
    },

    /** Every ended read of the reader with its book (the stats' input), oldest finish first. */
    async history(userId: string, tx: Db = db): Promise<HistoryRead[]> {
      const rows = await tx
        .select({
          bookId: readingListEntries.bookId,
          ...bookCardColumns(['title', 'authors', 'genres', 'language', 'pageCount']),
          primaryAuthor: books.primaryAuthor,
          startedAt: readingListReads.startedAt,
          finishedAt: readingListReads.finishedAt,
          outcome: readingListReads.outcome,
        })
        .from(readingListReads)
        .innerJoin(readingListEntries, eq(readingListEntries.id, readingListReads.entryId))
        .innerJoin(books, eq(books.id, readingListEntries.bookId))
        .where(and(eq(readingListReads.userId, userId), isNotNull(readingListReads.outcome)))
        .orderBy(asc(readingListReads.finishedAt), asc(readingListReads.id));
      return rows.map(({ authors, primaryAuthor, ...row }) => ({
        ...row,
        author: primaryAuthor ?? authors[0] ?? null,
        finishedAt: row.finishedAt!,
        outcome: row.outcome as HistoryRead['outcome'],
      }));
    },
  };
}

export type ReadsRepository = ReturnType<typeof createReadsRepository>;

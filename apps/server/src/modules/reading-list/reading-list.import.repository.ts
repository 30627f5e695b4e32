import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  readingListEntries,
  readingListReads,
  shelfBooks,
  shelves,
  type NewReadingListEntryRow,
  type NewReadingListReadRow,
  type ReadingListEntryRow,
  type ReadingListReadRow,
  type ShelfRow,
} from '../../db/schema/index.js';
import { selectRows, textArray } from '../../db/sql-helpers.js';

/**
 * Whole-batch writes of the reading list (imports) and its part of a book merge. Every method takes
 * the caller's transaction: an import batch and a merge are each one transaction across modules.
 */
export function createReadingListImportRepository(db: Db) {
  return {
    async entriesOf(userId: string, bookIds: readonly string[], tx: Db = db): Promise<ReadingListEntryRow[]> {
      if (bookIds.length === 0) return [];
      return tx
        .select()
        .from(readingListEntries)
        .where(and(eq(readingListEntries.userId, userId), inArray(readingListEntries.bookId, [...bookIds])));
    },

    async readsOf(entryIds: readonly string[], tx: Db = db): Promise<ReadingListReadRow[]> {
      if (entryIds.length === 0) return [];
      return tx
        .select()
        .from(readingListReads)
        .where(inArray(readingListReads.entryId, [...entryIds]));
    },

    /**
     * Inserts entries, or brings existing ones to the given status, copies and dates — only where a
     * value differs, so a second import of the same file writes nothing.
     */
    async upsertEntries(rows: NewReadingListEntryRow[], tx: Db): Promise<void> {
      if (rows.length === 0) return;
      await tx
        .insert(readingListEntries)
        .values(rows)
        .onConflictDoUpdate({
          target: [readingListEntries.userId, readingListEntries.bookId],
          set: {
            status: sql`excluded.status`,
            ownedCopies: sql`excluded.owned_copies`,
            undatedReads: sql`excluded.undated_reads`,
            startedAt: sql`excluded.started_at`,
            finishedAt: sql`excluded.finished_at`,
            isFavorite: sql`${readingListEntries.isFavorite} AND excluded.status IN ('currentlyReading', 'completed')`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`(${readingListEntries.status}, ${readingListEntries.ownedCopies}, ${readingListEntries.undatedReads}, ${readingListEntries.startedAt}, ${readingListEntries.finishedAt})
            IS DISTINCT FROM (excluded.status, excluded.owned_copies, excluded.undated_reads, excluded.started_at, excluded.finished_at)`,
        });
    },

    async insertReads(rows: NewReadingListReadRow[], tx: Db): Promise<void> {
      if (rows.length === 0) return;
      await tx.insert(readingListReads).values(rows);
    },

    async endRead(
      readId: string,
      values: { startedAt: Date | null; finishedAt: Date; outcome: string },
      tx: Db,
    ) {
      await tx.update(readingListReads).set(values).where(eq(readingListReads.id, readId));
    },

    /** The reader's shelves of these names (case-insensitive), created when missing, up to `room` new ones. */
    async ensureShelves(userId: string, names: readonly string[], room: number, tx: Db): Promise<ShelfRow[]> {
      if (names.length === 0) return [];
      const lower = [...new Set(names.map((name) => name.toLowerCase()))];
      const existing = await tx
        .select()
        .from(shelves)
        .where(and(eq(shelves.userId, userId), sql`lower(${shelves.name}) = ANY(${textArray(lower)})`));
      const have = new Set(existing.map((shelf) => shelf.name.toLowerCase()));
      const seen = new Set<string>();
      const missing = names.filter((name) => {
        const key = name.toLowerCase();
        if (have.has(key) || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const toAdd = missing.slice(0, Math.max(0, room));
      if (toAdd.length === 0) return existing;
      const added = await tx
        .insert(shelves)
        .values(toAdd.map((name) => ({ userId, name })))
        .onConflictDoNothing()
        .returning();
      return [...existing, ...added];
    },

    async shelfCount(userId: string, tx: Db): Promise<number> {
      const [row] = await selectRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM shelves WHERE user_id = ${userId}`,
      );
      return row?.n ?? 0;
    },

    async addToShelves(pairs: Array<{ shelfId: string; entryId: string }>, tx: Db): Promise<void> {
      if (pairs.length === 0) return;
      await tx.insert(shelfBooks).values(pairs).onConflictDoNothing();
    },

    /** Readers per book (Book Approvals). */
    /**
     * An import report's "none" or another book: takes the reader's entry of the book away (its reads,
     * progress and shelf places go with it), for an entry the import added.
     */
    async removeEntry(userId: string, bookId: string, tx: Db): Promise<void> {
      await tx
        .delete(readingListEntries)
        .where(and(eq(readingListEntries.userId, userId), eq(readingListEntries.bookId, bookId)));
    },

    async readerCounts(bookIds: readonly string[]): Promise<Map<string, number>> {
      if (bookIds.length === 0) return new Map();
      const rows = await selectRows<{ book_id: string; n: number }>(
        db,
        sql`SELECT book_id, count(*)::int AS n FROM reading_list_entries
            WHERE book_id = ANY(${textArray(bookIds)}) GROUP BY book_id`,
      );
      return new Map(rows.map((row) => [row.book_id, row.n]));
    },

    /**
     * A merge's part: entries of `fromId` move to `toId`; a reader who has both keeps the target's
     * entry and gets the other's reads (progress goes with them), shelf places, copies and undated
     * reads; the other entry is then deleted. Answers how many entries moved or were folded in.
     */
    async moveBook(fromId: string, toId: string, tx: Db): Promise<number> {
      const both = await selectRows<{ from_id: string; to_id: string }>(
        tx,
        sql`SELECT f.id AS from_id, t.id AS to_id FROM reading_list_entries f
            JOIN reading_list_entries t ON t.user_id = f.user_id AND t.book_id = ${toId}
            WHERE f.book_id = ${fromId}`,
      );
      for (const pair of both) {
        // The target keeps at most one read under way (a partial unique index): the other's ends.
        await tx.execute(sql`
          UPDATE reading_list_reads SET outcome = 'didNotFinish', finished_at = coalesce(started_at, now())
          WHERE entry_id = ${pair.from_id} AND outcome IS NULL
            AND EXISTS (SELECT 1 FROM reading_list_reads o WHERE o.entry_id = ${pair.to_id} AND o.outcome IS NULL)`);
        await tx.execute(
          sql`UPDATE reading_list_reads SET entry_id = ${pair.to_id} WHERE entry_id = ${pair.from_id}`,
        );
        await tx.execute(sql`
          INSERT INTO shelf_books (shelf_id, entry_id, created_at)
          SELECT shelf_id, ${pair.to_id}, created_at FROM shelf_books WHERE entry_id = ${pair.from_id}
          ON CONFLICT DO NOTHING`);
        await tx.execute(sql`
          UPDATE reading_list_entries t SET
            owned_copies = LEAST(1000, t.owned_copies + f.owned_copies),
            undated_reads = LEAST(1000, t.undated_reads + f.undated_reads),
            created_at = LEAST(t.created_at, f.created_at)
          FROM reading_list_entries f WHERE t.id = ${pair.to_id} AND f.id = ${pair.from_id}`);
        await tx.delete(readingListEntries).where(eq(readingListEntries.id, pair.from_id));
      }
      const moved = await tx
        .update(readingListEntries)
        .set({ bookId: toId })
        .where(eq(readingListEntries.bookId, fromId))
        .returning({ id: readingListEntries.id });
      return moved.length + both.length;
    },
  };
}

export type ReadingListImportRepository = ReturnType<typeof createReadingListImportRepository>;

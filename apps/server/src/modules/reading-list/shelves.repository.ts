import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readingListEntries, shelfBooks, shelves, type ShelfRow } from '../../db/schema/index.js';

export interface ShelfWithCount {
  shelf: ShelfRow;
  bookCount: number;
}

/** A reader's shelves (`shelves`) and the books on them (`shelf_books`). Every query names the owner. */
export function createShelvesRepository(db: Db) {
  const owned = (userId: string, shelfId: string) => and(eq(shelves.userId, userId), eq(shelves.id, shelfId));

  return {
    /** The reader's shelves by name (case-insensitive), with their book counts. */
    async list(userId: string, tx: Db = db): Promise<ShelfWithCount[]> {
      const rows = await tx
        .select({ shelf: shelves, bookCount: count(shelfBooks.entryId) })
        .from(shelves)
        .leftJoin(shelfBooks, eq(shelfBooks.shelfId, shelves.id))
        .where(eq(shelves.userId, userId))
        .groupBy(shelves.id)
        .orderBy(sql`lower(${shelves.name})`, asc(shelves.id));
      return rows.map((row) => ({ shelf: row.shelf, bookCount: Number(row.bookCount) }));
    },

    async find(userId: string, shelfId: string, tx: Db = db): Promise<ShelfRow | undefined> {
      const [row] = await tx.select().from(shelves).where(owned(userId, shelfId)).limit(1);
      return row;
    },

    async findByName(userId: string, name: string, tx: Db = db): Promise<ShelfRow | undefined> {
      const [row] = await tx
        .select()
        .from(shelves)
        .where(and(eq(shelves.userId, userId), sql`lower(${shelves.name}) = lower(${name})`))
        .limit(1);
      return row;
    },

    async count(userId: string, tx: Db = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(shelves).where(eq(shelves.userId, userId));
      return Number(row?.n ?? 0);
    },

    /** Inserts the shelf; the unique (user, lower(name)) index refuses a second of the same name. */
    async insert(userId: string, name: string, tx: Db = db): Promise<ShelfRow> {
      const [row] = await tx.insert(shelves).values({ userId, name }).returning();
      if (!row) throw new Error('shelves.insert returned no row');
      return row;
    },

    async rename(userId: string, shelfId: string, name: string, tx: Db = db): Promise<ShelfRow | undefined> {
      const [row] = await tx
        .update(shelves)
        .set({ name, updatedAt: sql`now()` })
        .where(owned(userId, shelfId))
        .returning();
      return row;
    },

    async remove(userId: string, shelfId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx.delete(shelves).where(owned(userId, shelfId)).returning({ id: shelves.id });
      return rows.length > 0;
    },

    /** The reader's entry id for a book, or undefined when the book is not on their list. */
    async entryIdOf(userId: string, bookId: string, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ id: readingListEntries.id })
        .from(readingListEntries)
        .where(and(eq(readingListEntries.userId, userId), eq(readingListEntries.bookId, bookId)))
        .limit(1);
      return row?.id;
    },

    /** Puts the entry on the shelf (again is a no-op). */
    async addEntry(shelfId: string, entryId: string, tx: Db = db): Promise<void> {
      await tx.insert(shelfBooks).values({ shelfId, entryId }).onConflictDoNothing();
    },

    async removeEntry(shelfId: string, entryId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(shelfBooks)
        .where(and(eq(shelfBooks.shelfId, shelfId), eq(shelfBooks.entryId, entryId)))
        .returning({ entryId: shelfBooks.entryId });
      return rows.length > 0;
    },

    /** Entry ids on one shelf. */
    async entryIdsOn(shelfId: string, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .select({ entryId: shelfBooks.entryId })
        .from(shelfBooks)
        .where(eq(shelfBooks.shelfId, shelfId));
      return rows.map((row) => row.entryId);
    },

    /** (entry, shelf) pairs of the reader, only for these entries when given; shelves by name. */
    async shelvesOfEntries(
      userId: string,
      entryIds?: readonly string[],
      tx: Db = db,
    ): Promise<{ entryId: string; id: string; name: string }[]> {
      if (entryIds && entryIds.length === 0) return [];
      return tx
        .select({ entryId: shelfBooks.entryId, id: shelves.id, name: shelves.name })
        .from(shelfBooks)
        .innerJoin(shelves, eq(shelves.id, shelfBooks.shelfId))
        .where(
          and(eq(shelves.userId, userId), entryIds ? inArray(shelfBooks.entryId, [...entryIds]) : undefined),
        )
        .orderBy(sql`lower(${shelves.name})`, asc(shelves.id));
    },
  };
}

export type ShelvesRepository = ReturnType<typeof createShelvesRepository>;

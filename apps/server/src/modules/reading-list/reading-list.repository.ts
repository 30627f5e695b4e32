import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  bookActivity,
  books,
  readingListEntries,
  type NewReadingListEntryRow,
  type ReadingListEntryRow,
} from '../../db/schema/index.js';

/** The book columns an entry shows. */
const BOOK_COLUMNS = {
  id: books.id,
  title: books.title,
  authors: books.authors,
  pageCount: books.pageCount,
  isbn10: books.isbn10,
  isbn13: books.isbn13,
  coverUrl: books.coverUrl,
  thumbnailUrl: books.thumbnailUrl,
  coverPath: books.coverPath,
  status: books.status,
};

export interface ReadingListBook {
  id: string;
  title: string;
  authors: string[];
  pageCount: number | null;
  isbn10: string | null;
  isbn13: string | null;
  coverUrl: string | null;
  thumbnailUrl: string | null;
  coverPath: string | null;
  /** Catalogue status: inactive books stay on readers' lists, marked unavailable. */
  status: string;
}

/** An entry with the book it names. */
export interface ReadingListEntryRowWithBook {
  entry: ReadingListEntryRow;
  book: ReadingListBook;
}

export type ReadingListEntryPatch = Partial<
  Pick<NewReadingListEntryRow, 'status' | 'isFavorite' | 'currentPage' | 'startedAt' | 'finishedAt'>
>;

/** Reads and writes `reading_list_entries`. Every method takes an optional transaction. */
export function createReadingListRepository(db: Db) {
  const byUserAndBook = (userId: string, bookId: string) =>
    and(eq(readingListEntries.userId, userId), eq(readingListEntries.bookId, bookId));

  return {
    /** The user's entries (only these ids when given), most recently updated first. */
    async listForUser(
      userId: string,
      entryIds?: readonly string[],
      tx: Db = db,
    ): Promise<ReadingListEntryRowWithBook[]> {
      if (entryIds && entryIds.length === 0) return [];
      return tx
        .select({ entry: readingListEntries, book: BOOK_COLUMNS })
        .from(readingListEntries)
        .innerJoin(books, eq(books.id, readingListEntries.bookId))
        .where(
          and(
            eq(readingListEntries.userId, userId),
            entryIds ? inArray(readingListEntries.id, [...entryIds]) : undefined,
          ),
        )
        .orderBy(
          desc(readingListEntries.updatedAt),
          desc(readingListEntries.createdAt),
          readingListEntries.id,
        );
    },

    async findWithBook(
      userId: string,
      bookId: string,
      tx: Db = db,
    ): Promise<ReadingListEntryRowWithBook | undefined> {
      const [row] = await tx
        .select({ entry: readingListEntries, book: BOOK_COLUMNS })
        .from(readingListEntries)
        .innerJoin(books, eq(books.id, readingListEntries.bookId))
        .where(byUserAndBook(userId, bookId))
        .limit(1);
      return row;
    },

    /** The entry, locked until the transaction ends (read-modify-write of PATCH and favourite). */
    async findForUpdate(userId: string, bookId: string, tx: Db): Promise<ReadingListEntryRow | undefined> {
      const [row] = await tx
        .select()
        .from(readingListEntries)
        .where(byUserAndBook(userId, bookId))
        .limit(1)
        .for('update');
      return row;
    },

    /** An active book of the catalogue, or undefined. */
    async findActiveBook(bookId: string, tx: Db = db): Promise<ReadingListBook | undefined> {
      const [row] = await tx
        .select(BOOK_COLUMNS)
        .from(books)
        .where(and(eq(books.id, bookId), eq(books.status, 'active')))
        .limit(1);
      return row;
    },

    /** Inserts the entry; the unique (user_id, book_id) constraint refuses a second one. */
    async insert(values: NewReadingListEntryRow, tx: Db = db): Promise<ReadingListEntryRow> {
      const [row] = await tx.insert(readingListEntries).values(values).returning();
      if (!row) throw new Error('readingList.insert returned no row');
      return row;
    },

    async update(
      userId: string,
      bookId: string,
      patch: ReadingListEntryPatch,
      tx: Db = db,
    ): Promise<ReadingListEntryRow | undefined> {
      const [row] = await tx
        .update(readingListEntries)
        // The database clock (microseconds), so the newest-updated-first order never ties with an insert.
        .set({ ...patch, updatedAt: sql`now()` })
        .where(byUserAndBook(userId, bookId))
        .returning();
      return row;
    },

    /** True when an entry was removed. */
    async remove(userId: string, bookId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(readingListEntries)
        .where(byUserAndBook(userId, bookId))
        .returning({ id: readingListEntries.id });
      return rows.length > 0;
    },

    /** A `book_activity` row, read by trending. */
    async recordActivity(bookId: string, userId: string, kind: string, tx: Db = db): Promise<void> {
      await tx.insert(bookActivity).values({ bookId, userId, kind });
    },
  };
}

export type ReadingListRepository = ReturnType<typeof createReadingListRepository>;

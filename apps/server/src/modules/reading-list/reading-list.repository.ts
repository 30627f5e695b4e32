import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  books,
  readingListEntries,
  type NewReadingListEntryRow,
  type ReadingListEntryRow,
} from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import {
  ACTIVE,
  bookCardColumns,
  bookCardJson,
  TILE_FIELDS,
  type BookCard,
  type BookTile,
} from '../books/book-card.js';

/** The card fields an entry shows. */
export const ENTRY_BOOK_FIELDS = [...TILE_FIELDS, 'pageCount'] as const;

/** The book columns an entry shows: its card's, and whether the catalogue still offers it. */
const BOOK_COLUMNS = { ...bookCardColumns(ENTRY_BOOK_FIELDS), status: books.status };

export type ReadingListBook = Pick<BookCard, (typeof ENTRY_BOOK_FIELDS)[number]> & {
  /** Catalogue status: inactive books stay on readers' lists, marked unavailable. */
  status: string;
};

/** An entry with the book it names. */
export interface ReadingListEntryRowWithBook {
  entry: ReadingListEntryRow;
  book: ReadingListBook;
}

/** A shelf of a profile: the count of one status and its latest books. */
export interface ReadingListShelf {
  status: 'wantToRead' | 'currentlyReading' | 'completed';
  count: number;
  books: BookTile[];
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

    /**
     * The user's shelves: per status, how many public books (`ACTIVE`: a profile shows them), and the `perShelf` most recently updated
     * of them (one statement; a removed or hidden book is neither shown nor counted, so a profile's
     * counts are of what it may show).
     */
    async shelves(userId: string, perShelf: number, tx: Db = db): Promise<ReadingListShelf[]> {
      const rows = await selectRows<{ status: string; count: number | string; book: BookTile | null }>(
        tx,
        sql`WITH counted AS (
              SELECT e.status, count(*)::int AS count
              FROM ${readingListEntries} e JOIN ${books} b ON b.id = e.book_id
              WHERE e.user_id = ${userId} AND ${ACTIVE} GROUP BY e.status
            ), latest AS (
              SELECT e.status, ${bookCardJson('b')} AS book,
                     row_number() OVER (PARTITION BY e.status ORDER BY e.updated_at DESC, e.id) AS n
              FROM ${readingListEntries} e JOIN ${books} b ON b.id = e.book_id
              WHERE e.user_id = ${userId} AND ${ACTIVE}
            )
            SELECT c.status, c.count, l.book
            FROM counted c LEFT JOIN latest l ON l.status = c.status AND l.n <= ${perShelf}
            ORDER BY c.status, l.n`,
      );
      const shelves = new Map<string, ReadingListShelf>();
      for (const row of rows) {
        let shelf = shelves.get(row.status);
        if (!shelf) {
          shelf = { status: row.status as ReadingListShelf['status'], count: Number(row.count), books: [] };
          shelves.set(row.status, shelf);
        }
        if (row.book) shelf.books.push(row.book);
      }
      return [...shelves.values()];
    },
  };
}

export type ReadingListRepository = ReturnType<typeof createReadingListRepository>;

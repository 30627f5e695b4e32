import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { books, type NewBookRow } from '../../db/schema/index.js';
import { selectRows, textArray } from '../../db/sql-helpers.js';

/** Books a fuzzy query looks at, at most (a bound on the work of titles shared by many books). */
const FUZZY_WINDOW = 200;

/** A catalogue book as matching compares it. */
export interface MatchCandidate {
  id: string;
  title: string;
  alt_titles: string[];
  authors: string[];
}

/**
 * Look-ups of the catalogue by what an imported row knows: Goodreads ids, ISBNs, titles (exact, then
 * trigram word similarity on `search_text`). Each takes a whole batch of rows in one statement.
 * Only active books match.
 */
export function createBooksMatchRepository(db: Db) {
  return {
    /** Books whose goodbooks `goodreads_book_id` or `best_book_id` is one of `ids`. */
    async byGoodreadsIds(ids: readonly string[], tx: Db = db) {
      if (ids.length === 0) return [];
      const list = textArray(ids);
      return selectRows<{ id: string; goodreads_id: string | null; goodreads_best_id: string | null }>(
        tx,
        sql`SELECT id, goodreads_id, goodreads_best_id FROM books
            WHERE status = 'active' AND (goodreads_id = ANY(${list}) OR goodreads_best_id = ANY(${list}))`,
      );
    },

    /** Books with one of these ISBN-13s or ISBN-10s. */
    async byIsbns(isbn13s: readonly string[], isbn10s: readonly string[], tx: Db = db) {
      if (isbn13s.length === 0 && isbn10s.length === 0) return [];
      return selectRows<{ id: string; isbn13: string | null; isbn10: string | null }>(
        tx,
        sql`SELECT id, isbn13, isbn10 FROM books
            WHERE status = 'active' AND (isbn13 = ANY(${textArray(isbn13s)}) OR isbn10 = ANY(${textArray(isbn10s)}))`,
      );
    },

    /** Books whose lower-cased title is one of `titles` (the active-title index answers it). */
    async byLowerTitles(titles: readonly string[], tx: Db = db) {
      if (titles.length === 0) return [];
      return selectRows<MatchCandidate & { key: string }>(
        tx,
        sql`SELECT id, title, alt_titles, authors, lower(title) AS key FROM books
            WHERE status = 'active' AND lower(title) = ANY(${textArray(titles)})`,
      );
    },

    /**
     * Up to `perQuery` candidates for each query (lower-case title, lower-case author): books whose
     * `search_text` holds the title within trigram word similarity (its GIN index answers `<%`),
     * the closest to title and author first. `i` is the query's 1-based position.
     */
    async fuzzy(queries: ReadonlyArray<{ title: string; author: string }>, perQuery: number, tx: Db = db) {
      if (queries.length === 0) return [];
      const titles = textArray(queries.map((query) => query.title));
      const authors = textArray(queries.map((query) => query.author));
      return selectRows<MatchCandidate & { i: string }>(
        tx,
        sql`SELECT q.i::text AS i, c.id, c.title, c.alt_titles, c.authors
            FROM unnest(${titles}, ${authors}) WITH ORDINALITY AS q(title, author, i)
            CROSS JOIN LATERAL (
              SELECT w.id, w.title, w.alt_titles, w.authors
              FROM (
                -- A bounded window of books per query, however many titles look alike.
                SELECT b.id, b.title, b.alt_titles, b.authors, b.search_text, b.ratings_count
                FROM books b
                WHERE b.status = 'active' AND q.title <% b.search_text
                LIMIT ${FUZZY_WINDOW}
              ) w
              ORDER BY word_similarity(q.title, w.search_text) + word_similarity(q.author, w.search_text) DESC,
                w.ratings_count DESC
              LIMIT ${perQuery}
            ) c`,
      );
    },

    /** Gives books that have no page count the one an import row names (a fact the catalogue lacked). */
    async fillPageCounts(counts: ReadonlyArray<{ bookId: string; pageCount: number }>, tx: Db = db) {
      if (counts.length === 0) return;
      const values = sql.join(
        counts.map((c) => sql`(${c.bookId}::text, ${c.pageCount}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE books b SET page_count = v.page_count
        FROM (VALUES ${values}) AS v(id, page_count)
        WHERE b.id = v.id AND b.page_count IS NULL`);
    },

    /** Whether the book is in the catalogue (active). */
    async exists(bookId: string, tx: Db = db): Promise<boolean> {
      const rows = await selectRows<{ id: string }>(
        tx,
        sql`SELECT id FROM books WHERE id = ${bookId} AND status = 'active'`,
      );
      return rows.length > 0;
    },

    /**
     * Removes a reader-added book its adder's import made when nothing holds it any more: not checked
     * by an admin, on nobody's reading list, reviewed by nobody, in no list, named by no other import row.
     */
    async removeUnusedReaderBook(bookId: string, userId: string, tx: Db = db): Promise<void> {
      await tx.execute(sql`
        DELETE FROM books b WHERE b.id = ${bookId} AND b.source = 'reader' AND b.added_by = ${userId}
          AND b.checked_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM reading_list_entries e WHERE e.book_id = b.id)
          AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.book_id = b.id)
          AND NOT EXISTS (SELECT 1 FROM book_list_items l WHERE l.book_id = b.id)
          AND NOT EXISTS (SELECT 1 FROM import_rows i WHERE i.book_id = b.id)`);
    },

    /** Inserts new catalogue books (reader-added); answers the ids written. */
    async insertBooks(values: NewBookRow[], tx: Db = db): Promise<string[]> {
      if (values.length === 0) return [];
      const written = await tx.insert(books).values(values).onConflictDoNothing().returning({ id: books.id });
      return written.map((row) => row.id);
    },
  };
}

export type BooksMatchRepository = ReturnType<typeof createBooksMatchRepository>;

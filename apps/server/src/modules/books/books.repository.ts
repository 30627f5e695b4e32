import { and, arrayOverlaps, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookActivity, books, type BookRow, type NewBookRow } from '../../db/schema/index.js';
import { selectRows, textArray } from '../../db/sql-helpers.js';
import {
  ACTIVE,
  bookCardColumns,
  bookCardSql,
  POPULARITY,
  PUBLIC_BOOK,
  whereActive,
  type BookCard,
  type BookCardField,
} from './book-card.js';

/** A trending candidate: its card, what varies the list, and its activity of the last 56 days. */
export interface TrendingRow extends BookCard {
  series: string | null;
  primaryAuthor: string | null;
  wantToReadCount: number;
  /** Activity in the last 7 days. */
  recent: number;
  /** Activity in the 49 days before. */
  baseline: number;
}

/** What a book's activity row says (trending reads them): who did what, and when. */
export interface BookActivity {
  bookId: string;
  userId: string | null;
  kind: string;
  createdAt?: Date;
}

/** The columns an admin may write (see admin-catalogue.service.ts `editValues`). */
export type BookValues = Partial<
  Pick<
    BookRow,
    | 'title'
    | 'authors'
    | 'primaryAuthor'
    | 'description'
    | 'previewLink'
    | 'viewability'
    | 'genres'
    | 'isbn10'
    | 'isbn13'
    | 'language'
    | 'pageCount'
    | 'publicationDate'
    | 'publicationYear'
    | 'publisher'
    | 'coverUrl'
    | 'thumbnailUrl'
    | 'coverPath'
    | 'status'
  >
>;

/**
 * The one owner of `books` rows: the book page, trending and related lists, and what other modules
 * ask of a book (is it there, its card, its activity). Every method takes an optional transaction.
 */
/**
 * Related books' default order ranks at most this many candidates (the most rated sharing a genre,
 * and the author's own): a book page shows 9, and 500 made related the costliest query of bench:load.
 */
const RELATED_WINDOW = 120;

/** Counts are exact up to this many; above, the planner's estimate (like search's totals). */
const EXACT_COUNT_MAX = 1000;

/** How many active books match `where` (alias `b`): exact when few, the planner's estimate when many. */
async function countMatches(db: Db, where: SQL): Promise<number> {
  const [plan] = await selectRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM books b WHERE ${where}`,
  );
  const raw = plan?.['QUERY PLAN'];
  const estimate = Number(
    ((typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>)[0]?.Plan[
      'Plan Rows'
    ] ?? 0,
  );
  if (estimate > 2 * EXACT_COUNT_MAX) return Math.round(estimate);
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM books b WHERE ${where} LIMIT ${EXACT_COUNT_MAX + 1}) AS x`,
  );
  const n = Number(row?.n ?? 0);
  return n <= EXACT_COUNT_MAX ? n : Math.max(n, Math.round(estimate));
}

/** A book by id, or (`exists`) only whether it is there — active, unless `includeInactive`. */
const byIdQuery = (q: Db, id: string | Placeholder) =>
  q.select().from(books).where(eq(books.id, id)).limit(1);
const existsQuery = (q: Db, id: string | Placeholder, includeInactive: boolean) =>
  q
    .select({ id: books.id })
    .from(books)
    .where(includeInactive ? eq(books.id, id) : and(eq(books.id, id), eq(books.status, 'active')))
    .limit(1);

export function createBooksRepository(db: Db) {
  // Asked by most book requests (its page, related, reviews, each review written): built once and
  // prepared on each connection (named statements), they are neither rebuilt by the ORM nor planned
  // again by the database. A transaction builds its own.
  const byId = byIdQuery(db, sql.placeholder('id')).prepare('books_by_id');
  const activeExists = existsQuery(db, sql.placeholder('id'), false).prepare('books_active_exists');
  const anyExists = existsQuery(db, sql.placeholder('id'), true).prepare('books_exists');

  return {
    async findById(id: string, tx: Db = db): Promise<BookRow | undefined> {
      const [row] = tx === db ? await byId.execute({ id }) : await byIdQuery(tx, id);
      return row;
    },

    /** The card of an active book, or undefined. */
    async findActive(id: string, tx: Db = db): Promise<BookCard | undefined> {
      const [row] = await tx
        .select(bookCardColumns())
        .from(books)
        .where(and(eq(books.id, id), eq(books.status, 'active')))
        .limit(1);
      return row;
    },

    /** True when the book exists (and is active, unless `includeInactive`). */
    async exists(id: string, includeInactive = false, tx: Db = db): Promise<boolean> {
      const [row] =
        tx === db
          ? await (includeInactive ? anyExists : activeExists).execute({ id })
          : await existsQuery(tx, id, includeInactive);
      return Boolean(row);
    },

    /**
     * The cards (all fields, or the named ones) of the books among `ids`, in no order: the public
     * ones (active and listed: `ACTIVE`), or every one with `includeInactive` (a club keeps showing its book).
     */
    async cards<K extends BookCardField>(
      ids: readonly string[],
      options: { fields?: readonly K[]; includeInactive?: boolean } = {},
      tx: Db = db,
    ): Promise<Array<Pick<BookCard, K>>> {
      if (ids.length === 0) return [];
      const { fields, includeInactive = false } = options;
      const found = await tx
        .select(fields ? bookCardColumns(fields) : bookCardColumns())
        .from(books)
        .where(
          and(
            includeInactive ? undefined : PUBLIC_BOOK,
            inArray(books.id, [...new Set(ids)]),
          ),
        );
      return found as Array<Pick<BookCard, K>>;
    },

    /** The most-rated active books matching every given filter (a list filter = any of its values). */
    async mostRated<K extends BookCardField>(
      filters: { genres?: string[]; languages?: string[]; authors?: string[]; source?: string },
      limit: number,
      fields?: readonly K[],
      tx: Db = db,
    ): Promise<Array<Pick<BookCard, K>>> {
      const conditions: SQL[] = [eq(books.status, 'active')];
      if (filters.genres?.length) conditions.push(arrayOverlaps(books.genres, filters.genres));
      if (filters.languages?.length) conditions.push(inArray(books.language, filters.languages));
      if (filters.authors?.length) conditions.push(arrayOverlaps(books.authors, filters.authors));
      if (filters.source) conditions.push(eq(books.source, filters.source));
      const found = await tx
        .select(fields ? bookCardColumns(fields) : bookCardColumns())
        .from(books)
        .where(and(...conditions))
        .orderBy(desc(books.ratingsCount), books.id) // walks books_active_(source_)popular_idx
        .limit(limit);
      return found as Array<Pick<BookCard, K>>;
    },

    /** A `book_activity` row (trending reads them). */
    async recordActivity(activity: BookActivity, tx: Db = db): Promise<void> {
      await tx.insert(bookActivity).values(activity);
    },

    /** Inserts a book Nebab made itself (an approved suggestion). */
    async insert(values: NewBookRow, tx: Db = db): Promise<void> {
      await tx.insert(books).values(values);
    },

    /** Writes the values and records `columns` in `edited_fields` (a re-import keeps them). */
    async update(id: string, values: BookValues, columns: string[], tx: Db = db) {
      const [row] = await tx
        .update(books)
        .set({
          ...values,
          editedFields: sql`ARRAY(SELECT DISTINCT unnest(${books.editedFields} || ${textArray(columns)}))`,
        })
        .where(eq(books.id, id))
        .returning();
      return row;
    },

    async remove(id: string, tx: Db = db): Promise<BookRow | undefined> {
      const [row] = await tx.delete(books).where(eq(books.id, id)).returning();
      return row;
    },

    /**
     * Trending candidates with their activity counts: every book with activity in the last 56 days
     * plus the 300 most popular of the catalogue. See books.service.ts for the score.
     */
    async trendingCandidates(tx: Db = db): Promise<TrendingRow[]> {
      return selectRows<TrendingRow>(
        tx,
        sql`WITH activity AS (
              SELECT book_id,
                     count(*) FILTER (WHERE created_at >= now() - interval '7 days')::int AS recent,
                     count(*) FILTER (WHERE created_at < now() - interval '7 days')::int AS baseline
              FROM book_activity WHERE created_at >= now() - interval '56 days' GROUP BY book_id
            ),
            candidates AS (
              (SELECT b.id FROM books b WHERE ${ACTIVE} ORDER BY ${POPULARITY} DESC LIMIT 300)
              UNION
              (SELECT b.id FROM books b WHERE ${ACTIVE} AND b.publication_year >= 2010 ORDER BY ${POPULARITY} DESC LIMIT 60)
              UNION
              SELECT book_id FROM activity
            )
            SELECT ${bookCardSql()}, b.series, b.primary_author AS "primaryAuthor",
                   b.want_to_read_count AS "wantToReadCount",
                   coalesce(a.recent, 0) AS recent, coalesce(a.baseline, 0) AS baseline
            FROM candidates c JOIN books b ON b.id = c.id LEFT JOIN activity a ON a.book_id = b.id
            WHERE ${ACTIVE}`,
      );
    },

    /**
     * Books related to `book`. Without a genre filter, the "most popular" order puts the same
     * author's other books first, then those sharing the most genres; with one, it is that genre's
     * most popular books, so choosing a genre visibly changes the list.
     */
    async related(
      book: { id: string; genres: string[]; authors: string[] },
      options: { genre?: string; sort: string; limit: number; offset: number },
      tx: Db = db,
    ): Promise<{ items: BookCard[]; total: number }> {
      const genres = options.genre ? [options.genre] : book.genres;
      if (genres.length === 0) return { items: [], total: 0 };
      const where = whereActive([
        options.genre ? sql`b.genres @> ${textArray(genres)}` : sql`b.genres && ${textArray(genres)}`,
        sql`b.id <> ${book.id}`,
      ]);
      // Genres shared with the book: one containment test per genre of its own. A plain expression,
      // about 3× cheaper per row than intersecting the arrays in a subquery (a popular book's first
      // page sorts most of the catalogue by it).
      const shared = book.genres.length
        ? sql.join(
            book.genres.map((genre) => sql`(b.genres @> ARRAY[${genre}]::text[])::int`),
            sql` + `,
          )
        : sql`0`;
      // The same author's books first (a book without a known author has none: PostgreSQL refuses a
      // constant in ORDER BY, so the term is left out rather than written as `false`).
      const sameAuthor =
        book.authors.length > 0 ? sql`(b.authors && ${textArray(book.authors)}) DESC, ` : sql``;
      const order =
        options.sort === 'rating'
          ? sql`b.rating DESC NULLS LAST, b.ratings_count DESC, b.id`
          : options.sort === 'newest'
            ? sql`b.publication_year DESC NULLS LAST, b.ratings_count DESC, b.id`
            : options.sort === 'title'
              ? sql`lower(b.title), b.id`
              : options.genre
                ? sql`${POPULARITY} DESC, b.id`
                : sql`${sameAuthor}(${shared}) DESC, ${POPULARITY} DESC, b.id`;
      // The default order ranks the RELATED_WINDOW most rated books sharing a genre and the same
      // author's books (a popular book shares a genre with most of the catalogue: sorting them all
      // was the costliest query of bench:load); deeper pages and the other orders read every match.
      const windowed =
        !options.genre && options.sort === 'popular' && options.offset + options.limit <= RELATED_WINDOW;
      const source = windowed
        ? sql`(SELECT c.id FROM (
                 (SELECT b.id FROM books b WHERE ${where} ORDER BY b.ratings_count DESC LIMIT ${RELATED_WINDOW})
                 ${
                   book.authors.length > 0
                     ? sql`UNION (SELECT b.id FROM books b WHERE ${whereActive([
                         sql`b.primary_author = ANY(${textArray(book.authors)})`,
                         sql`b.id <> ${book.id}`,
                       ])} LIMIT ${RELATED_WINDOW})`
                     : sql``
                 }) AS c) AS w JOIN books b ON b.id = w.id`
        : sql`books b`;
      const [items, total] = await Promise.all([
        selectRows<BookCard>(
          tx,
          sql`SELECT ${bookCardSql()} FROM ${source} ${windowed ? sql`` : sql`WHERE ${where}`}
              ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.offset}`,
        ),
        countMatches(tx, where),
      ]);
      return { items, total };
    },
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;

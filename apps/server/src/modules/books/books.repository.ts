import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  bookActivity,
  bookReports,
  books,
  newsletterSubscriptions,
  type BookRow,
} from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql-helpers.js';

/** The columns of a book in lists (cards, search items, genre lists). */
export interface BookCardRow {
  id: string;
  title: string;
  authors: string[];
  genres: string[];
  rating: number | null;
  ratings_count: number;
  publication_date: string | null;
  publication_year: number | null;
  page_count: number | null;
  language: string;
  description: string | null;
  cover_url: string | null;
  thumbnail_url: string | null;
  cover_path: string | null;
  isbn10: string | null;
  isbn13: string | null;
}

/** The select list of {@link BookCardRow} (alias `b` for books). */
export const CARD_COLUMNS = sql.raw(
  'b.id, b.title, b.authors, b.genres, b.rating, b.ratings_count, b.publication_date, b.publication_year, ' +
    'b.page_count, b.language, b.description, b.cover_url, b.thumbnail_url, b.cover_path, b.isbn10, b.isbn13',
);

/** Catalogue popularity: log of ratings and want-to-read shelvings (used by several orderings). */
const POPULARITY = sql.raw('(ln(1 + b.ratings_count) + 0.8 * ln(1 + b.want_to_read_count))');

/** Rows of a raw SQL query. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const ACTIVE = sql`b.status = 'active'`;

function whereAll(conditions: SQL[]): SQL {
  return sql.join([ACTIVE, ...conditions], sql` AND `);
}

/**
 * Ranking of the genre page's "new releases": books whose author is known come before the unknown
 * ones (many Ethiopian catalogue rows have a recent year and little else, and used to fill the list
 * with "Unknown author" cards), then the newest first, and among books of one year those with more
 * known facts (rating, cover, description).
 */
const NEW_RELEASE_ORDER = sql`(cardinality(b.authors) = 0) ASC, b.publication_year DESC NULLS LAST,
  ((b.ratings_count > 0)::int
    + (b.cover_path IS NOT NULL OR b.cover_url IS NOT NULL OR b.thumbnail_url IS NOT NULL
       OR b.isbn13 IS NOT NULL OR b.isbn10 IS NOT NULL)::int
    + (b.description IS NOT NULL)::int) DESC`;

export function createBooksRepository(db: Db) {
  return {
    async findById(id: string): Promise<BookRow | undefined> {
      const [row] = await db.select().from(books).where(eq(books.id, id)).limit(1);
      return row;
    },

    /**
     * Trending candidates with their activity counts: every book with activity in the last 56 days
     * plus the 300 most popular of the catalogue. See books.service.ts for the score.
     */
    async trendingCandidates() {
      type Row = BookCardRow & {
        series: string | null;
        primary_author: string | null;
        want_to_read_count: number;
        recent: number;
        baseline: number;
      };
      return rows<Row>(
        db,
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
            SELECT ${CARD_COLUMNS}, b.series, b.primary_author, b.want_to_read_count,
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
    ) {
      const genres = options.genre ? [options.genre] : book.genres;
      if (genres.length === 0) return { items: [] as BookCardRow[], total: 0 };
      const genreArray = sql`${`{${genres.map((g) => `"${g}"`).join(',')}}`}::text[]`;
      const where = whereAll([
        options.genre ? sql`b.genres @> ${genreArray}` : sql`b.genres && ${genreArray}`,
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
      const sameAuthor =
        book.authors.length > 0
          ? sql`(b.authors && ARRAY[${sql.join(
              book.authors.map((name) => sql`${name}`),
              sql`, `,
            )}]::text[])`
          : sql`false`;
      const order =
        options.sort === 'rating'
          ? sql`b.rating DESC NULLS LAST, b.ratings_count DESC, b.id`
          : options.sort === 'newest'
            ? sql`b.publication_year DESC NULLS LAST, b.ratings_count DESC, b.id`
            : options.sort === 'title'
              ? sql`lower(b.title), b.id`
              : options.genre
                ? sql`${POPULARITY} DESC, b.id`
                : sql`${sameAuthor} DESC, (${shared}) DESC, ${POPULARITY} DESC, b.id`;
      const [items, [total]] = await Promise.all([
        rows<BookCardRow>(
          db,
          sql`SELECT ${CARD_COLUMNS} FROM books b WHERE ${where} ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.offset}`,
        ),
        rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM books b WHERE ${where}`),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    async genreCount(slug: string): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM books b WHERE ${whereAll([sql`b.genres @> ARRAY[${slug}]::text[]`])}`,
      );
      return Number(row?.n ?? 0);
    },

    /**
     * Books of a genre in one of the list orders of the genre page. "New releases" rank books whose
     * author is known before those without one (NEW_RELEASE_ORDER).
     */
    async genreBooks(slug: string, order: 'newest' | 'popular' | 'ethiopian', limit: number) {
      const conditions = [sql`b.genres @> ARRAY[${slug}]::text[]`];
      // Books added with the Add Ethiopian Book form (source 'local') join the Ethiopian shelf.
      if (order === 'ethiopian') conditions.push(sql`b.source IN ('ethiopian', 'local')`);
      const orderBy =
        order === 'newest'
          ? sql`${NEW_RELEASE_ORDER}, ${POPULARITY} DESC, b.id`
          : sql`${POPULARITY} DESC, b.rating DESC NULLS LAST, b.id`;
      return rows<BookCardRow>(
        db,
        sql`SELECT ${CARD_COLUMNS} FROM books b WHERE ${whereAll(conditions)} ORDER BY ${orderBy} LIMIT ${limit}`,
      );
    },

    /** The best books of each of the genre's last `decades` decades that have at least `minBooks`. */
    async genreDecades(slug: string, decades: number, minBooks: number, perList: number) {
      return rows<BookCardRow & { decade: number }>(
        db,
        sql`WITH d AS (
              SELECT (floor(b.publication_year / 10.0) * 10)::int AS decade
              FROM books b WHERE ${whereAll([sql`b.genres @> ARRAY[${slug}]::text[]`, sql`b.publication_year IS NOT NULL`])}
              GROUP BY 1 HAVING count(*) >= ${minBooks} ORDER BY 1 DESC LIMIT ${decades}
            ),
            ranked AS (
              SELECT ${CARD_COLUMNS}, (floor(b.publication_year / 10.0) * 10)::int AS decade,
                     row_number() OVER (PARTITION BY (floor(b.publication_year / 10.0) * 10)::int
                                        ORDER BY coalesce(b.rating, 0) * ln(2 + b.ratings_count) DESC, b.id) AS n
              FROM books b WHERE ${whereAll([sql`b.genres @> ARRAY[${slug}]::text[]`])}
                AND (floor(b.publication_year / 10.0) * 10)::int IN (SELECT decade FROM d)
            )
            SELECT * FROM ranked WHERE n <= ${perList} ORDER BY decade DESC, n`,
      );
    },

    async authors(options: { q?: string; letter?: string; page: number; pageSize: number }) {
      const conditions: SQL[] = [sql`b.primary_author IS NOT NULL`];
      if (options.q) conditions.push(sql`b.primary_author ILIKE ${`%${escapeLike(options.q)}%`}`);
      if (options.letter)
        conditions.push(sql`upper(left(b.primary_author, 1)) = upper(${options.letter.slice(0, 1)})`);
      const where = whereAll(conditions);
      const order = options.q ? sql`sum(b.ratings_count) DESC, b.primary_author` : sql`b.primary_author`;
      type Row = { name: string; book_count: number; average_rating: number | null; top_book_id: string };
      const [items, [total]] = await Promise.all([
        rows<Row>(
          db,
          sql`SELECT b.primary_author AS name, count(*)::int AS book_count, avg(b.rating)::float8 AS average_rating,
                     (array_agg(b.id ORDER BY b.ratings_count DESC, b.id))[1] AS top_book_id
              FROM books b WHERE ${where} GROUP BY b.primary_author ORDER BY ${order}
              LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`,
        ),
        rows<{ n: number }>(
          db,
          sql`SELECT count(DISTINCT b.primary_author)::int AS n FROM books b WHERE ${where}`,
        ),
      ]);
      const ids = items.map((item) => item.top_book_id);
      const tops = ids.length
        ? await rows<BookCardRow>(
            db,
            sql`SELECT ${CARD_COLUMNS} FROM books b WHERE b.id = ANY(${`{${ids.map((s) => `"${s}"`).join(',')}}`}::text[])`,
          )
        : [];
      return { items, tops: new Map(tops.map((row) => [row.id, row])), total: Number(total?.n ?? 0) };
    },

    async addReport(bookId: string, userId: string, reason: string) {
      const [row] = await db
        .insert(bookReports)
        .values({ bookId, userId, reason })
        .returning({ id: bookReports.id, status: bookReports.status });
      return row!;
    },

    async subscribe(email: string, language: string): Promise<void> {
      await db
        .insert(newsletterSubscriptions)
        .values({ email, language })
        .onConflictDoNothing({ target: newsletterSubscriptions.email });
    },

    async insertLocalBook(values: typeof books.$inferInsert): Promise<void> {
      await db.insert(books).values(values);
    },

    async recordActivity(
      bookId: string,
      userId: string | null,
      kind: string,
      createdAt?: Date,
    ): Promise<void> {
      await db.insert(bookActivity).values({ bookId, userId, kind, ...(createdAt ? { createdAt } : {}) });
    },

    async exists(id: string, includeInactive = false): Promise<boolean> {
      const [row] = await db
        .select({ id: books.id })
        .from(books)
        .where(includeInactive ? eq(books.id, id) : and(eq(books.id, id), eq(books.status, 'active')))
        .limit(1);
      return Boolean(row);
    },
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;

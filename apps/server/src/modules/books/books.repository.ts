import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  bookActivity,
  bookReports,
  books,
  newsletterSubscriptions,
  type BookRow,
} from '../../db/schema/index.js';
import { LENGTH_BUCKETS, LIMITS, type SearchQuery } from '@nebab/shared';

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

const CARD_COLUMNS = sql.raw(
  'b.id, b.title, b.authors, b.genres, b.rating, b.ratings_count, b.publication_date, b.publication_year, ' +
    'b.page_count, b.language, b.description, b.cover_url, b.thumbnail_url, b.cover_path, b.isbn10, b.isbn13',
);

/** Catalogue popularity: log of ratings and want-to-read shelvings (used by several orderings). */
const POPULARITY = sql.raw('(ln(1 + b.ratings_count) + 0.8 * ln(1 + b.want_to_read_count))');

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Lower-cased words of a query (letters, marks, digits of any script — Ge'ez included). */
export function queryTokens(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, 12);
}

/** `to_tsquery('simple')` text: every word required, the last one as a prefix. */
export function prefixTsquery(tokens: string[]): string {
  return tokens.map((token, i) => (i === tokens.length - 1 ? `${token}:*` : token)).join(' & ');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Very common English words, dropped from the tsquery when other words remain (huge posting lists). */
const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'in',
  'on',
  'to',
  'for',
  'at',
  'by',
  'with',
  'is',
  'from',
]);

/** Typeahead ranks at most this many substring matches. */
const SUGGEST_WINDOW = 2000;

/** Relevance ranks at most this many matches (the most-rated ones). */
const RANK_WINDOW = 1000;

/** Below this many full-text matches, trigram similarity is added to catch typos ('hary potter'). */
const FUZZY_BELOW = 10;

export interface TextMatch {
  /** The full-text condition: every word (stop words dropped), the last as a prefix, on the tsvector. */
  fullText: SQL;
  /**
   * Typo-tolerant match, used when the full text finds fewer than FUZZY_BELOW rows: a materialised
   * union of the full-text ids and trigram word similarity ids (GIN gin_trgm_ops). Separate arms
   * (not one OR) keep each on its own index.
   */
  fuzzyCte: SQL | null;
  /** Relevance: text rank + trigram similarity + title-prefix bonus, blended with log popularity. */
  rank: SQL;
}

export function textMatch(q: string): TextMatch | null {
  const tokens = queryTokens(q);
  if (tokens.length === 0) return null;
  const phrase = tokens.join(' ');
  const last = tokens[tokens.length - 1]!;
  const content = tokens.slice(0, -1).filter((token) => !STOP_WORDS.has(token));
  const queryWords = STOP_WORDS.has(last) && content.length > 0 ? content : [...content, last];
  const tsq = sql`to_tsquery('simple', ${prefixTsquery(queryWords)})`;
  const core = queryWords.join(' ');
  return {
    fullText: sql`b.search_vector @@ ${tsq}`,
    fuzzyCte:
      core.length >= 4
        ? sql`WITH m AS MATERIALIZED (SELECT id FROM books WHERE search_vector @@ ${tsq}
                UNION SELECT id FROM books WHERE ${core} <% search_text)`
        : null,
    rank: sql`(ts_rank(b.search_vector, ${tsq}) + word_similarity(${phrase}, b.search_text)
      + CASE WHEN lower(b.title) = ${phrase} THEN 1 WHEN lower(b.title) LIKE ${`${escapeLike(phrase)}%`} THEN 0.5 ELSE 0 END
      + 0.04 * ${POPULARITY})`,
  };
}

/** The filter conditions of spec §5 (everything but the text). */
export function searchFilters(query: Omit<SearchQuery, 'q' | 'sort' | 'page' | 'pageSize'>): SQL[] {
  const filters: SQL[] = [];
  if (query.author) {
    // The search_text condition lets the trigram index narrow the rows; the EXISTS checks the authors.
    filters.push(
      sql`b.search_text LIKE ${`%${escapeLike(query.author.toLowerCase())}%`}`,
      sql`EXISTS (SELECT 1 FROM unnest(b.authors) AS a(name) WHERE a.name ILIKE ${`%${escapeLike(query.author)}%`})`,
    );
  }
  if (query.genre) filters.push(sql`b.genres @> ARRAY[${query.genre}]::text[]`);
  if (query.language) filters.push(sql`b.language = ${query.language}`);
  if (query.ageGroup === 'Juvenile') filters.push(sql`b.genres && ARRAY['children']::text[]`);
  if (query.ageGroup === 'Young Adult') filters.push(sql`b.genres @> ARRAY['young-adult']::text[]`);
  if (query.ageGroup === 'Adult')
    filters.push(sql`NOT (b.genres && ARRAY['children','young-adult']::text[])`);
  if (query.length) {
    const [min, max] = LENGTH_BUCKETS[query.length];
    filters.push(sql`b.page_count >= ${min}`);
    if (max !== null) filters.push(sql`b.page_count <= ${max}`);
  }
  if (query.minRating !== undefined) filters.push(sql`b.rating >= ${query.minRating}`);
  if (query.yearFrom !== undefined) filters.push(sql`b.publication_year >= ${query.yearFrom}`);
  if (query.yearTo !== undefined) filters.push(sql`b.publication_year <= ${query.yearTo}`);
  return filters;
}

const ACTIVE = sql`b.status = 'active'`;

function whereAll(conditions: SQL[]): SQL {
  return sql.join([ACTIVE, ...conditions], sql` AND `);
}

function searchOrder(sort: SearchQuery['sort'], rank: SQL | null): SQL {
  switch (sort) {
    case 'rating':
      return sql`b.rating DESC NULLS LAST, b.ratings_count DESC, b.id`;
    case 'newest':
      return sql`b.publication_year DESC NULLS LAST, b.ratings_count DESC, b.id`;
    case 'title':
      return sql`lower(b.title), b.id`;
    default:
      return rank ? sql`${rank} DESC, b.id` : sql`b.ratings_count DESC, b.id`;
  }
}

export function createBooksRepository(db: Db) {
  return {
    async findById(id: string): Promise<BookRow | undefined> {
      const [row] = await db.select().from(books).where(eq(books.id, id)).limit(1);
      return row;
    },

    /**
     * The page and the totals. Relevance ranks at most RANK_WINDOW matches (the most-rated ones) so a
     * query matching a large share of a big catalogue stays fast (`+ 0` keeps PostgreSQL from walking
     * the ratings_count index and testing the tsquery on every row it passes); totals are exact up to the deepest
     * reachable page (pageSize × searchPageMax) and capped there.
     */
    async search(
      query: SearchQuery,
    ): Promise<{ items: BookCardRow[]; totalItems: number; rawTotal: number }> {
      const text = query.q ? textMatch(query.q) : null;
      const filters = searchFilters(query);
      if (!text && (query.q || filters.length === 0)) return { items: [], totalItems: 0, rawTotal: 0 };
      let cte = sql``;
      let source = sql`books b`;
      let textCondition: SQL[] = [];
      if (text) {
        const [few] = await rows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM books b WHERE ${text.fullText} LIMIT ${FUZZY_BELOW}) AS x`,
        );
        if (text.fuzzyCte && Number(few?.n ?? 0) < FUZZY_BELOW) {
          cte = text.fuzzyCte;
          source = sql`m JOIN books b ON b.id = m.id`;
        } else {
          textCondition = [text.fullText];
        }
      }
      const where = whereAll([...textCondition, ...filters]);
      const offset = (query.page - 1) * query.pageSize;
      const cap = query.pageSize * LIMITS.searchPageMax;
      const count = (condition: SQL) =>
        rows<{ n: number }>(
          db,
          sql`${cte} SELECT count(*)::int AS n FROM (SELECT 1 FROM ${source} WHERE ${condition} LIMIT ${cap}) AS x`,
        ).then(([row]) => Number(row?.n ?? 0));
      const page =
        text && query.sort === 'relevance'
          ? sql`${cte} SELECT * FROM (
                  SELECT ${CARD_COLUMNS}, ${text.rank} AS score FROM ${source} WHERE ${where}
                  ORDER BY (b.ratings_count + 0) DESC, b.id LIMIT ${Math.max(RANK_WINDOW, offset + query.pageSize)}
                ) AS w ORDER BY score DESC, id LIMIT ${query.pageSize} OFFSET ${offset}`
          : sql`${cte} SELECT ${CARD_COLUMNS} FROM ${source} WHERE ${where}
                ORDER BY ${searchOrder(query.sort, null)} LIMIT ${query.pageSize} OFFSET ${offset}`;
      const [items, totalItems, rawTotal] = await Promise.all([
        rows<BookCardRow & { score?: number }>(db, page),
        count(where),
        text && filters.length > 0 ? count(whereAll(textCondition)) : Promise.resolve(null),
      ]);
      return {
        items: items.map(({ score: _score, ...item }) => item),
        totalItems,
        rawTotal: rawTotal ?? totalItems,
      };
    },

    /**
     * Typeahead, in three steps that each stop once `limit` books are found:
     * 1. titles starting with the text (btree on lower(title) text_pattern_ops), most rated first;
     * 2. titles/authors containing the text: the trigram index is probed with the longest word only
     *    (common words like 'the' have huge trigram lists), at most SUGGEST_WINDOW rows, then the
     *    whole text is checked and the most rated kept;
     * 3. when nothing matched: trigram word similarity of the words without stop words ('hary pot').
     */
    async suggest(q: string, limit: number) {
      const tokens = queryTokens(q);
      const phrase = tokens.join(' ');
      if (!phrase) return [];
      type Row = {
        id: string;
        title: string;
        author: string | null;
        thumbnail_url: string | null;
        cover_url: string | null;
        cover_path: string | null;
        isbn10: string | null;
        isbn13: string | null;
      };
      const columns = sql.raw(
        'b.id, b.title, b.primary_author AS author, b.thumbnail_url, b.cover_url, b.cover_path, b.isbn10, b.isbn13',
      );
      const found: Row[] = [];
      const exclude = () =>
        found.length
          ? sql`AND b.id <> ALL(${`{${found.map((row) => `"${row.id}"`).join(',')}}`}::text[])`
          : sql``;
      const prefix = q.trim().toLowerCase().replace(/\s+/g, ' ');
      found.push(
        ...(await rows<Row>(
          db,
          sql`WITH c AS MATERIALIZED (
                SELECT ${columns}, b.ratings_count FROM books b
                WHERE ${ACTIVE} AND lower(b.title) LIKE ${`${escapeLike(prefix)}%`} LIMIT ${SUGGEST_WINDOW})
              SELECT id, title, author, thumbnail_url, cover_url, cover_path, isbn10, isbn13 FROM c
              ORDER BY ratings_count DESC, id LIMIT ${limit}`,
        )),
      );
      if (found.length >= limit) return found;
      const probe =
        tokens.filter((token) => !STOP_WORDS.has(token)).sort((a, b) => b.length - a.length)[0] ?? tokens[0]!;
      if (probe.length >= 2) {
        found.push(
          ...(await rows<Row>(
            db,
            sql`WITH c AS MATERIALIZED (
                  SELECT ${columns}, b.ratings_count, b.search_text FROM books b
                  WHERE ${ACTIVE} AND b.search_text LIKE ${`%${escapeLike(probe)}%`} ${exclude()} LIMIT ${SUGGEST_WINDOW})
                SELECT id, title, author, thumbnail_url, cover_url, cover_path, isbn10, isbn13 FROM c
                WHERE search_text LIKE ${`%${escapeLike(phrase)}%`}
                ORDER BY ratings_count DESC, id LIMIT ${limit - found.length}`,
          )),
        );
      }
      const core = tokens.filter((token) => !STOP_WORDS.has(token)).join(' ');
      // Typos only: when the text matched nothing (common trigrams make this step the slow one).
      if (found.length > 0 || core.length < 4) return found;
      found.push(
        ...(await rows<Row>(
          db,
          sql`SELECT ${columns} FROM books b
              WHERE ${ACTIVE} AND ${core} <% b.search_text ${exclude()}
              ORDER BY word_similarity(${core}, b.search_text) DESC, b.ratings_count DESC, b.id
              LIMIT ${limit - found.length}`,
        )),
      );
      return found;
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

    async related(
      book: { id: string; genres: string[] },
      options: { genre?: string; sort: string; limit: number; offset: number },
    ) {
      const genres = options.genre ? [options.genre] : book.genres;
      if (genres.length === 0) return { items: [] as BookCardRow[], total: 0 };
      const genreArray = sql`${`{${genres.map((g) => `"${g}"`).join(',')}}`}::text[]`;
      const where = whereAll([
        options.genre ? sql`b.genres @> ${genreArray}` : sql`b.genres && ${genreArray}`,
        sql`b.id <> ${book.id}`,
      ]);
      const ownGenres = sql`${`{${book.genres.map((g) => `"${g}"`).join(',')}}`}::text[]`;
      const shared = sql`cardinality(ARRAY(SELECT unnest(b.genres) INTERSECT SELECT unnest(${ownGenres})))`;
      const order =
        options.sort === 'rating'
          ? sql`b.rating DESC NULLS LAST, b.ratings_count DESC, b.id`
          : options.sort === 'newest'
            ? sql`b.publication_year DESC NULLS LAST, b.ratings_count DESC, b.id`
            : options.sort === 'title'
              ? sql`lower(b.title), b.id`
              : sql`${shared} DESC, ${POPULARITY} DESC, b.id`;
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

    /** Books of a genre in one of the list orders of the genre page. */
    async genreBooks(slug: string, order: 'newest' | 'popular' | 'ethiopian', limit: number) {
      const conditions = [sql`b.genres @> ARRAY[${slug}]::text[]`];
      if (order === 'ethiopian') conditions.push(sql`b.source = 'ethiopian'`);
      const orderBy =
        order === 'newest'
          ? sql`b.publication_year DESC NULLS LAST, ${POPULARITY} DESC, b.id`
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

    /** Book clubs focused on a genre. Empty until the clubs feature exists. */
    async clubsForGenre(_slug: string): Promise<Array<{ id: string; name: string; memberCount: number }>> {
      return [];
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

    /** Admin edit: writes the fields and records them in `edited_fields` so re-imports keep them. */
    async adminUpdate(
      id: string,
      values: Partial<Pick<BookRow, 'description' | 'previewLink' | 'viewability'>>,
      columns: string[],
    ) {
      const [row] = await db
        .update(books)
        .set({
          ...values,
          editedFields: sql`ARRAY(SELECT DISTINCT unnest(${books.editedFields} || ${`{${columns.join(',')}}`}::text[]))`,
        })
        .where(eq(books.id, id))
        .returning();
      return row;
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

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

/** The substring step of typeahead reads at most this many rows of the probed word (heap reads). */
const SUGGEST_SUBSTRING_WINDOW = 1000;

/** Relevance ranks at most this many matches (the most-rated ones). */
const RANK_WINDOW = 1000;

/**
 * Totals are exact up to this many rows (a count over `SELECT 1 … LIMIT EXACT_TOTAL_MAX + 1`); above,
 * the planner's row estimate of the same query is answered instead (at least EXACT_TOTAL_MAX + 1,
 * at most the deepest reachable row, pageSize × searchPageMax), so a broad query never counts a
 * large share of the catalogue.
 */
const EXACT_TOTAL_MAX = 1000;

/**
 * A text-only condition (no filters) whose planner estimate reaches this is not counted at all: the
 * estimate is answered (tsvector statistics are per word, so they are not off by the 10× this
 * margin allows, unlike combinations of correlated filters, which are always counted).
 */
const TRUSTED_ESTIMATE_MIN = 10 * EXACT_TOTAL_MAX;

/**
 * Relevance reads at most this many matches (in whatever order the planner finds them) and ranks the
 * RANK_WINDOW most-rated of them. Up to this many matches that is every match (ranking and total
 * exact); a common word matching more ranks a bounded candidate set and answers an estimated total.
 */
const RANK_CANDIDATES = RANK_WINDOW;

/**
 * When the planner expects this many times RANK_CANDIDATES matches, the candidates are first taken
 * from the whole-word matches (see TextMatch.wholeWords); with too few of those, from every match.
 */
const WHOLE_WORDS_FROM = 3;

/** Below this many full-text matches, trigram similarity is added to catch typos ('hary potter'). */
const FUZZY_BELOW = 10;

export interface TextMatch {
  /** The full-text condition: every word (stop words dropped), the last as a prefix, on the tsvector. */
  fullText: SQL;
  /**
   * The same words with the last one whole (not a prefix): a subset of `fullText` that the GIN index
   * answers several times faster (no partial-match scan), used to pick the candidates of common words.
   */
  wholeWords: SQL;
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
    wholeWords: sql`b.search_vector @@ to_tsquery('simple', ${queryWords.join(' & ')})`,
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

/**
 * The ORDER BY of a sorted search. `walk` (many matches) leaves the planner free to walk the sorted
 * partial indexes (books_active_rating_idx, _newest_idx, _popular_idx) and stop at the LIMIT; without
 * it (at most EXACT_TOTAL_MAX matches) `+ 0` hides those indexes so the matches are found through the
 * filter indexes and sorted: a walk testing rare (or correlated) filters could pass most of the table.
 */
function searchOrder(sort: SearchQuery['sort'], walk: boolean): SQL {
  const z = walk ? sql`` : sql` + 0`;
  switch (sort) {
    case 'rating':
      return sql`(b.rating${z}) DESC NULLS LAST, (b.ratings_count${z}) DESC, b.id`;
    case 'newest':
      return sql`(b.publication_year${z}) DESC NULLS LAST, (b.ratings_count${z}) DESC, b.id`;
    case 'title':
      return sql`lower(b.title), b.id`;
    default:
      return sql`(b.ratings_count${z}) DESC, b.id`;
  }
}

/** Planner row estimate of a query (EXPLAIN, no execution). */
async function estimateRows(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ 'QUERY PLAN': unknown }>(db, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Number(plan[0]?.Plan['Plan Rows'] ?? 0);
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
     * The page and the totals, bounded for a big catalogue (see apps/server/README.md, search):
     * - totals are exact up to EXACT_TOTAL_MAX; above, the planner's estimate (never below
     *   EXACT_TOTAL_MAX + 1, capped at the deepest reachable row, pageSize × searchPageMax);
     * - relevance ranks the RANK_WINDOW most-rated of at most RANK_CANDIDATES matches (all of them, so
     *   exactly as before, up to that many matches; `+ 0` keeps PostgreSQL from walking the
     *   ratings_count index and testing the tsquery on every row it passes);
     * - other sorts: up to EXACT_TOTAL_MAX matches are found through the filter indexes and sorted;
     *   more walk the sorted partial index (migration 0004) and stop at the page.
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
      let fuzzy = false;
      if (text) {
        const [few] = await rows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM books b WHERE ${text.fullText} LIMIT ${FUZZY_BELOW}) AS x`,
        );
        if (text.fuzzyCte && Number(few?.n ?? 0) < FUZZY_BELOW) {
          cte = text.fuzzyCte;
          fuzzy = true;
          source = sql`m JOIN books b ON b.id = m.id`;
        } else {
          textCondition = [text.fullText];
        }
      }
      const where = whereAll([...textCondition, ...filters]);
      const offset = (query.page - 1) * query.pageSize;
      const cap = query.pageSize * LIMITS.searchPageMax;
      /** An estimated total: at least `above + 1`, at most the deepest reachable row. */
      const estimated = async (condition: SQL, above: number) => {
        const estimate = await estimateRows(db, sql`${cte} SELECT 1 FROM ${source} WHERE ${condition}`);
        return Math.min(cap, Math.max(above + 1, Math.round(estimate)));
      };
      // `textOnly`: the condition is the tsquery alone, whose planner estimate (most-common-element
      // statistics of the tsvector) is close enough to skip counting a word matching far more books.
      const count = async (condition: SQL, textOnly = false): Promise<{ n: number; exact: boolean }> => {
        if (textOnly) {
          const estimate = await estimateRows(db, sql`${cte} SELECT 1 FROM ${source} WHERE ${condition}`);
          if (estimate >= TRUSTED_ESTIMATE_MIN)
            return { n: Math.min(cap, Math.round(estimate)), exact: false };
        }
        const [row] = await rows<{ n: number }>(
          db,
          sql`${cte} SELECT count(*)::int AS n FROM (SELECT 1 FROM ${source} WHERE ${condition} LIMIT ${EXACT_TOTAL_MAX + 1}) AS x`,
        );
        const n = Number(row?.n ?? 0);
        if (n <= EXACT_TOTAL_MAX) return { n, exact: true };
        return { n: await estimated(condition, EXACT_TOTAL_MAX), exact: false };
      };
      const rawCount =
        text && filters.length > 0 ? count(whereAll(textCondition), !fuzzy) : Promise.resolve(null);
      let items: BookCardRow[];
      let total: number;
      if (text && query.sort === 'relevance') {
        // One statement: at most `candidates` matches (with the columns the score needs), their count,
        // the `window` most-rated of them scored, and only the page's rows read again for the cards.
        const window = Math.max(RANK_WINDOW, offset + query.pageSize);
        const candidates = Math.max(RANK_CANDIDATES, window);
        const withClause = fuzzy ? sql`${cte},` : sql`WITH`;
        type Row = BookCardRow & { candidates: number; id: string | null };
        const statement = (condition: SQL) =>
          rows<Row>(
            db,
            sql`${withClause} c AS MATERIALIZED (
                SELECT b.id, b.title, b.ratings_count, b.want_to_read_count, b.search_vector, b.search_text
                FROM ${source} WHERE ${condition} LIMIT ${candidates + 1}),
              w AS (SELECT * FROM c ORDER BY ratings_count DESC, id LIMIT ${window}),
              p AS (SELECT b.id, ${text.rank} AS score FROM w AS b
                    ORDER BY score DESC, b.id LIMIT ${query.pageSize} OFFSET ${offset})
              SELECT n.candidates, page.* FROM (SELECT count(*)::int AS candidates FROM c) AS n
              LEFT JOIN LATERAL (
                SELECT ${CARD_COLUMNS} FROM p JOIN books b ON b.id = p.id ORDER BY p.score DESC, p.id
              ) AS page ON true`,
          );
        let result: Row[] | null = null;
        let expected: number | null = null;
        if (!fuzzy) {
          // Many matches expected (planner estimate): the candidates are a bounded set anyway, so take
          // them from the whole-word matches when those are enough (no GIN partial-match scan).
          expected = await estimateRows(db, sql`SELECT 1 FROM ${source} WHERE ${where}`);
          if (expected >= WHOLE_WORDS_FROM * candidates) {
            const whole = await statement(whereAll([text.wholeWords, ...filters]));
            if (Number(whole[0]?.candidates ?? 0) > candidates) result = whole;
          }
        }
        result ??= await statement(where);
        const found = Number(result[0]?.candidates ?? 0);
        total =
          found <= candidates
            ? found
            : expected === null
              ? await estimated(where, candidates)
              : Math.min(cap, Math.max(candidates + 1, Math.round(expected)));
        items = result.filter((row) => row.id !== null).map(({ candidates: _candidates, ...item }) => item);
      } else {
        // Few matches (≤ EXACT_TOTAL_MAX): one statement finds them with their sort keys, counts and
        // sorts them, and reads the page's cards. Many: walk the sorted index and stop at the page.
        const withClause = fuzzy ? sql`${cte},` : sql`WITH`;
        const trusted = Boolean(text) && !fuzzy && filters.length === 0;
        const estimate = trusted ? await estimateRows(db, sql`SELECT 1 FROM ${source} WHERE ${where}`) : 0;
        let found = Infinity;
        items = [];
        if (estimate < TRUSTED_ESTIMATE_MIN) {
          type Row = BookCardRow & { found: number; id: string | null };
          const result = await rows<Row>(
            db,
            sql`${withClause} c AS MATERIALIZED (
                  SELECT b.id, b.rating, b.ratings_count, b.publication_year, b.title
                  FROM ${source} WHERE ${where} LIMIT ${EXACT_TOTAL_MAX + 1}),
                p AS (SELECT b.id, row_number() OVER (ORDER BY ${searchOrder(query.sort, false)}) AS r
                      FROM c AS b WHERE (SELECT count(*) FROM c) <= ${EXACT_TOTAL_MAX}
                      ORDER BY r LIMIT ${query.pageSize} OFFSET ${offset})
                SELECT n.found, page.* FROM (SELECT count(*)::int AS found FROM c) AS n
                LEFT JOIN LATERAL (
                  SELECT ${CARD_COLUMNS} FROM p JOIN books b ON b.id = p.id ORDER BY p.r
                ) AS page ON true`,
          );
          found = Number(result[0]?.found ?? 0);
          items = result.filter((row) => row.id !== null).map(({ found: _found, ...item }) => item);
        }
        if (found <= EXACT_TOTAL_MAX) {
          total = found;
        } else {
          total = trusted ? Math.min(cap, Math.round(estimate)) : await estimated(where, EXACT_TOTAL_MAX);
          items = await rows<BookCardRow>(
            db,
            sql`${cte} SELECT ${CARD_COLUMNS} FROM ${source} WHERE ${where}
                ORDER BY ${searchOrder(query.sort, true)} LIMIT ${query.pageSize} OFFSET ${offset}`,
          );
        }
      }
      const raw = await rawCount;
      return {
        items,
        totalItems: total,
        rawTotal: raw ? Math.max(raw.n, total) : total,
      };
    },

    /**
     * Typeahead, in three steps that each stop once `limit` books are found:
     * 1. titles starting with the text (btree on lower(title) text_pattern_ops), most rated first;
     * 2. titles/authors containing the text: the trigram index is probed with the longest word only
     *    (common words like 'the' have huge trigram lists), at most SUGGEST_SUBSTRING_WINDOW rows, then the
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
          // The window is read index-only from books_active_title_prefix_idx; only the kept rows
          // are fetched from the table.
          sql`WITH c AS MATERIALIZED (
                SELECT b.id, b.ratings_count FROM books b
                WHERE ${ACTIVE} AND lower(b.title) LIKE ${`${escapeLike(prefix)}%`} LIMIT ${SUGGEST_WINDOW}),
              t AS MATERIALIZED (SELECT id, ratings_count FROM c ORDER BY ratings_count DESC, id LIMIT ${limit})
              SELECT ${columns} FROM t JOIN books b ON b.id = t.id
              ORDER BY t.ratings_count DESC, t.id`,
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
                  WHERE ${ACTIVE} AND b.search_text LIKE ${`%${escapeLike(probe)}%`} ${exclude()} LIMIT ${SUGGEST_SUBSTRING_WINDOW})
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

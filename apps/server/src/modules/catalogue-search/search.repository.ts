import { sql, type SQL } from 'drizzle-orm';
import { LIMITS, type SearchQuery } from '@nebab/shared';
import type { DatabaseKind, Db } from '../../db/client.js';
import { planForSearch, selectRows } from '../../db/sql-helpers.js';
import { bookCardSql, whereActive, type BookCard } from '../books/book-card.js';
import { anyTextCondition, authorHit, SCORE_COLUMNS, score, sources, windowOrder } from './relevance.js';
import type { TextQuery } from './text-query.js';

/**
 * Each source of matches (words, keys) reads at most this many rows; up to that every match is
 * found, so totals are exact. Past it the total is the planner's estimate and relevance ranks the
 * RANK_WINDOW most-rated of the rows read (see apps/server/README.md, search).
 */
export const SOURCE_CAP = 1000;

/** Relevance scores at most this many candidates: the most rated of the matches. */
const RANK_WINDOW = 500;

/** Planner row estimate of a query (EXPLAIN, no execution). */
async function estimateRows(db: Db, query: SQL): Promise<number> {
  const [row] = await selectRows<{ 'QUERY PLAN': unknown }>(db, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Number(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * The ORDER BY of a sorted search. `walk` (many matches) leaves the planner free to walk the sorted
 * partial indexes (books_active_rating_idx, _newest_idx, _popular_idx) and stop at the LIMIT; without
 * it `+ 0` hides those indexes so the matches are found through the text and filter indexes and sorted.
 */
function sortOrder(sort: SearchQuery['sort'], walk: boolean): SQL {
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

export interface PageRequest {
  filters: SQL[];
  sort: SearchQuery['sort'];
  page: number;
  pageSize: number;
}

export interface PageResult {
  items: BookCard[];
  /** Matches after the filters (exact, or an estimate past SOURCE_CAP). */
  total: number;
  /** Matches of the text alone (the same as total without filters). */
  rawTotal: number;
}

/** The deepest row a reader can reach (pageSize × searchPageMax): totals never claim more. */
const deepest = (pageSize: number) => pageSize * LIMITS.searchPageMax;

/**
 * One statement: the matches of every source (each at most SOURCE_CAP + 1 rows, the filters inside
 * when `filtersInside`), their count, the filtered candidates and their count, and the page — by
 * relevance (the RANK_WINDOW most-rated candidates scored) or by a sort key.
 */
async function textPage(
  db: Db,
  text: TextQuery,
  request: PageRequest,
  filtersInside: boolean,
): Promise<{ rows: Array<BookCard & { score: number | null }>; raw: number; total: number }> {
  const conditions = sources(text);
  const inside = filtersInside ? request.filters : [];
  const union = sql.join(
    conditions.map(
      (condition) =>
        sql`(SELECT b.id FROM books b WHERE ${whereActive([condition, ...inside])} LIMIT ${SOURCE_CAP + 1})`,
    ),
    sql` UNION `,
  );
  const outside = filtersInside ? [] : request.filters;
  const offset = (request.page - 1) * request.pageSize;
  const relevance = request.sort === 'relevance';
  const window = Math.max(RANK_WINDOW, offset + request.pageSize);
  const ranked = relevance
    ? sql`w0 AS (SELECT b.*, ${authorHit(text)} AS author_hit FROM c AS b
                 ORDER BY ${windowOrder(text)}, b.ratings_count DESC, b.id LIMIT ${window}),
          w AS (SELECT w0.*, bool_or(w0.author_hit) OVER () AS any_author FROM w0),
          p AS (SELECT b.id, ${score(text)} AS score FROM w AS b
                ORDER BY score DESC, b.id LIMIT ${request.pageSize} OFFSET ${offset})`
    : sql`p AS (SELECT b.id, NULL::float8 AS score FROM c JOIN books b ON b.id = c.id
                ORDER BY ${sortOrder(request.sort, false)} LIMIT ${request.pageSize} OFFSET ${offset})`;
  const pageOrder = relevance ? sql`p.score DESC, p.id` : sortOrder(request.sort, false);
  type Row = BookCard & { score: number | null; raw_total: number; total: number; id: string | null };
  const result = await selectRows<Row>(
    db,
    sql`WITH raw AS MATERIALIZED (${union}),
          c AS MATERIALIZED (
            SELECT ${SCORE_COLUMNS} FROM raw JOIN books b ON b.id = raw.id
            ${outside.length ? sql`WHERE ${sql.join(outside, sql` AND `)}` : sql``}),
          ${ranked}
        SELECT (SELECT count(*) FROM raw)::int AS raw_total, (SELECT count(*) FROM c)::int AS total, page.*
        FROM (SELECT 1) AS one LEFT JOIN LATERAL (
          SELECT ${bookCardSql()}, p.score FROM p JOIN books b ON b.id = p.id ORDER BY ${pageOrder}
        ) AS page ON true`,
  );
  const first = result[0];
  return {
    rows: result
      .filter((row) => row.id !== null)
      .map(({ raw_total: _raw, total: _total, ...row }) => row as BookCard & { score: number | null }),
    raw: Number(first?.raw_total ?? 0),
    total: Number(first?.total ?? 0),
  };
}

/**
 * A page of a text search (with its filters) and its totals, bounded for a big catalogue:
 * exact up to SOURCE_CAP matches; past it the planner's estimate (never below SOURCE_CAP + 1,
 * capped at the deepest reachable row), relevance ranks a bounded candidate set, and other sorts
 * walk the sorted index.
 */
async function textIn(db: Db, text: TextQuery, request: PageRequest): Promise<PageResult> {
  const cap = deepest(request.pageSize);
  const hasFilters = request.filters.length > 0;
  // First with the filters outside the sources: when every source was read whole, both totals
  // are exact from one statement.
  let first = await textPage(db, text, request, false);
  let rawTotal = first.raw;
  if (first.raw > SOURCE_CAP) {
    const condition = anyTextCondition(text);
    rawTotal = Math.min(
      cap,
      Math.max(
        SOURCE_CAP + 1,
        Math.round(await estimateRows(db, sql`SELECT 1 FROM books b WHERE ${whereActive([condition])}`)),
      ),
    );
    // Read whole, the filtered matches may be far fewer than the text's (a rare genre): again
    // with the filters inside the sources.
    if (hasFilters) first = await textPage(db, text, request, true);
  }
  let total = hasFilters ? first.total : rawTotal;
  let items: BookCard[] = first.rows;
  if (first.total > SOURCE_CAP) {
    const condition = whereActive([anyTextCondition(text), ...request.filters]);
    total = Math.min(
      cap,
      Math.max(
        SOURCE_CAP + 1,
        Math.round(await estimateRows(db, sql`SELECT 1 FROM books b WHERE ${condition}`)),
      ),
    );
    if (request.sort !== 'relevance') {
      // Many matches in a sorted order: walk the sorted index and stop at the page.
      items = await selectRows<BookCard>(
        db,
        sql`SELECT ${bookCardSql()} FROM books b WHERE ${condition}
            ORDER BY ${sortOrder(request.sort, true)}
            LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}`,
      );
    }
  }
  return { items, total, rawTotal: Math.max(rawTotal, total) };
}

/**
 * Filters without text: up to SOURCE_CAP matches are found through the filter indexes and sorted;
 * more walk the sorted partial index and stop at the page.
 */
async function filteredIn(db: Db, request: PageRequest): Promise<PageResult> {
  const where = whereActive(request.filters);
  const offset = (request.page - 1) * request.pageSize;
  type Row = BookCard & { found: number; id: string | null };
  const result = await selectRows<Row>(
    db,
    sql`WITH c AS MATERIALIZED (
          SELECT b.id, b.rating, b.ratings_count, b.publication_year, b.title
          FROM books b WHERE ${where} LIMIT ${SOURCE_CAP + 1}),
        p AS (SELECT b.id, row_number() OVER (ORDER BY ${sortOrder(request.sort, false)}) AS r
              FROM c AS b WHERE (SELECT count(*) FROM c) <= ${SOURCE_CAP}
              ORDER BY r LIMIT ${request.pageSize} OFFSET ${offset})
        SELECT n.found, page.* FROM (SELECT count(*)::int AS found FROM c) AS n
        LEFT JOIN LATERAL (
          SELECT ${bookCardSql()} FROM p JOIN books b ON b.id = p.id ORDER BY p.r
        ) AS page ON true`,
  );
  const found = Number(result[0]?.found ?? 0);
  if (found <= SOURCE_CAP) {
    const items = result.filter((row) => row.id !== null).map(({ found: _found, ...item }) => item);
    return { items, total: found, rawTotal: found };
  }
  const total = Math.min(
    deepest(request.pageSize),
    Math.max(SOURCE_CAP + 1, Math.round(await estimateRows(db, sql`SELECT 1 FROM books b WHERE ${where}`))),
  );
  const items = await selectRows<BookCard>(
    db,
    sql`SELECT ${bookCardSql()} FROM books b WHERE ${where}
        ORDER BY ${sortOrder(request.sort, true)} LIMIT ${request.pageSize} OFFSET ${offset}`,
  );
  return { items, total, rawTotal: total };
}

export function createSearchRepository(outer: Db, kind: DatabaseKind) {
  return {
    /** A page of a text search and its totals (`textIn`). */
    async text(text: TextQuery, request: PageRequest): Promise<PageResult> {
      // Nothing readable in the words (and no ISBN): nothing can match.
      if (sources(text).length === 0) return { items: [], total: 0, rawTotal: 0 };
      return planForSearch(outer, kind, (db) => textIn(db, text, request));
    },

    /** A page of a search by filters alone (`filteredIn`). */
    async filtered(request: PageRequest): Promise<PageResult> {
      return planForSearch(outer, kind, (db) => filteredIn(db, request));
    },

    /**
     * Titles and authors closest to a phrase by trigram word similarity (typos the corrector could not
     * mend), the most similar first: what "nothing found" offers.
     */
    async closest(phrase: string, filters: SQL[], limit: number): Promise<BookCard[]> {
      if (phrase.length < 3) return [];
      return selectRows<BookCard>(
        outer,
        sql`SELECT ${bookCardSql()} FROM books b
            WHERE ${whereActive([sql`${phrase} <% b.search_text`, ...filters])}
            ORDER BY word_similarity(${phrase}, b.search_text) DESC, b.ratings_count DESC, b.id
            LIMIT ${limit}`,
      );
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;

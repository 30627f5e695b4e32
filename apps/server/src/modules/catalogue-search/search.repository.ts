import { sql, type SQL } from 'drizzle-orm';
import { LIMITS, type SearchQuery } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/sql-helpers.js';
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

/**
 * Past this many matches by the planner's estimate, a text (or a set of filters) is not counted:
 * the total is the estimate, and a sorted page walks the sorted index at once (at least one row in
 * a hundred matches there). Estimates are good to a factor of a few; this leaves room for it.
 */
const MANY_MATCHES = 10 * SOURCE_CAP;

/** Where a big catalogue's search changes course (tests lower them to take that course on a small one). */
export interface SearchScale {
  /** MANY_MATCHES */
  manyMatches: number;
  /** BIG_CATALOGUE */
  bigCatalogue: number;
}

/**
 * The planner is asked first only in a catalogue of at least this many books (pg_class.reltuples,
 * read at most once a minute): in a smaller one, reading 1,001 matches first costs a few
 * milliseconds and a text rarely has MANY_MATCHES, so the extra round trip would not pay.
 */
const BIG_CATALOGUE = 4 * MANY_MATCHES;
const SCALE: SearchScale = { manyMatches: MANY_MATCHES, bigCatalogue: BIG_CATALOGUE };
const CATALOGUE_SIZE_TTL_MS = 60_000;

/** Planner row estimate of a query (EXPLAIN, no execution). */
async function estimateRows(db: Db, query: SQL): Promise<number> {
  const [row] = await selectRows<{ 'QUERY PLAN': unknown }>(db, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Number(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/** How many active books match `conditions`, by the planner's estimate. */
const estimateMatches = (db: Db, conditions: SQL[]) =>
  estimateRows(db, sql`SELECT 1 FROM books b WHERE ${whereActive(conditions)}`);

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

/** An estimate as a total: past SOURCE_CAP (it was not counted), never past the deepest row. */
const estimatedTotal = (estimate: number, pageSize: number) =>
  Math.min(deepest(pageSize), Math.max(SOURCE_CAP + 1, Math.round(estimate)));

/** The candidates' columns: what the score and every sort order read. */
const CANDIDATE_COLUMNS = sql`${SCORE_COLUMNS}, b.rating, b.publication_year`;

interface TextPage {
  rows: Array<BookCard & { score: number | null }>;
  /** Matches of the text read (at most SOURCE_CAP + 1 per source). */
  raw: number;
  /** …of which the filters keep. */
  total: number;
}

/**
 * One statement: the matches of every source (each at most SOURCE_CAP + 1 rows, read once with the
 * columns the score and the sorts need; the filters inside when `filtersInside`, else evaluated on
 * the same read), their count, the filtered candidates and their count, and the page — by relevance
 * (the RANK_WINDOW most likely candidates scored) or by a sort key.
 */
async function textPage(
  db: Db,
  text: TextQuery,
  request: PageRequest,
  filtersInside: boolean,
): Promise<TextPage> {
  const inside = filtersInside ? request.filters : [];
  const outside = filtersInside ? [] : request.filters;
  const passes = outside.length ? sql`(${sql.join(outside, sql` AND `)})` : sql`true`;
  const reads = sources(text).map(({ condition, few }) =>
    few && inside.length
      ? // A source of few books finds them first (OFFSET 0 keeps the subquery apart), then filters.
        sql`(SELECT ${CANDIDATE_COLUMNS}, ${passes} AS passes
             FROM (SELECT * FROM books b WHERE ${whereActive([condition])} OFFSET 0) AS b
             WHERE ${sql.join(inside, sql` AND `)} LIMIT ${SOURCE_CAP + 1})`
      : sql`(SELECT ${CANDIDATE_COLUMNS}, ${passes} AS passes FROM books b
             WHERE ${whereActive([condition, ...inside])} LIMIT ${SOURCE_CAP + 1})`,
  );
  // A book matched by two sources (its words and its keys) is one candidate.
  const raw =
    reads.length === 1
      ? reads[0]!
      : sql`SELECT DISTINCT ON (u.id) u.* FROM (${sql.join(reads, sql` UNION ALL `)}) AS u ORDER BY u.id`;
  const offset = (request.page - 1) * request.pageSize;
  const relevance = request.sort === 'relevance';
  const window = Math.max(RANK_WINDOW, offset + request.pageSize);
  const ranked = relevance
    ? sql`w0 AS (SELECT b.*, ${authorHit(text)} AS author_hit FROM c AS b
                 ORDER BY ${windowOrder(text)}, b.ratings_count DESC, b.id LIMIT ${window}),
          w AS (SELECT w0.*, bool_or(w0.author_hit) OVER () AS any_author FROM w0),
          p AS (SELECT b.id, ${score(text)} AS score FROM w AS b
                ORDER BY score DESC, b.id LIMIT ${request.pageSize} OFFSET ${offset})`
    : sql`p AS (SELECT b.id, NULL::float8 AS score, row_number() OVER (ORDER BY ${sortOrder(request.sort, false)}) AS r
                FROM c AS b ORDER BY r LIMIT ${request.pageSize} OFFSET ${offset})`;
  const pageOrder = relevance ? sql`p.score DESC, p.id` : sql`p.r`;
  type Row = BookCard & { score: number | null; raw_total: number; total: number; id: string | null };
  const result = await selectRows<Row>(
    db,
    sql`WITH raw AS MATERIALIZED (${raw}),
          c AS MATERIALIZED (SELECT * FROM raw WHERE raw.passes),
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

/** A page of many matches in a sort order: the sorted index walked, stopping at the page. */
function walkSorted(db: Db, conditions: SQL[], request: PageRequest): Promise<BookCard[]> {
  return selectRows<BookCard>(
    db,
    sql`SELECT ${bookCardSql()} FROM books b WHERE ${whereActive(conditions)}
        ORDER BY ${sortOrder(request.sort, true)}
        LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}`,
  );
}

/**
 * A page of a text search (with its filters) and its totals, bounded for a big catalogue:
 * exact up to SOURCE_CAP matches; past it the planner's estimate (never below SOURCE_CAP + 1,
 * capped at the deepest reachable row), relevance ranks a bounded candidate set, and other sorts
 * walk the sorted index. A text the planner expects in MANY_MATCHES books or more is not read
 * whole first: its count could only be thrown away.
 */
async function textIn(
  db: Db,
  text: TextQuery,
  request: PageRequest,
  big: boolean,
  many: number,
): Promise<PageResult> {
  const { filters, pageSize } = request;
  const hasFilters = filters.length > 0;
  const relevance = request.sort === 'relevance';
  let textEstimate = big ? await estimateMatches(db, [anyTextCondition(text)]) : undefined;
  const estimateText = async () => (textEstimate ??= await estimateMatches(db, [anyTextCondition(text)]));
  let page: TextPage | undefined;
  if (textEstimate === undefined || textEstimate < many) {
    // Likely read whole: with the filters outside the sources, one statement gives the page and
    // both totals.
    page = await textPage(db, text, request, false);
    if (page.raw <= SOURCE_CAP)
      return { items: page.rows, total: hasFilters ? page.total : page.raw, rawTotal: page.raw };
  }
  // Past SOURCE_CAP matches of the text.
  let rawTotal = estimatedTotal(await estimateText(), pageSize);
  let filteredEstimate = textEstimate!;
  if (hasFilters) {
    // The filtered matches may be far fewer (a rare genre): read with the filters inside the
    // sources, and counted exactly up to SOURCE_CAP — unless a sorted page will walk anyway.
    const estimate = () => estimateMatches(db, [anyTextCondition(text), ...filters]);
    if (!relevance) filteredEstimate = await estimate();
    page = relevance || filteredEstimate < many ? await textPage(db, text, request, true) : undefined;
    if (page && page.total <= SOURCE_CAP)
      return { items: page.rows, total: page.total, rawTotal: Math.max(rawTotal, page.total) };
    if (relevance) filteredEstimate = await estimate();
  } else if (relevance && !page) {
    page = await textPage(db, text, request, false);
    // The estimate was far off: every match was read, and counted.
    if (page.raw <= SOURCE_CAP) return { items: page.rows, total: page.raw, rawTotal: page.raw };
  }
  const total = hasFilters ? estimatedTotal(filteredEstimate, pageSize) : rawTotal;
  rawTotal = Math.max(rawTotal, total);
  // Relevance ranked its bounded window; a sort walks its index in order.
  if (relevance && page) return { items: page.rows, total, rawTotal };
  return { items: await walkSorted(db, [anyTextCondition(text), ...filters], request), total, rawTotal };
}

/**
 * Filters without text: up to SOURCE_CAP matches are found through the filter indexes and sorted;
 * more (or MANY_MATCHES by the planner's estimate, not read first) walk the sorted partial index
 * and stop at the page.
 */
async function filteredIn(db: Db, request: PageRequest, big: boolean, many: number): Promise<PageResult> {
  const where = whereActive(request.filters);
  let estimate = big ? await estimateMatches(db, request.filters) : undefined;
  if (estimate === undefined || estimate < many) {
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
  }
  estimate ??= await estimateMatches(db, request.filters);
  const total = estimatedTotal(estimate, request.pageSize);
  return { items: await walkSorted(db, request.filters, request), total, rawTotal: total };
}

/**
 * `searchDb` runs the capped reads of text and filter searches (on PostgreSQL, connections planned
 * for them: `SEARCH_SETTINGS`); `outer` the rest.
 */
export function createSearchRepository(outer: Db, searchDb: Db, scale: SearchScale = SCALE) {
  let size = { books: 0, readAt: -Infinity };
  /** Whether the catalogue holds BIG_CATALOGUE books or more (the planner's count, kept a minute). */
  async function bigCatalogue(): Promise<boolean> {
    if (performance.now() - size.readAt > CATALOGUE_SIZE_TTL_MS) {
      const [row] = await selectRows<{ books: number }>(
        outer,
        sql`SELECT reltuples::float8 AS books FROM pg_class WHERE oid = 'books'::regclass`,
      );
      // Never analysed (-1): unknown, taken as big.
      const books = Number(row?.books ?? -1);
      size = { books: books < 0 ? Infinity : books, readAt: performance.now() };
    }
    return size.books >= scale.bigCatalogue;
  }

  return {
    /** A page of a text search and its totals (`textIn`). */
    async text(text: TextQuery, request: PageRequest): Promise<PageResult> {
      // Nothing readable in the words (and no ISBN): nothing can match.
      if (sources(text).length === 0) return { items: [], total: 0, rawTotal: 0 };
      const big = await bigCatalogue();
      return textIn(searchDb, text, request, big, scale.manyMatches);
    },

    /** A page of a search by filters alone (`filteredIn`). */
    async filtered(request: PageRequest): Promise<PageResult> {
      const big = await bigCatalogue();
      return filteredIn(searchDb, request, big, scale.manyMatches);
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

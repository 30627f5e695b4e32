import { sql, type SQL } from 'drizzle-orm';
import { LIMITS, type SearchQuery } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { escapeLike, selectRows, textArray } from '../../db/sql-helpers.js';
import {
  ACTIVE,
  bookCardSql,
  COVER_FIELDS,
  whereActive,
  type BookCard,
  type BookCover,
} from '../books/book-card.js';
import type { TextQuery } from './text-query.js';

/**
 * Each source of matches (words, keys) reads at most this many rows; up to that every match is
 * found, so totals are exact. Past it the total is the planner's estimate and relevance ranks the
 * RANK_WINDOW most-rated of the rows read (see apps/server/README.md, search).
 */
export const SOURCE_CAP = 1000;

/** Relevance scores at most this many candidates: the most rated of the matches. */
const RANK_WINDOW = 500;

/** The candidates' columns the score reads. */
const SCORE_COLUMNS = sql.raw(
  'b.id, b.title, b.ratings_count, b.want_to_read_count, b.search_vector, b.search_keys, b.title_words, ' +
    'b.series_words, b.series_number, b.title_key, b.title_latin, b.isbn10, b.isbn13',
);

const tsq = (text: string | null) =>
  text === null ? sql`NULL::tsquery` : sql`to_tsquery('simple', ${text})`;

/** The condition of one text source (alias `b`). */
function sources(text: TextQuery): SQL[] {
  const found: SQL[] = [];
  if (text.words) found.push(sql`b.search_vector @@ ${tsq(text.words)}`);
  // Latin keys of a Latin query look for books written in Ge'ez (Amharic typed in Latin letters);
  // those of a Ge'ez query for a foreign book whose title it spells (ሃሪ ፖተር).
  if (text.keys)
    found.push(
      text.ethiopic
        ? sql`NOT b.geez AND b.search_keys @@ ${tsq(text.keysTitle)}`
        : sql`b.geez AND b.search_keys @@ ${tsq(text.keys)}`,
    );
  if (text.isbn)
    found.push(
      text.isbn.isbn10
        ? sql`(b.isbn13 = ${text.isbn.isbn13} OR b.isbn10 = ${text.isbn.isbn10})`
        : sql`b.isbn13 = ${text.isbn.isbn13}`,
    );
  return found;
}

/** Any source matches (for an index walk in a sorted order). */
export function anyTextCondition(text: TextQuery): SQL {
  const found = sources(text);
  return found.length === 0 ? sql`false` : sql`(${sql.join(found, sql` OR `)})`;
}

/** A volume's position in its series ('1', '2.5'); null for none or a range ('1-7': a boxed set). */
const SERIES_POSITION = sql.raw(
  "CASE WHEN b.series_number ~ '^[0-9]{1,4}(\\.[0-9]+)?$' THEN b.series_number::numeric END",
);

/**
 * Relevance of a candidate (alias `b`, the SCORE_COLUMNS). In points:
 * - its ISBN was typed: 100 (search goes straight to it);
 * - the typed words read as the whole title: 3 (its start: 1; every title word among the typed
 *   ones, as in "1984 orwell": 0.6); as a series' name: 4, earlier volumes first (a series lists in
 *   order);
 * - where the words are: all in an author's name 2.5 (1.2 for a single word, as often a first name:
 *   the author's own books, most read first, before books whose title names them: no title points
 *   then), split between title and author 1.5
 *   ("hobbit tolkien"), all in the title 1;
 * - Latin keys (Amharic typed in Latin letters, Ge'ez typed for a foreign title) earn the same
 *   points by where they are, plus 2.5 for the whole title (0.8 for its start); the better of
 *   the words' and the keys' points counts (a Ge'ez query's keys 1.5 less: its own words first;
 *   Latin words whose every key is one of Ge'ez books' 1 more: they read as Amharic);
 * - popularity (0.1 × log ratings: the most read first) and, but among an author's books, the text
 *   rank (title weighs more than authors, than descriptions; 0.3 ×) order the rest.
 */
function score(text: TextQuery): SQL {
  // The most read first: log of the ratings (a read each), as Goodreads counts them.
  const parts: SQL[] = [sql`0.1 * ln(1 + b.ratings_count)`];
  if (text.isbn)
    parts.push(
      sql`CASE WHEN b.isbn13 = ${text.isbn.isbn13} OR b.isbn10 = ${text.isbn.isbn10 ?? ''} THEN 100 ELSE 0 END`,
    );
  // Points for what the typed words are to the title (any reading of them).
  // When the words name an author (two words or more: one alone is as often a first name), a title
  // that merely is or holds that name (a book about them) earns a third of the title points.
  const aboutAuthor =
    text.contentWords > 1 ? sql` * CASE WHEN b.any_author AND NOT b.author_hit THEN 0.3 ELSE 1 END` : sql``;
  // An exact title without a parenthetical (the work itself, not "(Part 3)") goes first.
  const whole = sql`CASE WHEN b.title_words = ${text.phrase} AND b.title !~ '\\)\\s*$' THEN 0.1 ELSE 0 END`;
  const titleBonus = (): SQL => {
    if (text.phrases.length === 0) return sql`0`;
    const words = [...new Set(text.phrases.flatMap((phrase) => phrase.split(' ')))];
    return sql`(CASE WHEN b.title_words = ANY(${textArray(text.phrases)}) THEN 3 + ${whole}
                     WHEN b.title_words LIKE ANY(${textArray(text.phrases.map((phrase) => `${escapeLike(phrase)} %`))}) THEN 1
                     WHEN b.title_words <> '' AND string_to_array(b.title_words, ' ') <@ ${textArray(words)} THEN 0.6
                     ELSE 0 END)${aboutAuthor}`;
  };
  const keyTitleBonus = (): SQL =>
    text.keyPhrase
      ? sql`(CASE WHEN b.title_key = ${text.keyPhrase} THEN 2.5 + (CASE WHEN b.title !~ '\\)\\s*$' THEN 0.1 ELSE 0 END)
                  WHEN b.title_key = ANY(${textArray(text.keyPhrases)}) THEN 2
                  WHEN b.title_key LIKE ${`${escapeLike(text.keyPhrase)} %`} THEN 0.8 ELSE 0 END)${aboutAuthor}`
      : sql`0`;
  // Where the words are: an author's name (their books by popularity alone: a title naming them
  // earns nothing more), the title, or split between them.
  // One word alone is as often a first name as an author ("emma", "fikir"): it counts less.
  const authorPoints = text.contentWords > 1 ? 2.5 : 1.2;
  const rank = (vector: SQL, query: string | null) =>
    sql`0.3 * coalesce(ts_rank('{0.05, 0.1, 0.3, 1.0}', ${vector}, ${tsq(query)}), 0)`;
  // An author's books rank by popularity alone; elsewhere the text rank adds its few tenths.
  const placed = (
    vector: SQL,
    query: string | null,
    author: string | null,
    title: string | null,
    either: string | null,
    bonus: SQL,
  ) =>
    sql`CASE WHEN ${vector} @@ ${tsq(author)} THEN ${authorPoints}
             WHEN ${vector} @@ ${tsq(title)} THEN 1 + ${bonus} + ${rank(vector, query)}
             WHEN ${vector} @@ ${tsq(either)} THEN 1.5 + ${bonus} + ${rank(vector, query)}
             ELSE ${bonus} + ${rank(vector, query)} END`;
  // Every word had to be corrected: weaker evidence than words typed right (or keys that match),
  // weaker still when a word is two edits from anything known.
  const guessed = text.choices.every((choice) => !choice.keepsTyped)
    ? text.choices.some((choice) => choice.distance > 1)
      ? sql` * 0.5`
      : sql` * 0.7`
    : sql``;
  const wordPlace = text.words
    ? sql`(${placed(sql`b.search_vector`, text.words, text.author, text.title, text.titleAuthor, titleBonus())})${guessed}`
    : titleBonus();
  if (text.keys) {
    // A Ge'ez query's own words come first; its keys find foreign titles written in Ge'ez (ሃሪ ፖተር).
    const keyPlace = placed(
      sql`b.search_keys`,
      text.keys,
      text.keysAuthor,
      text.keysTitle,
      text.keysTitleAuthor,
      keyTitleBonus(),
    );
    const keyAdjustment = text.ethiopic ? sql` - 1.5` : text.keysReadAsAmharic ? sql` + 1` : sql``;
    parts.push(sql`greatest(${wordPlace}, ${keyPlace}${keyAdjustment})`);
    // Among titles with the same consonants, the one whose vowels the reader typed.
    if (!text.ethiopic && text.latin) parts.push(sql`0.5 * similarity(b.title_latin, ${text.latin})`);
  } else {
    parts.push(wordPlace);
  }
  if (text.phrases.length)
    parts.push(
      sql`CASE WHEN b.series_words = ANY(${textArray(text.phrases)})
               THEN 4 - 0.25 * least(coalesce(${SERIES_POSITION}, 12), 12) ELSE 0 END`,
    );
  return sql.join(parts, sql` + `);
}

/**
 * Which candidates relevance scores when there are more than RANK_WINDOW: the title read exactly
 * (in words or in keys) first, then the books the words themselves match (before key-only matches),
 * then the most rated — so a book nobody rated yet (most Ethiopian ones) is never cut from the window
 * by popular near-misses.
 */
function windowOrder(text: TextQuery): SQL {
  const parts: SQL[] = [];
  if (text.phrases.length) parts.push(sql`(b.title_words = ANY(${textArray(text.phrases)})) DESC`);
  if (text.keyPhrases.length) parts.push(sql`(b.title_key = ANY(${textArray(text.keyPhrases)})) DESC`);
  if (text.words && text.keys) parts.push(sql`(b.search_vector @@ ${tsq(text.words)}) DESC`);
  return parts.length ? sql.join(parts, sql`, `) : sql`true`;
}

/** The words (or the Latin keys) name one of the book's authors (alias `b`). */
function authorHit(text: TextQuery): SQL {
  const hits: SQL[] = [];
  if (text.author) hits.push(sql`b.search_vector @@ ${tsq(text.author)}`);
  if (text.keysAuthor && !text.ethiopic)
    hits.push(sql`coalesce(b.search_keys @@ ${tsq(text.keysAuthor)}, false)`);
  return hits.length ? sql`(${sql.join(hits, sql` OR `)})` : sql`false`;
}

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

export function createSearchRepository(db: Db) {
  /**
   * One statement: the matches of every source (each at most SOURCE_CAP + 1 rows, the filters inside
   * when `filtersInside`), their count, the filtered candidates and their count, and the page — by
   * relevance (the RANK_WINDOW most-rated candidates scored) or by a sort key.
   */
  async function textPage(
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

  return {
    /**
     * A page of a text search (with its filters) and its totals, bounded for a big catalogue:
     * exact up to SOURCE_CAP matches; past it the planner's estimate (never below SOURCE_CAP + 1,
     * capped at the deepest reachable row), relevance ranks a bounded candidate set, and other sorts
     * walk the sorted index.
     */
    async text(text: TextQuery, request: PageRequest): Promise<PageResult> {
      // Nothing readable in the words (and no ISBN): nothing can match.
      if (sources(text).length === 0) return { items: [], total: 0, rawTotal: 0 };
      const cap = deepest(request.pageSize);
      const hasFilters = request.filters.length > 0;
      // First with the filters outside the sources: when every source was read whole, both totals
      // are exact from one statement.
      let first = await textPage(text, request, false);
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
        if (hasFilters) first = await textPage(text, request, true);
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
    },

    /**
     * Filters without text: up to SOURCE_CAP matches are found through the filter indexes and sorted;
     * more walk the sorted partial index and stop at the page.
     */
    async filtered(request: PageRequest): Promise<PageResult> {
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
        Math.max(
          SOURCE_CAP + 1,
          Math.round(await estimateRows(db, sql`SELECT 1 FROM books b WHERE ${where}`)),
        ),
      );
      const items = await selectRows<BookCard>(
        db,
        sql`SELECT ${bookCardSql()} FROM books b WHERE ${where}
            ORDER BY ${sortOrder(request.sort, true)} LIMIT ${request.pageSize} OFFSET ${offset}`,
      );
      return { items, total, rawTotal: total };
    },

    /**
     * Titles and authors closest to a phrase by trigram word similarity (typos the corrector could not
     * mend), the most similar first: what "nothing found" offers.
     */
    async closest(phrase: string, filters: SQL[], limit: number): Promise<BookCard[]> {
      if (phrase.length < 3) return [];
      return selectRows<BookCard>(
        db,
        sql`SELECT ${bookCardSql()} FROM books b
            WHERE ${whereActive([sql`${phrase} <% b.search_text`, ...filters])}
            ORDER BY word_similarity(${phrase}, b.search_text) DESC, b.ratings_count DESC, b.id
            LIMIT ${limit}`,
      );
    },

    /**
     * Typeahead in one statement: the typed ISBN's book; titles starting with the typed words (most
     * rated of the first SUGGEST_WINDOW by the title index); then the words (with their corrections,
     * the last one as a prefix) and the Latin keys anywhere in titles and authors, most rated first.
     */
    async suggest(text: TextQuery, limit: number): Promise<SuggestRow[]> {
      const branches: SQL[] = [];
      if (text.isbn)
        branches.push(
          sql`(SELECT 0 AS step, b.id, b.ratings_count FROM books b WHERE ${whereActive([
            text.isbn.isbn10
              ? sql`(b.isbn13 = ${text.isbn.isbn13} OR b.isbn10 = ${text.isbn.isbn10})`
              : sql`b.isbn13 = ${text.isbn.isbn13}`,
          ])} LIMIT 1)`,
        );
      if (text.typedPhrase)
        branches.push(
          sql`(SELECT 1 AS step, t.id, t.ratings_count FROM (
                 SELECT b.id, b.ratings_count FROM books b
                 WHERE ${ACTIVE} AND b.title_words LIKE ${`${escapeLike(text.typedPhrase)}%`} LIMIT ${SUGGEST_WINDOW}
               ) AS t ORDER BY t.ratings_count DESC, t.id LIMIT ${limit})`,
        );
      if (text.words)
        branches.push(
          sql`(SELECT 2 AS step, b.id, b.ratings_count FROM books b
               WHERE ${ACTIVE} AND b.search_vector @@ ${tsq(text.titleAuthor)}
               ORDER BY b.ratings_count DESC, b.id LIMIT ${limit})`,
        );
      if (text.keys)
        branches.push(
          sql`(SELECT 3 AS step, b.id, b.ratings_count FROM books b
               WHERE ${ACTIVE} AND ${text.ethiopic ? sql`NOT b.geez AND b.search_keys @@ ${tsq(text.keysTitle)}` : sql`b.geez AND b.search_keys @@ ${tsq(text.keys)}`}
               ORDER BY ${text.keyPhrase ? sql`(b.title_key LIKE ${`${escapeLike(text.keyPhrase)}%`}) DESC,` : sql``}
                        b.ratings_count DESC, b.id LIMIT ${limit})`,
        );
      if (branches.length === 0) return [];
      return selectRows<SuggestRow>(
        db,
        sql`WITH found AS (${sql.join(branches, sql` UNION ALL `)}),
            best AS (SELECT id, min(step) AS step, max(ratings_count) AS ratings_count FROM found GROUP BY id
                     ORDER BY min(step), max(ratings_count) DESC, id LIMIT ${limit})
            SELECT ${bookCardSql('b', COVER_FIELDS)}, b.title, b.primary_author AS author
            FROM best JOIN books b ON b.id = best.id ORDER BY best.step, best.ratings_count DESC, best.id`,
      );
    },
  };
}

/** Typeahead reads at most this many title-prefix matches (index-only) before keeping the most rated. */
const SUGGEST_WINDOW = 2000;

/** A typeahead answer: the book's title, primary author and cover. */
export type SuggestRow = BookCover & { title: string; author: string | null };

export type SearchRepository = ReturnType<typeof createSearchRepository>;

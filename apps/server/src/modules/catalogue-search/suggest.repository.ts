import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { escapeLike, selectRows } from '../../db/sql-helpers.js';
import { ACTIVE, bookCardSql, COVER_FIELDS, whereActive, type BookCover } from '../books/book-card.js';
import { tsq } from './relevance.js';
import type { TextQuery } from './text-query.js';

/** Typeahead reads at most this many title-prefix matches (index-only) before keeping the most rated. */
const SUGGEST_WINDOW = 2000;

/**
 * …and at most this many matches of the words or keys anywhere (through their GIN index) when the
 * most rated books hold too few. Walking the most rated books until enough match read 300,000 rows
 * on a million books when the matches were all little read (ታሪክ: 0.9 s).
 */
const MATCH_WINDOW = 500;

/** Typeahead looks for its words among this many of the most rated books first. */
const POPULAR_WALK = 3000;

/** A typeahead answer: the book's title, primary author and cover. */
export type SuggestRow = BookCover & { title: string; author: string | null };

/** `db`: on PostgreSQL, the connections planned for search (`SEARCH_SETTINGS`). */
export function createSuggestRepository(db: Db) {
  return {
    /**
     * Typeahead in one statement: the typed ISBN's book; the books of the author the words name
     * (two words or more); titles starting with the typed words (most
     * rated of the first SUGGEST_WINDOW by the title index); then the words (with their corrections,
     * the last one as a prefix) and the Latin keys anywhere in titles and authors, the most rated of
     * the first MATCH_WINDOW matches.
     */
    async suggest(text: TextQuery, limit: number): Promise<SuggestRow[]> {
      // Each part is a named query; a later one runs only while the earlier ones hold fewer than
      // `limit` books (their books come first: the rest could not reach the answer).
      const ctes: Array<{ name: string; query: SQL }> = [];
      const fewer = () =>
        ctes.length === 0
          ? sql`true`
          : sql`(SELECT count(DISTINCT id) FROM (${sql.join(
              ctes.map(({ name }) => sql`SELECT id FROM ${sql.raw(name)}`),
              sql` UNION ALL `,
            )}) AS earlier) < ${limit}`;
      if (text.isbn)
        ctes.push({
          name: 'isbn',
          query: sql`SELECT 0 AS step, b.id, b.ratings_count FROM books b WHERE ${whereActive([
            text.isbn.isbn10
              ? sql`(b.isbn13 = ${text.isbn.isbn13} OR b.isbn10 = ${text.isbn.isbn10})`
              : sql`b.isbn13 = ${text.isbn.isbn13}`,
          ])} LIMIT 1`,
        });
      // The most rated books first, a bounded walk: enough matches among them (a common word) are
      // the most rated of all; fewer (the matches are little read), the first MATCH_WINDOW matches.
      const anywhere = (name: string, step: number, query: string | null) => {
        const words = tsq(query);
        ctes.push({
          name: `${name}_popular`,
          query: sql`SELECT ${sql.raw(String(step))} AS step, t.id, t.ratings_count FROM (
                       SELECT b.id, b.ratings_count, b.search_vector FROM books b
                       WHERE ${ACTIVE} AND ${fewer()}
                       ORDER BY b.ratings_count DESC, b.id LIMIT ${POPULAR_WALK}
                     ) AS t WHERE t.search_vector @@ ${words} LIMIT ${limit}`,
        });
        ctes.push({
          name: `${name}_matched`,
          query: sql`SELECT ${sql.raw(String(step))} AS step, m.id, m.ratings_count FROM (
                       SELECT b.id, b.ratings_count FROM books b
                       WHERE ${ACTIVE} AND b.search_vector @@ ${words} AND ${fewer()}
                       LIMIT ${MATCH_WINDOW}
                     ) AS m ORDER BY m.ratings_count DESC, m.id LIMIT ${limit}`,
        });
      };
      // Words that name an author (two or more: one alone is as often a first name) list the
      // author's own books first, as search does, before titles that hold the name.
      if (text.author && text.contentWords > 1) anywhere('authored', 1, text.author);
      if (text.typedPhrase)
        ctes.push({
          name: 'titled',
          query: sql`SELECT 2 AS step, t.id, t.ratings_count FROM (
                       SELECT b.id, b.ratings_count FROM books b
                       WHERE ${ACTIVE} AND b.title_words LIKE ${`${escapeLike(text.typedPhrase)}%`}
                       LIMIT ${SUGGEST_WINDOW}
                     ) AS t ORDER BY t.ratings_count DESC, t.id LIMIT ${limit}`,
        });
      if (text.words) anywhere('words', 3, text.titleAuthor);
      if (text.keys)
        ctes.push({
          name: 'keyed',
          query: sql`SELECT 4 AS step, m.id, m.ratings_count FROM (
                       SELECT b.id, b.ratings_count, b.title_key FROM books b
                       WHERE ${ACTIVE} AND ${
                         text.ethiopic
                           ? sql`NOT b.geez AND b.search_keys @@ ${tsq(text.keysTitle)}`
                           : sql`b.geez AND b.search_keys @@ ${tsq(text.keys)}`
                       } AND ${fewer()}
                       LIMIT ${MATCH_WINDOW}
                     ) AS m
                     ORDER BY ${text.keyPhrase ? sql`(m.title_key LIKE ${`${escapeLike(text.keyPhrase)}%`}) DESC,` : sql``}
                              m.ratings_count DESC, m.id LIMIT ${limit}`,
        });
      if (ctes.length === 0) return [];
      const parts = sql.join(
        ctes.map(({ name, query }) => sql`${sql.raw(name)} AS MATERIALIZED (${query})`),
        sql`, `,
      );
      const found = sql.join(
        ctes.map(({ name }) => sql`SELECT step, id, ratings_count FROM ${sql.raw(name)}`),
        sql` UNION ALL `,
      );
      return selectRows<SuggestRow>(
        db,
        sql`WITH ${parts},
          best AS (SELECT id, min(step) AS step, max(ratings_count) AS ratings_count FROM (${found}) AS found
                   GROUP BY id ORDER BY min(step), max(ratings_count) DESC, id LIMIT ${limit})
          SELECT ${bookCardSql('b', COVER_FIELDS)}, b.title, b.primary_author AS author
          FROM best JOIN books b ON b.id = best.id ORDER BY best.step, best.ratings_count DESC, best.id`,
      );
    },
  };
}

export type SuggestRepository = ReturnType<typeof createSuggestRepository>;

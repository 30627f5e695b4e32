import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { escapeLike, selectRows } from '../../db/sql-helpers.js';
import { ACTIVE, bookCardSql, COVER_FIELDS, whereActive, type BookCover } from '../books/book-card.js';
import { tsq } from './relevance.js';
import type { TextQuery } from './text-query.js';

/** Typeahead reads at most this many title-prefix matches (index-only) before keeping the most rated. */
const SUGGEST_WINDOW = 2000;

/** A typeahead answer: the book's title, primary author and cover. */
export type SuggestRow = BookCover & { title: string; author: string | null };

export function createSuggestRepository(db: Db) {
  return {
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

export type SuggestRepository = ReturnType<typeof createSuggestRepository>;

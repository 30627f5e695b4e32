import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/sql-helpers.js';

export interface SearchTermRow {
  kind: 'w' | 'k';
  term: string;
  books: number;
  geez_books: number;
}

/**
 * Search's vocabulary (`search_terms`), kept by the `books_search_terms` trigger of migration
 * `search_keys`. Bulk loads switch the trigger off for their transaction and count again at the end.
 */
export function createSearchTermsRepository(db: Db) {
  return {
    /**
     * Terms written by transactions from `since` on (every term without it), and where to start the
     * next time: the oldest transaction still running now (its writes, and any later one's, are not
     * visible yet).
     */
    async changedSince(since: string | null): Promise<{ rows: SearchTermRow[]; next: string }> {
      const [mark] = await selectRows<{ next: string }>(
        db,
        sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS next`,
      );
      const rows = await selectRows<SearchTermRow>(
        db,
        since === null
          ? sql`SELECT kind, term, books, geez_books FROM search_terms`
          : sql`SELECT kind, term, books, geez_books FROM search_terms WHERE changed_xid >= ${since}::xid8`,
      );
      return { rows, next: mark!.next };
    },

    /** Switches the trigger off for the rest of `tx` (a bulk load), which must then call `recount`. */
    async startBulk(): Promise<void> {
      await db.execute(sql`SELECT set_config('nebab.search_terms_bulk', 'on', true)`);
    },

    /** Counts the vocabulary of the active books again (after a bulk load), in one statement each. */
    async recount(): Promise<void> {
      await db.execute(
        sql`UPDATE search_terms SET books = 0, geez_books = 0, changed_xid = pg_current_xact_id() WHERE books <> 0`,
      );
      await db.execute(sql`
        INSERT INTO search_terms (kind, term, books, geez_books)
        SELECT 'w', w, count(*)::int, count(*) FILTER (WHERE geez)::int
        FROM books, unnest(tsvector_to_array(search_vector)) AS w WHERE status = 'active' AND listed GROUP BY w
        UNION ALL
        SELECT 'k', k, count(*)::int, count(*) FILTER (WHERE geez)::int
        FROM books, unnest(tsvector_to_array(search_keys)) AS k WHERE status = 'active' AND listed GROUP BY k
        ON CONFLICT (kind, term) DO UPDATE
        SET books = excluded.books, geez_books = excluded.geez_books, changed_xid = pg_current_xact_id()`);
    },
  };
}

export type SearchTermsRepository = ReturnType<typeof createSearchTermsRepository>;

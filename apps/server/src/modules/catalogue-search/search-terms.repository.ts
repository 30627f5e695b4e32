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
 * `search_keys`. The catalogue import switches the trigger off for its transaction and counts again
 * at the end (`catalog/catalog.repository.ts`).
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
  };
}

export type SearchTermsRepository = ReturnType<typeof createSearchTermsRepository>;

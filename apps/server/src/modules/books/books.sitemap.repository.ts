import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/sql-helpers.js';
import { toDate, type SitemapRow } from '../../lib/sitemap-row.js';
import { ACTIVE } from './book-card.js';

/** The sitemap's book pages: every public book (`ACTIVE`) with its last change, and the catalogue's latest change. */
export function createBooksSitemapRepository(db: Db) {
  return {
    async countBooks(): Promise<number> {
      const [row] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM books b WHERE ${ACTIVE}`,
      );
      return Number(row?.n ?? 0);
    },

    async books(offset: number, limit: number): Promise<SitemapRow[]> {
      const found = await selectRows<{ key: string; lastmod: Date | string }>(
        db,
        sql`SELECT id AS key, updated_at AS lastmod FROM books b WHERE ${ACTIVE}
            ORDER BY id LIMIT ${limit} OFFSET ${offset}`,
      );
      return found.map((row) => ({ key: row.key, lastmod: toDate(row.lastmod) }));
    },

    /** When anything in the catalogue last changed. */
    async catalogueLastModified(): Promise<Date | null> {
      const [row] = await selectRows<{ lastmod: Date | string | null }>(
        db,
        sql`SELECT max(updated_at) AS lastmod FROM books b WHERE ${ACTIVE}`,
      );
      return row?.lastmod ? toDate(row.lastmod) : null;
    },
  };
}

export type BooksSitemapRepository = ReturnType<typeof createBooksSitemapRepository>;

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readerPrivacy } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import { activeReader, READERS } from '../users/reader-card.js';
import { readerUpdatedAtSql } from '../users/users.read-model.js';

/**
 * The public profiles for the sitemap: active readers whose profile is public (no privacy row means
 * the public default), with their last change, in a stable order.
 */
export function createReadersDirectoryRepository(db: Db) {
  const listed = sql`FROM ${READERS} u LEFT JOIN ${readerPrivacy} p ON p.user_id = u.id
                     WHERE ${activeReader('u')} AND (p.user_id IS NULL OR p.profile_visibility = 'public')`;
  return {
    async countPublic(): Promise<number> {
      const [row] = await selectRows<{ n: number | string }>(db, sql`SELECT count(*)::int AS n ${listed}`);
      return Number(row?.n ?? 0);
    },

    async publicPage(offset: number, limit: number): Promise<Array<{ key: string; lastmod: Date }>> {
      const found = await selectRows<{ key: string; lastmod: Date | string }>(
        db,
        sql`SELECT u.id AS key, ${readerUpdatedAtSql('u')} AS lastmod ${listed}
            ORDER BY u.id LIMIT ${limit} OFFSET ${offset}`,
      );
      return found.map((row) => ({ key: row.key, lastmod: new Date(row.lastmod) }));
    },
  };
}

export type ReadersDirectoryRepository = ReturnType<typeof createReadersDirectoryRepository>;

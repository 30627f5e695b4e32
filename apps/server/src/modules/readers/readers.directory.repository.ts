import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readerPrivacy, users } from '../../db/schema/index.js';

/**
 * The public profiles for the sitemap: active readers whose profile is public (no privacy row means
 * the public default), with their last change, in a stable order.
 */
export function createReadersDirectoryRepository(db: Db) {
  const listed = and(
    eq(users.status, 'active'),
    or(isNull(readerPrivacy.userId), eq(readerPrivacy.profileVisibility, 'public')),
  );
  return {
    async countPublic(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(readerPrivacy, eq(readerPrivacy.userId, users.id))
        .where(listed);
      return Number(row?.n ?? 0);
    },

    async publicPage(offset: number, limit: number): Promise<Array<{ key: string; lastmod: Date }>> {
      const found = await db
        .select({ key: users.id, lastmod: users.updatedAt })
        .from(users)
        .leftJoin(readerPrivacy, eq(readerPrivacy.userId, users.id))
        .where(listed)
        .orderBy(asc(users.id))
        .limit(limit)
        .offset(offset);
      return found.map((row) => ({ key: row.key, lastmod: new Date(row.lastmod) }));
    },
  };
}

export type ReadersDirectoryRepository = ReturnType<typeof createReadersDirectoryRepository>;

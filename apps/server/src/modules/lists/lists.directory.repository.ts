import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookLists } from '../../db/schema/index.js';
import { ACTIVE_READER, joinReader } from '../users/reader-card.js';

/** The public book lists of active readers for the sitemap: id and last change, in a stable order. */
export function createListsDirectoryRepository(db: Db) {
  const listed = and(eq(bookLists.visibility, 'public'), ACTIVE_READER);
  return {
    async countPublic(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(bookLists)
        .innerJoin(...joinReader(bookLists.ownerId))
        .where(listed);
      return Number(row?.n ?? 0);
    },

    async publicPage(offset: number, limit: number): Promise<Array<{ key: string; lastmod: Date }>> {
      const found = await db
        .select({ key: bookLists.id, lastmod: bookLists.updatedAt })
        .from(bookLists)
        .innerJoin(...joinReader(bookLists.ownerId))
        .where(listed)
        .orderBy(asc(bookLists.id))
        .limit(limit)
        .offset(offset);
      return found.map((row) => ({ key: row.key, lastmod: new Date(row.lastmod) }));
    },
  };
}

export type ListsDirectoryRepository = ReturnType<typeof createListsDirectoryRepository>;

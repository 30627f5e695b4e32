import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clubs } from '../../db/schema/index.js';

/** The public clubs for the sitemap: id and last change, in a stable order. */
export function createClubsDirectoryRepository(db: Db) {
  return {
    async countPublic(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(clubs).where(eq(clubs.visibility, 'public'));
      return Number(row?.n ?? 0);
    },

    async publicPage(offset: number, limit: number): Promise<Array<{ key: string; lastmod: Date }>> {
      const found = await db
        .select({ key: clubs.id, lastmod: clubs.updatedAt })
        .from(clubs)
        .where(eq(clubs.visibility, 'public'))
        .orderBy(asc(clubs.id))
        .limit(limit)
        .offset(offset);
      return found.map((row) => ({ key: row.key, lastmod: new Date(row.lastmod) }));
    },
  };
}

export type ClubsDirectoryRepository = ReturnType<typeof createClubsDirectoryRepository>;

import { eq, sql } from 'drizzle-orm';
import type { Preferences } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { preferences, type PreferencesRow } from '../../db/schema/index.js';

/** Reads and writes `preferences` (one row per user). */
export function createPreferencesRepository(db: Db) {
  return {
    async find(userId: string, tx: Db = db): Promise<PreferencesRow | undefined> {
      const [row] = await tx.select().from(preferences).where(eq(preferences.userId, userId)).limit(1);
      return row;
    },

    async exists(userId: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ one: sql<number>`1` })
        .from(preferences)
        .where(eq(preferences.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    /** Inserts or replaces the user's preferences. */
    async upsert(userId: string, values: Preferences, tx: Db = db): Promise<PreferencesRow> {
      const data = {
        languages: values.languages,
        genres: values.genres,
        ageGroup: values.ageGroup,
        bookLength: values.bookLength,
        authors: values.authors,
      };
      const [row] = await tx
        .insert(preferences)
        .values({ userId, ...data })
        .onConflictDoUpdate({ target: preferences.userId, set: { ...data, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error('preferences.upsert returned no row');
      return row;
    },
  };
}

export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;

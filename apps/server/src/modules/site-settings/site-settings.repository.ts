import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { siteSettings } from '../../db/schema/index.js';

/** Reads and writes the key/value rows of `site_settings`. */
export function createSiteSettingsRepository(db: Db) {
  return {
    async all(): Promise<Map<string, unknown>> {
      const found = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
      return new Map(found.map((row) => [row.key, row.value]));
    },

    /** Upserts every entry in one transaction. */
    async write(entries: [string, unknown][], updatedBy: string): Promise<void> {
      if (entries.length === 0) return;
      await db.transaction(async (tx) => {
        for (const [key, raw] of entries) {
          // Written as JSON text, so a JSON null is stored as `null` (not SQL NULL).
          const value = sql`${JSON.stringify(raw)}::jsonb`;
          await tx
            .insert(siteSettings)
            .values({ key, value, updatedBy })
            .onConflictDoUpdate({
              target: siteSettings.key,
              set: { value, updatedBy, updatedAt: sql`now()` },
            });
        }
      });
    },
  };
}

export type SiteSettingsRepository = ReturnType<typeof createSiteSettingsRepository>;

import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appMeta } from '../db/schema/index.js';

/** The `app_meta` key/value facts the catalogue importer keeps. */
export function createAppMetaRepository(db: Db) {
  return {
    async get(key: string): Promise<unknown> {
      const [row] = await db
        .select({ value: appMeta.value })
        .from(appMeta)
        .where(eq(appMeta.key, key))
        .limit(1);
      return row?.value;
    },
    async set(key: string, value: unknown): Promise<void> {
      await db
        .insert(appMeta)
        .values({ key, value })
        .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
    },
  };
}

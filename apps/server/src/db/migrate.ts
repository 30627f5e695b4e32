import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

/** The committed SQL migrations (apps/server/drizzle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any 64-bit number unique to this app: serialises migrations when several nodes start at once. */
const MIGRATION_LOCK_ID = 727_001_2026;

/**
 * Applies pending migrations from app code. `drizzle-kit migrate` cannot load pg_trgm into its own
 * PGlite, so this is the one way migrations run, in both modes.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.pglite) {
    await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (!database.pool)
    throw new Error('migrateDatabase: the database has neither a pool nor a PGlite instance');
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

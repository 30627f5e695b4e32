/**
 * `npm run catalog:import`: runs the catalogue hook against the configured database.
 * With PGlite, stop the server first: one data directory must not be open in two processes.
 */
import { invocationDir, loadConfig } from '../config.js';
import { databaseOptionsFor, openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { ensureCatalog } from './ensure-catalog.js';

async function main(): Promise<number> {
  const config = loadConfig(process.env, invocationDir());
  const database = await openDatabase(databaseOptionsFor(config));
  try {
    await migrateDatabase(database);
    const outcome = await ensureCatalog(database.db, config);
    console.log(
      `Catalogue version: ${outcome.version ?? 'none imported yet'} (the importer arrives with the catalogue issue).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

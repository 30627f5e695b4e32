/**
 * `npm run catalog:import [-- --force]`: imports the shipped catalogue into the configured database
 * when its version changed (or always with --force; admin edits survive either way).
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
    const outcome = await ensureCatalog(database.db, config, undefined, {
      force: process.argv.includes('--force'),
    });
    const counts = outcome.counts
      ? ` (${outcome.counts.goodbooks} goodbooks + ${outcome.counts.ethiopian} Ethiopian = ${outcome.counts.total} books)`
      : '';
    console.log(`Catalogue ${outcome.version}: ${outcome.action}${counts} in ${outcome.ms} ms.`);
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

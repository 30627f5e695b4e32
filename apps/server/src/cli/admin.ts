/**
 * `npm run admin -- promote <email>`: makes an existing account an admin.
 * With PGlite, stop the server first: one data directory must not be open in two processes.
 */
import { invocationDir, loadConfig } from '../config.js';
import { databaseOptionsFor, openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { runAdminCommand } from './admin-commands.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const config = loadConfig(process.env, invocationDir());
  const database = await openDatabase(databaseOptionsFor(config));
  try {
    await migrateDatabase(database);
    return await runAdminCommand(args, database, { out: console.log, err: console.error });
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

/**
 * The service tier: the app's services (src/services.ts, the composition root) over the file's
 * database — migrated once per worker and copied per file (test/helpers.ts) — without Fastify or a
 * port. Tests call services with an `Actor` and arrange rows with test/factories.ts; HTTP tests stay
 * for what HTTP adds (routes, schemas, auth, error answers).
 */
import type { AppConfig } from '../src/config.js';
import type { Database, Db } from '../src/db/client.js';
import { silentLogger } from '../src/lib/logger.js';
import { createServices, type Services } from '../src/services.js';
import { acquireTestDatabase, releaseTestDatabase, testConfig } from './helpers.js';

export interface ServiceHarness {
  services: Services;
  database: Database;
  db: Db;
  config: AppConfig;
  close(): Promise<void>;
}

export async function startServices(overrides: Partial<AppConfig> = {}): Promise<ServiceHarness> {
  const config = testConfig(0, overrides);
  const database = await acquireTestDatabase();
  const services = createServices({ config, database, logger: silentLogger, realtime: 'local' });
  let closed = false;
  return {
    services,
    database,
    db: database.db,
    config,
    async close() {
      if (closed) return;
      closed = true;
      await releaseTestDatabase();
    },
  };
}

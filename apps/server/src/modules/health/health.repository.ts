import type { Database, DatabaseKind } from '../../db/client.js';

/** What the health check asks of the database. */
export function createHealthRepository(database: Database) {
  return {
    kind: (): DatabaseKind => database.kind,
    /** `select 1`; throws when the database does not answer. */
    ping: () => database.ping(),
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;

import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.js';
import { selectRows } from './sql-helpers.js';

const maintenanceUrl = process.env.TEST_DATABASE_URL;

/** PostgreSQL only (the API suite's second run): PGlite has no pooled connections to lose. */
describe.skipIf(!maintenanceUrl)('the PostgreSQL pool', () => {
  it('survives an idle connection being terminated by the server, and reports it', async () => {
    const errors: Error[] = [];
    const database = await openDatabase({
      kind: 'postgres',
      url: maintenanceUrl!,
      poolSize: 2,
      onIdleError: (error) => errors.push(error),
    });
    const admin = new pg.Client({ connectionString: maintenanceUrl });
    await admin.connect();
    try {
      const { rows } = await database.pool!.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      // The idle client hears of it when the backend exits: wait for the report, not for a while.
      await vi.waitFor(() => expect(errors).not.toHaveLength(0), { timeout: 5000, interval: 10 });
      expect(errors.map((e) => (e as Error & { code?: string }).code)).toEqual(['57P01']);
      // The pool opens a new connection for the next query.
      await database.ping();
    } finally {
      await admin.end();
      await database.close();
    }
  });

  it("gives search connections of their own, planned for its capped reads, and leaves the others' plans alone", async () => {
    const database = await openDatabase({ kind: 'postgres', url: maintenanceUrl!, poolSize: 2 });
    const settings = `SELECT current_setting('enable_seqscan') AS seqscan, current_setting('work_mem') AS mem, current_setting('jit') AS jit`;
    try {
      expect(await selectRows(database.searchDb, sql.raw(settings))).toEqual([
        { seqscan: 'off', mem: '16MB', jit: 'off' },
      ]);
      const [main] = await selectRows<{ seqscan: string; jit: string }>(database.db, sql.raw(settings));
      expect(main).toMatchObject({ seqscan: 'on', jit: 'off' });
    } finally {
      await database.close();
    }
  });
});

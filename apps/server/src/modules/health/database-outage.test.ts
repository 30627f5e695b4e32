/**
 * A database outage (issue 16, point 7): requests get 503 in our error shape with Retry-After, and
 * `/api/health` says the database is down, instead of 500s. On PostgreSQL (TEST_DATABASE_URL) the
 * app talks to the database through a TCP proxy that the test cuts and restores, and the app must
 * recover by itself; on PGlite the embedded database is closed under the running app.
 */
import type { ErrorBody } from '@nebab/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { createFetch, freePort, testConfig, type TestFetch } from '../../../test/helpers.js';
import { createThrowawayDatabase } from '../../../test/server-process.js';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.js';

const maintenanceUrl = process.env.TEST_DATABASE_URL;

interface Health {
  status: string;
  database: string;
}

let app: FastifyInstance;
let database: Database;
let request: TestFetch;
let proxy: TcpProxy | undefined;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  if (maintenanceUrl) {
    const throwaway = await createThrowawayDatabase(maintenanceUrl, 'nebab_outage');
    cleanups.push(() => throwaway.drop());
    const target = new URL(throwaway.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    cleanups.unshift(() => proxy!.close());
    const viaProxy = new URL(throwaway.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = await openDatabase({ kind: 'postgres', url: viaProxy.href, poolSize: 4 });
  } else {
    database = await openDatabase({ kind: 'pglite' });
  }
  cleanups.unshift(() => database.close().catch(() => undefined));
  await migrateDatabase(database);
  const port = await freePort();
  app = await buildApp(testConfig(port), { database });
  await app.listen({ port, host: '127.0.0.1' });
  cleanups.unshift(() => app.close());
  request = createFetch(`http://127.0.0.1:${port}`);
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
});

function expectUnavailable(res: { status: number; headers: Headers; body: ErrorBody }) {
  expect(res.status).toBe(503);
  expect(res.body.error.code).toBe('UNAVAILABLE');
  expect(res.body.error.message).toBe('The service is briefly unavailable. Please try again in a moment.');
  expect(res.headers.get('retry-after')).toBe('5');
}

describe('a database outage', () => {
  it('answers 503 with Retry-After meanwhile, and /api/health names the database', async () => {
    expect((await request<Health>('/api/health')).body).toMatchObject({ status: 'ok', database: 'up' });
    expect((await request('/api/genres/fantasy')).status).toBe(200);

    if (proxy) await proxy.cut();
    else await database.close();

    const health = await request<Health & ErrorBody>('/api/health');
    expectUnavailable(health);
    expect(health.body).toMatchObject({ status: 'down', database: 'down' });
    expectUnavailable(await request<ErrorBody>('/api/genres/fantasy'));
    expectUnavailable(await request<ErrorBody>('/api/search?q=tolkien'));
    expectUnavailable(
      await request<ErrorBody>('/api/auth/login', {
        body: { email: 'a@example.org', password: 'Secret@2024' },
      }),
    );
    const amharic = await request<ErrorBody>('/api/genres/fantasy', { lang: 'am' });
    expect(amharic.status).toBe(503);
    expect(amharic.body.error.message).toBe('አገልግሎቱ ለአጭር ጊዜ አይገኝም። እባክዎ ከጥቂት ጊዜ በኋላ እንደገና ይሞክሩ።');
  });

  it.runIf(maintenanceUrl)('recovers by itself within 5 s when the database is back', async () => {
    await proxy!.restore();
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 5000) {
      status = (await request('/api/genres/fantasy')).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await request<Health>('/api/health')).body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it.runIf(maintenanceUrl)(
    'stays up when the database ends a connection in the middle of a transaction (a restart)',
    async () => {
      const admin = new pg.Client({ connectionString: maintenanceUrl });
      await admin.connect();
      // A checked-out client, as a transaction holds it between two statements.
      const client = await database.pool!.connect();
      try {
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        // What every backend receives on `pg_ctl restart -m fast`: FATAL 57P01.
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        // pg_terminate_backend only signals: wait until the backend is gone, not for a while.
        await vi.waitFor(
          async () =>
            expect(
              (await admin.query('select 1 from pg_stat_activity where pid = $1', [rows[0]!.pid])).rowCount,
            ).toBe(0),
          { timeout: 5000, interval: 20 },
        );
        await expect(client.query('select 1')).rejects.toThrow();
      } finally {
        client.release(true);
        await admin.end();
      }
      expect((await request('/api/genres/fantasy')).status).toBe(200);
    },
  );
});

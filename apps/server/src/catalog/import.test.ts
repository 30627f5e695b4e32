import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../db/schema/index.js';
import { loadConfig } from '../config.js';
import { signUp, startTestServer, type TestServer } from '../../test/helpers.js';
import { users } from '../db/schema/index.js';
import { FIXTURE_GOODBOOKS_IDS, writeFixtureCatalog } from '../../test/catalog-fixture.js';
import { CATALOG_VERSION_KEY, ensureCatalog } from './ensure-catalog.js';
import { createAppMetaRepository } from './catalog.repository.js';

/**
 * The import itself (upsert, version, skip, admin edits kept), on the small fixture catalogue cut from
 * the shipped files: the full files' counts are checked by catalog-sources.test.ts (parsing), and the
 * full import runs at every browser-test start (a fresh data folder) and in `npm run bench:search`.
 */
let server: TestServer;
const config = { ...loadConfig({}), catalogDir: writeFixtureCatalog() };
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let total = 0;

describe('ensureCatalog on a catalogue in the shipped formats', () => {
  it('imports every goodbooks and Ethiopian row', async () => {
    const outcome = await ensureCatalog(server.db, config);
    expect(outcome).toMatchObject({ action: 'imported', counts: { goodbooks: FIXTURE_GOODBOOKS_IDS.size } });
    expect(outcome.counts!.ethiopian).toBeGreaterThanOrEqual(40);
    total = outcome.counts!.total;
    expect(total).toBe(outcome.counts!.goodbooks + outcome.counts!.ethiopian);
    const [count] = await server.db.select({ n: sql<number>`count(*)::int` }).from(books);
    expect(Number(count!.n)).toBe(total);
    const hunger = await server.db.select().from(books).where(eq(books.id, '1'));
    expect(hunger[0]).toMatchObject({
      title: 'The Hunger Games',
      primaryAuthor: 'Suzanne Collins',
      isbn13: '9780439023481',
    });
    expect(hunger[0]!.wantToReadCount).toBeGreaterThan(100);
    expect(await createAppMetaRepository(server.db).get(CATALOG_VERSION_KEY)).toBe(outcome.version);
  });

  it('skips a second run quickly', async () => {
    const outcome = await ensureCatalog(server.db, config);
    expect(outcome.action).toBe('skipped');
    expect(outcome.ms).toBeLessThan(2_000);
  });

  it('keeps an admin-edited description through a forced re-import', async () => {
    const admin = await signUp(server);
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
    const edit = await server.request('/api/admin/books/1', {
      method: 'PATCH',
      token: admin.token,
      body: { description: '<p>Edited by an admin.</p>', viewability: 'PARTIAL' },
    });
    expect(edit.status).toBe(200);
    const outcome = await ensureCatalog(server.db, config, undefined, { force: true });
    expect(outcome.action).toBe('imported');
    const [row] = await server.db.select().from(books).where(eq(books.id, '1'));
    expect(row).toMatchObject({
      description: '<p>Edited by an admin.</p>',
      viewability: 'PARTIAL',
      title: 'The Hunger Games',
    });
    const [count] = await server.db.select({ n: sql<number>`count(*)::int` }).from(books);
    expect(Number(count!.n)).toBe(total);
  });
});

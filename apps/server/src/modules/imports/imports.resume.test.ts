import type { Import } from '@nebab/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/sql-helpers.js';
import {
  acquireTestDatabase,
  releaseTestDatabase,
  signUp,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.js';
import { csvFile, GOODREADS_COLUMNS, goodreadsRow, postImport } from '../../../test/import-fixtures.js';
import { IMPORT_BATCH } from './imports.service.js';

/**
 * Three batches: the first server is stopped once the first is in, so it ends after the first or the
 * second (the one under way when it stops), never the third.
 */
const ROWS = 3 * IMPORT_BATCH;

const file = () =>
  csvFile(
    GOODREADS_COLUMNS,
    Array.from({ length: ROWS }, (_, i) =>
      goodreadsRow({
        'Book Id': String(800_000_000 + i),
        Title: `Resumed Volume ${i + 1}`,
        Author: `Author Number${i % 37}`,
        'Exclusive Shelf': i % 3 === 0 ? 'read' : 'to-read',
        'Date Read': i % 3 === 0 ? '2020/01/15' : '',
        'My Rating': i % 5,
      }),
    ),
  );

async function progress(server: TestServer, token: string, id: string): Promise<Import> {
  return (await server.request<Import>(`/api/imports/${id}`, { token })).body;
}

afterAll(async () => {
  await releaseTestDatabase();
});

describe('an import survives a restart', () => {
  it('stops between batches when its node stops, and another start finishes it without doing anything twice', async () => {
    // Held by the test, so the file's database outlives the first server.
    await acquireTestDatabase();
    const first = await startTestServer();
    const { token } = await signUp(first);
    const posted = await postImport(first.url, token, file());
    expect(posted.status).toBe(202);
    const id = posted.body.id as string;
    const deadline = Date.now() + 30_000;
    let seen = await progress(first, token, id);
    while (seen.processed === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await progress(first, token, id);
    }
    expect(seen.processed).toBeGreaterThan(0);
    await first.close();
    const [stopped] = await selectRows<{ status: string; processed: number }>(
      first.db,
      sql`SELECT status, processed FROM imports WHERE id = ${id}`,
    );
    expect(stopped!.processed).toBeLessThan(ROWS);
    expect(stopped!.status).toBe('running');
    // The job queued for the rest is lost too (a crash between two statements): the next start
    // finds the unfinished import and queues it again.
    await first.db.execute(sql`DELETE FROM pgboss.job`);

    const second = await startTestServer();
    let done = await progress(second, token, id);
    const until = Date.now() + 60_000;
    while (done.status !== 'done' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = await progress(second, token, id);
    }
    expect(done).toMatchObject({
      status: 'done',
      total: ROWS,
      processed: ROWS,
      created: ROWS,
      matched: 0,
      skipped: 0,
    });
    const [counts] = await selectRows<{ entries: number; books: number; reviews: number; reads: number }>(
      second.db,
      sql`SELECT
            (SELECT count(*)::int FROM reading_list_entries e JOIN imports i ON i.user_id = e.user_id WHERE i.id = ${id}) AS entries,
            (SELECT count(*)::int FROM books WHERE title LIKE 'Resumed Volume %') AS books,
            (SELECT count(*)::int FROM reviews r JOIN imports i ON i.user_id = r.user_id WHERE i.id = ${id}) AS reviews,
            (SELECT count(*)::int FROM reading_list_reads r JOIN imports i ON i.user_id = r.user_id WHERE i.id = ${id}) AS reads`,
    );
    expect(counts).toEqual({
      entries: ROWS,
      books: ROWS,
      reviews: Array.from({ length: ROWS }, (_, i) => i % 5).filter(Boolean).length,
      reads: Math.ceil(ROWS / 3),
    });
    await second.close();
  }, 120_000);
});

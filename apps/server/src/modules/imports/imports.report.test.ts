import type { ErrorBody, Import, ImportRowsResponse, ReadingList } from '@nebab/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import { csvFile, GOODREADS_COLUMNS, goodreadsRow, importAndWait } from '../../../test/import-fixtures.js';

/**
 * Issue 26: the import report gave only counts. `GET /api/imports/:id/rows` shows every row with its
 * book and why; `PUT /api/imports/:id/rows/:row` corrects a wrong match (another book, or none — which
 * undoes what the row did).
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
}, 60_000);
afterAll(() => server?.close());

const file = () =>
  csvFile(GOODREADS_COLUMNS, [
    goodreadsRow({
      Title: 'The Hunger Games',
      Author: 'Suzanne Collins',
      'My Rating': 5,
      'Exclusive Shelf': 'read',
    }),
    goodreadsRow({ Title: 'Fikir Eske Mekabir', Author: 'Haddis Alemayehu', 'Exclusive Shelf': 'to-read' }),
    goodreadsRow({
      Title: 'A Ledger of Quiet Harbours',
      Author: 'Margaret Oyelaran',
      'Exclusive Shelf': 'to-read',
    }),
    goodreadsRow({ Title: '', Author: 'Nobody', 'Exclusive Shelf': 'to-read' }),
  ]);

const entryIds = async (token: string) => {
  const list = (await server.request<ReadingList>('/api/reading-list', { token })).body;
  return [...list.currentlyReading, ...list.wantToRead, ...list.completed, ...list.didNotFinish]
    .map((entry) => entry.bookId)
    .sort();
};

describe('the import report, row by row', () => {
  let token: string;
  let done: Import;
  let fikir: string;

  beforeAll(async () => {
    token = (await signUp(server)).token;
    done = await importAndWait(server, token, file());
    fikir = (await server.db.select().from(books).where(eq(books.title, 'ፍቅር እስከ መቃብር')))[0]!.id;
  }, 60_000);

  it('lists every row with the book it matched or created, and why', async () => {
    const report = await server.request<ImportRowsResponse>(`/api/imports/${done.id}/rows`, { token });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ total: 4, page: 1 });
    const created = report.body.items[2]!.book!;
    expect(
      report.body.items.map((row) => [
        row.row,
        row.title,
        row.outcome,
        row.via,
        row.book?.id,
        row.correctable,
      ]),
    ).toEqual([
      [2, 'The Hunger Games', 'matched', 'title', '1', true],
      [3, 'Fikir Eske Mekabir', 'matched', 'search', fikir, true],
      [4, 'A Ledger of Quiet Harbours', 'created', 'created', created.id, true],
      [5, '', 'skipped', null, undefined, false],
    ]);
    expect(created).toMatchObject({ title: 'A Ledger of Quiet Harbours', authors: ['Margaret Oyelaran'] });
    expect(report.body.items[3]!.message).toBe('The row has no title');
    const paged = await server.request<ImportRowsResponse>(`/api/imports/${done.id}/rows?page=2&pageSize=3`, {
      token,
    });
    expect(paged.body.items.map((row) => row.row)).toEqual([5]);
    // Someone else's import is not there; no session is 401.
    const other = (await signUp(server)).token;
    expect((await server.request(`/api/imports/${done.id}/rows`, { token: other })).status).toBe(404);
    expect((await server.request(`/api/imports/${done.id}/rows`)).status).toBe(401);
  });

  it('moves a wrong match to the book the reader picks, with its rating', async () => {
    const put = await server.request(`/api/imports/${done.id}/rows/2`, {
      method: 'PUT',
      token,
      body: { bookId: '4' },
    });
    expect(put.status).toBe(204);
    expect(await entryIds(token)).toEqual(expect.arrayContaining(['4']));
    expect(await entryIds(token)).not.toContain('1');
    const ratings = await selectRows<{ book_id: string; rating: number }>(
      server.db,
      sql`SELECT r.book_id, r.rating FROM reviews r JOIN imports i ON i.user_id = r.user_id WHERE i.id = ${done.id}`,
    );
    expect(ratings).toEqual([{ book_id: '4', rating: 5 }]);
    const report = await server.request<ImportRowsResponse>(`/api/imports/${done.id}/rows`, { token });
    expect(report.body.items[0]).toMatchObject({ outcome: 'matched', via: 'corrected', book: { id: '4' } });
  });

  it('"none" undoes what the row did: the entry, and the book it created', async () => {
    const report = await server.request<ImportRowsResponse>(`/api/imports/${done.id}/rows`, { token });
    const createdId = report.body.items[2]!.book!.id;
    const put = await server.request(`/api/imports/${done.id}/rows/4`, {
      method: 'PUT',
      token,
      body: { bookId: null },
    });
    expect(put.status).toBe(204);
    expect(await entryIds(token)).not.toContain(createdId);
    expect(await server.db.select().from(books).where(eq(books.id, createdId))).toEqual([]);
    const after = await server.request<ImportRowsResponse>(`/api/imports/${done.id}/rows`, { token });
    expect(after.body.items[2]).toMatchObject({
      outcome: 'skipped',
      via: 'none',
      book: null,
      correctable: true,
    });
    const counts = await server.request<Import>(`/api/imports/${done.id}`, { token });
    expect(counts.body).toMatchObject({ matched: 2, created: 0, skipped: 2 });
    // …and the reader may still pick the right book for it afterwards.
    const again = await server.request(`/api/imports/${done.id}/rows/4`, {
      method: 'PUT',
      token,
      body: { bookId: '7' },
    });
    expect(again.status).toBe(204);
    expect(await entryIds(token)).toEqual(expect.arrayContaining(['7']));
  });

  it('refuses what cannot be corrected, in the reader’s language', async () => {
    const skipped = await server.request<ErrorBody>(`/api/imports/${done.id}/rows/5`, {
      method: 'PUT',
      token,
      body: { bookId: '1' },
    });
    expect(skipped.status).toBe(409);
    const unknownBook = await server.request<ErrorBody>(`/api/imports/${done.id}/rows/3`, {
      method: 'PUT',
      token,
      body: { bookId: 'no-such-book' },
    });
    expect(unknownBook.status).toBe(404);
    const noRow = await server.request<ErrorBody>(`/api/imports/${done.id}/rows/99`, {
      method: 'PUT',
      token,
      body: { bookId: '1' },
    });
    expect(noRow.status).toBe(404);
    const other = (await signUp(server)).token;
    const notTheirs = await server.request<ErrorBody>(`/api/imports/${done.id}/rows/3`, {
      method: 'PUT',
      token: other,
      body: { bookId: null },
    });
    expect(notTheirs.status).toBe(404);
  });
});

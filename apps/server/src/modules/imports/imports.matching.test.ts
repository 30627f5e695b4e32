import type { ReadingList, SearchResponse } from '@nebab/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import {
  csvFile,
  GOODREADS_COLUMNS,
  goodreadsRow,
  importAndWait,
  isbnCell,
} from '../../../test/import-fixtures.js';

/**
 * Issue 26: a row "Fikir Eske Mekabir" became a new English book instead of matching ፍቅር እስከ መቃብር,
 * which search finds from the same words. Matching goes through catalogue search with a title + author
 * rule; a new book's language comes from its script; a currently-reading row gets no invented
 * progress; the file's page count fills the catalogue's gap.
 */
let server: TestServer;
let fikir: string;
let noPages: { id: string; isbn13: string };

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const [found] = await server.db.select().from(books).where(eq(books.title, 'ፍቅር እስከ መቃብር'));
  fikir = found!.id;
  const [plain] = await selectRows<{ id: string; isbn13: string }>(
    server.db,
    sql`SELECT id, isbn13 FROM books WHERE source = 'goodbooks' AND isbn13 LIKE '978%' AND id NOT IN ('1','3','4','7','10','30')
        ORDER BY id LIMIT 1`,
  );
  noPages = plain!;
  await server.db.update(books).set({ pageCount: null }).where(eq(books.id, noPages.id));
}, 60_000);
afterAll(() => server?.close());

const bookCount = async () =>
  (await selectRows<{ n: number }>(server.db, sql`SELECT count(*)::int AS n FROM books`))[0]!.n;

describe('matching through everything search knows', () => {
  it('matches Latin-typed Amharic to the Ge’ez book that search finds from the same words', async () => {
    const search = await server.request<SearchResponse>(
      `/api/search?q=${encodeURIComponent('Fikir Eske Mekabir')}`,
    );
    expect(search.body.items[0]?.id).toBe(fikir);

    const { token } = await signUp(server);
    const before = await bookCount();
    const done = await importAndWait(
      server,
      token,
      csvFile(GOODREADS_COLUMNS, [
        goodreadsRow({ Title: 'Fikir Eske Mekabir', Author: 'Haddis Alemayehu', 'Exclusive Shelf': 'read' }),
      ]),
    );
    expect(done).toMatchObject({ status: 'done', matched: 1, created: 0 });
    expect(await bookCount()).toBe(before);
    const library = await server.request<ReadingList>('/api/reading-list', { token });
    expect(library.body.completed.map((entry) => entry.bookId)).toEqual([fikir]);
  });

  it('takes a search match only when the author agrees; a new book’s language follows its script', async () => {
    const { token } = await signUp(server);
    const done = await importAndWait(
      server,
      token,
      csvFile(GOODREADS_COLUMNS, [
        // Search finds ፍቅር እስከ መቃብር from the title, but another writer's book it is not.
        goodreadsRow({
          Title: 'Fikir Eske Mekabir',
          Author: 'Jonathan Smithers',
          'Exclusive Shelf': 'to-read',
        }),
        goodreadsRow({ Title: 'የጠፋው ማኅደር ምስጢር', Author: 'ተስፋዬ ገብረ ማርያም', 'Exclusive Shelf': 'to-read' }),
        goodreadsRow({
          Title: 'The Quiet Harbour Ledger',
          Author: 'Margaret Oyelaran',
          'Exclusive Shelf': 'to-read',
        }),
      ]),
    );
    expect(done).toMatchObject({ status: 'done', matched: 0, created: 3 });
    const created = await selectRows<{ title: string; language: string }>(
      server.db,
      sql`SELECT b.title, b.language FROM import_rows r JOIN books b ON b.id = r.book_id
          WHERE r.import_id = ${done.id} ORDER BY r.row`,
    );
    expect(created).toEqual([
      { title: 'Fikir Eske Mekabir', language: 'en' },
      { title: 'የጠፋው ማኅደር ምስጢር', language: 'am' },
      { title: 'The Quiet Harbour Ledger', language: 'en' },
    ]);
  });

  it('invents no progress for a currently-reading row, and gives a book without pages the file’s count', async () => {
    const { token } = await signUp(server);
    await server.db.update(books).set({ pageCount: 374 }).where(eq(books.id, '1'));
    const done = await importAndWait(
      server,
      token,
      csvFile(GOODREADS_COLUMNS, [
        goodreadsRow({
          Title: 'Whatever the file calls it',
          Author: 'Someone',
          ISBN13: isbnCell(noPages.isbn13),
          'Number of Pages': 321,
          'Exclusive Shelf': 'currently-reading',
        }),
        goodreadsRow({
          Title: 'The Hunger Games',
          Author: 'Suzanne Collins',
          'Number of Pages': 9,
          'Exclusive Shelf': 'currently-reading',
        }),
      ]),
    );
    expect(done).toMatchObject({ status: 'done', matched: 2 });
    const [filled] = await server.db.select().from(books).where(eq(books.id, noPages.id));
    expect(filled!.pageCount).toBe(321);
    const [kept] = await server.db.select().from(books).where(eq(books.id, '1'));
    expect(kept!.pageCount).toBe(374);
    const library = (await server.request<ReadingList>('/api/reading-list', { token })).body;
    const reading = library.currentlyReading.find((entry) => entry.bookId === noPages.id)!;
    expect(reading).toMatchObject({ currentPage: null, pageCount: 321 });
    expect(reading.reads.flatMap((read) => read.progress)).toEqual([]);
  });
});

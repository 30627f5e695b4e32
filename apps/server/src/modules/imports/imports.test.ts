import type {
  ErrorBody,
  Import,
  ImportsResponse,
  ReadingList,
  SearchResponse,
  ShelvesResponse,
} from '@nebab/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books, reviews, users } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import {
  csvFile,
  GOODREADS_COLUMNS,
  GOODREADS_OLD_COLUMNS,
  goodreadsRow,
  importAndWait,
  isbnCell,
  postImport,
  STORYGRAPH_COLUMNS,
  storygraphRow,
} from '../../../test/import-fixtures.js';

let server: TestServer;

interface CatalogueFacts {
  id: string;
  goodreads_id: string | null;
  isbn10: string | null;
  isbn13: string | null;
}

let facts: Map<string, CatalogueFacts>;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  facts = new Map(
    (
      await selectRows<CatalogueFacts>(
        server.db,
        sql`SELECT id, goodreads_id, isbn10, isbn13 FROM books WHERE source = 'goodbooks'`,
      )
    ).map((row) => [row.id, row]),
  );
}, 60_000);
afterAll(() => server?.close());

const book = (id: string) => {
  const found = facts.get(id);
  if (!found) throw new Error(`fixture catalogue lacks book ${id}`);
  return found;
};

const importFile = (token: string, file: Buffer, fields: Parameters<typeof postImport>[3] = {}) =>
  importAndWait(server, token, file, fields);

const list = async (token: string) =>
  (await server.request<ReadingList>('/api/reading-list', { token })).body;
const entries = (library: ReadingList) => [
  ...library.currentlyReading,
  ...library.wantToRead,
  ...library.completed,
  ...library.didNotFinish,
];

/** A Goodreads export of today's layout: every match path, a new book, a row without a title, a duplicate. */
function modernExport() {
  return csvFile(GOODREADS_COLUMNS, [
    goodreadsRow({
      'Book Id': book('1').goodreads_id!,
      Title: 'The Hunger Games (The Hunger Games, #1)',
      Author: 'Suzanne Collins',
      'Author l-f': 'Collins, Suzanne',
      ISBN: isbnCell(book('1').isbn10),
      ISBN13: isbnCell(book('1').isbn13),
      'My Rating': 5,
      'Date Read': '2019/05/04',
      'Date Added': '2018/11/02',
      Bookshelves: 'favorites, dystopia',
      'Bookshelves with positions': 'favorites (#3), dystopia (#1)',
      'Exclusive Shelf': 'read',
      'My Review': 'Loved it.<br/><br/>Katniss &amp; Peeta!',
      'Read Count': 2,
      'Owned Copies': 1,
    }),
    // Gone Girl by goodbooks' best_book_id (not its goodreads_book_id).
    goodreadsRow({
      'Book Id': '19288043',
      Title: 'Gone Girl',
      Author: 'Gillian Flynn',
      'Exclusive Shelf': 'currently-reading',
      'Date Added': '2024/01/10',
    }),
    goodreadsRow({
      'Book Id': '900000001',
      Title: 'Twilight (Twilight, #1)',
      Author: 'Stephenie Meyer',
      ISBN13: isbnCell(book('3').isbn13),
      'Exclusive Shelf': 'to-read',
      'Date Added': '2023/03/01',
    }),
    goodreadsRow({
      'Book Id': '900000002',
      Title: 'To Kill a Mockingbird',
      Author: 'Harper Lee',
      ISBN: isbnCell(book('4').isbn10),
      'Exclusive Shelf': 'read',
      'My Rating': 4,
      'Date Read': '2015/07/14',
      'Date Added': '2015/06/01',
    }),
    // By title: "Last, First" only, the series suffix of another edition.
    goodreadsRow({
      'Book Id': '900000003',
      Title: 'Pride and Prejudice (Penguin Classics, #12)',
      'Author l-f': 'Austen, Jane',
      'Exclusive Shelf': 'to-read',
    }),
    // By title with typos in the title and the author.
    goodreadsRow({
      'Book Id': '900000004',
      Title: 'The Hobit',
      Author: 'J.R.R. Tolkein',
      'Exclusive Shelf': 'read',
      'Read Count': 1,
    }),
    goodreadsRow({
      'Book Id': '900000005',
      Title: 'Beyond the Horizon of Addis (Entoto Nights, #1)',
      Author: 'Hanna Bekele',
      'Author l-f': 'Bekele, Hanna',
      'Additional Authors': 'Dawit Haile',
      ISBN13: isbnCell('9780000000002'),
      Publisher: 'Shama Books',
      'Number of Pages': 312,
      'Year Published': 2019,
      'Original Publication Year': 2018,
      'Exclusive Shelf': 'did-not-finish',
      'Date Read': '2021/02/20',
      'Date Added': '2021/01/05',
      'My Rating': 2,
    }),
    goodreadsRow({ 'Book Id': '900000006', Title: '', Author: 'Nobody', 'Exclusive Shelf': 'to-read' }),
    // The same book again (another edition's id, the same ISBN-13).
    goodreadsRow({
      'Book Id': '900000007',
      Title: 'The Hunger Games',
      Author: 'Suzanne Collins',
      ISBN13: isbnCell(book('1').isbn13),
      'Exclusive Shelf': 'to-read',
    }),
  ]);
}

describe('importing a Goodreads export', () => {
  let token: string;
  let first: Import;

  beforeAll(async () => {
    token = (await signUp(server)).token;
    first = await importFile(token, modernExport());
  }, 60_000);

  it('matches by Goodreads id (either edition id), ISBN-13, ISBN-10 and title, adds the unknown book, skips with reasons', async () => {
    expect(first).toMatchObject({
      source: 'goodreads',
      status: 'done',
      total: 9,
      processed: 9,
      matched: 6,
      created: 1,
      awaitingCheck: 1,
      skipped: 2,
    });
    expect(first.errors).toEqual([
      { row: 9, message: 'The row has no title' },
      { row: 10, message: 'The same book as row 2' },
    ]);
    const rows = await selectRows<{ row: number; outcome: string; book_id: string | null }>(
      server.db,
      sql`SELECT row, outcome, book_id FROM import_rows WHERE import_id = ${first.id} ORDER BY row`,
    );
    expect(
      rows.map((row) => [row.row, row.outcome, row.book_id?.startsWith('reader-') ? 'reader' : row.book_id]),
    ).toEqual([
      [2, 'matched', '1'],
      [3, 'matched', '30'],
      [4, 'matched', '3'],
      [5, 'matched', '4'],
      [6, 'matched', '10'],
      [7, 'matched', '7'],
      [8, 'created', 'reader'],
      [9, 'skipped', null],
      [10, 'skipped', null],
    ]);
  });

  it('keeps statuses, dates, read counts, copies, shelves, ratings and reviews (private)', async () => {
    const library = await list(token);
    const byId = new Map(entries(library).map((entry) => [entry.bookId, entry]));
    expect(library.completed.map((entry) => entry.bookId).sort()).toEqual(['1', '4', '7']);
    expect(library.currentlyReading.map((entry) => entry.bookId)).toEqual(['30']);
    expect(library.wantToRead.map((entry) => entry.bookId).sort()).toEqual(['10', '3']);
    expect(library.didNotFinish).toHaveLength(1);
    const hunger = byId.get('1')!;
    expect(hunger.addedAt.slice(0, 10)).toBe('2018-11-02');
    expect(hunger.finishedAt?.slice(0, 10)).toBe('2019-05-04');
    expect(hunger.reads.map((read) => [read.outcome, read.finishedAt?.slice(0, 10)])).toEqual([
      ['completed', '2019-05-04'],
    ]);
    expect(hunger.shelves.map((shelf) => shelf.name).sort()).toEqual(['dystopia', 'favorites']);
    const dnf = library.didNotFinish[0]!;
    expect(dnf.reads[0]).toMatchObject({ outcome: 'didNotFinish' });
    expect(dnf.finishedAt?.slice(0, 10)).toBe('2021-02-20');

    const mine = await selectRows<{ book_id: string; rating: number; comment: string; visibility: string }>(
      server.db,
      sql`SELECT r.book_id, r.rating, r.comment, r.visibility FROM reviews r JOIN users u ON u.id = r.user_id
          WHERE r.user_id = (SELECT user_id FROM imports WHERE id = ${first.id}) ORDER BY r.rating DESC`,
    );
    expect(
      mine.map((row) => [
        row.book_id.startsWith('reader-') ? 'reader' : row.book_id,
        row.rating,
        row.comment,
        row.visibility,
      ]),
    ).toEqual([
      ['1', 5, 'Loved it.\n\nKatniss & Peeta!', 'private'],
      ['4', 4, '', 'private'],
      ['reader', 2, '', 'private'],
    ]);
    const [entry] = await selectRows<{ owned_copies: number; undated_reads: number }>(
      server.db,
      sql`SELECT owned_copies, undated_reads FROM reading_list_entries e JOIN imports i ON i.user_id = e.user_id
          WHERE i.id = ${first.id} AND e.book_id = '1'`,
    );
    expect(entry).toEqual({ owned_copies: 1, undated_reads: 1 });
  });

  it('adds the unmatched row as a reader-added book with its facts, shown to its reader until an admin checks it', async () => {
    const [created] = await server.db
      .select()
      .from(books)
      .where(eq(books.title, 'Beyond the Horizon of Addis'));
    expect(created).toMatchObject({
      source: 'reader',
      series: 'Entoto Nights',
      seriesNumber: '1',
      authors: ['Hanna Bekele', 'Dawit Haile'],
      isbn13: '9780000000002',
      publisher: 'Shama Books',
      pageCount: 312,
      publicationYear: 2018,
      status: 'active',
      goodreadsId: '900000005',
    });
    const [owner] = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, created!.addedBy!));
    expect(owner).toBeDefined();
    const found = async (q: string) =>
      (await server.request<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`)).body.items.map(
        (item) => item.id,
      );
    // Unlisted: its reader sees it, another reader gets 404, search leaves it out.
    expect(await found('Beyond the Horizon')).not.toContain(created!.id);
    const detail = await server.request<{ source: string }>(`/api/books/${created!.id}`, { token });
    expect(detail.body.source).toBe('reader');
    const other = (await signUp(server)).token;
    expect((await server.request(`/api/books/${created!.id}`, { token: other })).status).toBe(404);

    const admin = await signUp(server);
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
    const check = await server.request(`/api/admin/reader-books/${created!.id}/check`, {
      token: admin.token,
      method: 'POST',
    });
    expect(check.status).toBe(204);
    expect(await found('Beyond the Horizon of Addis')).toContain(created!.id);
    expect((await server.request(`/api/books/${created!.id}`, { token: other })).status).toBe(200);
    expect((await server.request<Import>(`/api/imports/${first.id}`, { token })).body.awaitingCheck).toBe(0);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = {
      list: await list(token),
      shelves: (await server.request<ShelvesResponse>('/api/shelves', { token })).body,
      books: (await selectRows<{ n: number }>(server.db, sql`SELECT count(*)::int AS n FROM books`))[0]!.n,
      reviews: await server.db.select().from(reviews).orderBy(reviews.id),
    };
    const again = await importFile(token, modernExport());
    expect(again).toMatchObject({ status: 'done', matched: 7, created: 0, skipped: 2 });
    expect(await list(token)).toEqual(before.list);
    expect((await server.request<ShelvesResponse>('/api/shelves', { token })).body).toEqual(before.shelves);
    expect(
      (await selectRows<{ n: number }>(server.db, sql`SELECT count(*)::int AS n FROM books`))[0]!.n,
    ).toBe(before.books);
    expect(await server.db.select().from(reviews).orderBy(reviews.id)).toEqual(before.reviews);
  });

  it('lists the reader’s imports, and hides them from everyone else', async () => {
    const mine = await server.request<ImportsResponse>('/api/imports', { token });
    expect(mine.body.items.map((item) => item.id)).toContain(first.id);
    const other = (await signUp(server)).token;
    expect((await server.request<ErrorBody>(`/api/imports/${first.id}`, { token: other })).status).toBe(404);
    expect((await server.request<ImportsResponse>('/api/imports', { token: other })).body.items).toEqual([]);
    expect((await server.request(`/api/imports/${first.id}`)).status).toBe(401);
  });
});

describe('the other file styles', () => {
  it('reads the older Goodreads generation (Recommended For, Condition, BCID…) with CRLF line ends', async () => {
    const { token } = await signUp(server);
    const file = csvFile(
      GOODREADS_OLD_COLUMNS,
      [
        goodreadsRow({
          'Book Id': book('5').goodreads_id!,
          Title: 'The Great Gatsby',
          Author: 'F. Scott Fitzgerald',
          'Exclusive Shelf': 'read',
          'Date Read': '2012/03/09',
          'Date Added': '2011/12/25',
          'My Rating': 3,
          'Recommended For': 'Jay',
          'Recommended By': 'Daisy',
          'Original Purchase Date': '2011-12-24',
          'Original Purchase Location': 'Addis Ababa',
          Condition: 'Good',
          'Condition Description': 'A little worn',
          BCID: '123-4567890',
          'Owned Copies': 2,
        }),
      ],
      { eol: '\r\n' },
    );
    const done = await importFile(token, file);
    expect(done).toMatchObject({ source: 'goodreads', matched: 1, created: 0, skipped: 0 });
    const library = await list(token);
    expect(library.completed[0]).toMatchObject({ bookId: '5' });
    expect(library.completed[0]!.finishedAt?.slice(0, 10)).toBe('2012-03-09');
  });

  it('reads a hand-edited file: padded cells, a BOM, plain ISBNs, "Last, First" in Author', async () => {
    const { token } = await signUp(server);
    const file = csvFile(
      GOODREADS_COLUMNS,
      [
        goodreadsRow({
          'Book Id': '',
          Title: 'The Fault in Our Stars',
          Author: 'Green, John',
          ISBN13: book('6').isbn13!,
          'Exclusive Shelf': 'currently-reading',
          'Date Added': '2020-2-3',
        }),
      ],
      { bom: true, padded: true },
    );
    const done = await importFile(token, file);
    expect(done).toMatchObject({ matched: 1, created: 0, skipped: 0 });
    const library = await list(token);
    expect(library.currentlyReading.map((entry) => entry.bookId)).toEqual(['6']);
    expect(library.currentlyReading[0]!.addedAt.slice(0, 10)).toBe('2020-02-03');
  });

  it('reads a StoryGraph export: statuses, dates read (re-reads), star ratings, tags, owned', async () => {
    const { token } = await signUp(server);
    const file = csvFile(STORYGRAPH_COLUMNS, [
      storygraphRow({
        Title: 'The Kite Runner',
        Authors: 'Khaled Hosseini',
        'ISBN/UID': book('11').isbn13 ?? '',
        'Read Status': 'read',
        'Date Added': '2020/01/02',
        'Last Date Read': '2022/08/30',
        'Dates Read': '2020/01/05-2020/02/01, 2022/08/01-2022/08/30',
        'Read Count': 2,
        'Star Rating': '4.5',
        Review: 'Heartbreaking.',
        Tags: 'book club, tearjerker',
        'Owned?': 'Yes',
      }),
      storygraphRow({
        Title: 'Divergent',
        Authors: 'Veronica Roth',
        'ISBN/UID': 'sg-uid-000123',
        'Read Status': 'did-not-finish',
        'Dates Read': '2019/04/01-2019/04/10',
        'Date Added': '2019/03/30',
      }),
      storygraphRow({ Title: 'A Book Nobody Catalogued', Authors: 'Tigist Alemu', 'Read Status': 'to-read' }),
    ]);
    const done = await importFile(token, file, { fileName: 'storygraph.csv', publicReviews: 'true' });
    expect(done).toMatchObject({ source: 'storygraph', matched: 2, created: 1, skipped: 0 });
    const library = await list(token);
    const kite = library.completed.find((entry) => entry.bookId === '11')!;
    expect(kite.reads.map((read) => [read.startedAt?.slice(0, 10), read.finishedAt?.slice(0, 10)])).toEqual([
      ['2022-08-01', '2022-08-30'],
      ['2020-01-05', '2020-02-01'],
    ]);
    expect(kite.shelves.map((shelf) => shelf.name).sort()).toEqual(['book club', 'tearjerker']);
    expect(library.didNotFinish.map((entry) => entry.bookId)).toEqual(['12']);
    const [review] = await server.db.select().from(reviews).where(eq(reviews.bookId, '11'));
    expect(review).toMatchObject({ rating: 5, comment: 'Heartbreaking.', visibility: 'public' });
  });
});

describe('files that are not exports', () => {
  let token: string;
  beforeAll(async () => {
    token = (await signUp(server)).token;
  });

  it('names the missing columns, in the reader’s language', async () => {
    const file = Buffer.from('name,email\nAbebe,abebe@example.org\n');
    const en = await postImport(server.url, token, file);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      error: {
        code: 'VALIDATION',
        message:
          'This file is not a Goodreads or StoryGraph export: the column(s) Title, Author, Exclusive Shelf are missing.',
      },
    });
    const am = await postImport(server.url, token, file, { lang: 'am' });
    expect((am.body as unknown as ErrorBody).error.message).toContain('Title, Author, Exclusive Shelf');
    expect((am.body as unknown as ErrorBody).error.message).toMatch(/[\u1200-\u137f]/);
  });

  it('refuses a binary file, an empty export, a missing file, a wrong source, a bad source value', async () => {
    const binary = await postImport(server.url, token, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
    expect(binary.status).toBe(400);
    const empty = await postImport(server.url, token, csvFile(GOODREADS_COLUMNS, []));
    expect((empty.body as unknown as ErrorBody).error.message).toBe('The file has no books in it.');
    const form = new FormData();
    form.append('source', 'goodreads');
    const none = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(none.status).toBe(400);
    const sg = csvFile(STORYGRAPH_COLUMNS, [
      storygraphRow({ Title: 'X', Authors: 'Y', 'Read Status': 'read' }),
    ]);
    const wrong = await postImport(server.url, token, sg, { source: 'goodreads' });
    expect(wrong.status).toBe(400);
    expect((wrong.body as unknown as ErrorBody).error.message).toContain('StoryGraph');
    const bad = await postImport(server.url, token, sg, { source: 'librarything' });
    expect(bad.status).toBe(400);
  });

  it('answers 413 past 20 MB, 400 for a malformed multipart body, 415 for JSON', async () => {
    const huge = Buffer.alloc(20 * 1024 * 1024 + 10, 0x61);
    const tooBig = await postImport(server.url, token, huge);
    expect(tooBig.status).toBe(413);
    const malformed = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nTitle,Author',
    });
    expect(malformed.status).toBe(400);
    const json = await server.request<ErrorBody>('/api/imports', { token, body: { file: 'x' } });
    expect(json.status).toBe(415);
  });
});

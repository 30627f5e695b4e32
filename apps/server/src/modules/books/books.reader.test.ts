import type {
  BookListDetail,
  ErrorBody,
  ReaderBooksResponse,
  ReadingList,
  SearchResponse,
} from '@nebab/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books, reviews, users } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import { PNG } from '../../../test/upload-fixtures.js';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const account = await signUp(server, { fullName: 'Admin Person' });
  await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, account.email));
  admin = account.token;
}, 60_000);
afterAll(() => server?.close());

const call = <T>(token: string, path: string, method = 'GET', body?: unknown) =>
  server.request<T & ErrorBody>(path, { token, method, body });

async function uploadCover(token: string, bookId: string) {
  const form = new FormData();
  form.append('coverImage', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'cover.png');
  const response = await fetch(`${server.url}/api/books/${bookId}/cover`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return response.status;
}

describe('readers add missing books', () => {
  it('adds a book marked reader-added, which its adder sees; an ISBN of the catalogue answers that book', async () => {
    const { token } = await signUp(server);
    const added = await call<{ id: string; existing: boolean }>(token, '/api/books', 'POST', {
      title: 'የቡና ሥነ ሥርዓት',
      authors: ['Almaz Worku'],
      isbn: '978-0-00-000002-6',
      publicationYear: 2016,
      pageCount: 144,
      language: 'am',
    });
    expect(added.status).toBe(201);
    expect(added.body.existing).toBe(false);
    expect(added.body.id).toMatch(/^reader-/);
    const detail = await call<{ source: string; title: string; language: string }>(
      token,
      `/api/books/${added.body.id}`,
    );
    expect(detail.body).toMatchObject({ source: 'reader', title: 'የቡና ሥነ ሥርዓት', language: 'am' });

    const [gatsby] = await server.db.select({ isbn13: books.isbn13 }).from(books).where(eq(books.id, '5'));
    const known = await call<{ id: string; existing: boolean }>(token, '/api/books', 'POST', {
      title: 'Some other title',
      authors: ['Someone'],
      isbn: gatsby!.isbn13,
      language: 'en',
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ id: '5', existing: true });

    const bad = await call(token, '/api/books', 'POST', { title: '', authors: [], language: 'en' });
    expect(bad.status).toBe(400);
    expect(
      (await server.request('/api/books', { body: { title: 'X', authors: ['Y'], language: 'en' } })).status,
    ).toBe(401);
  });

  it('lets the reader who added it (or an admin) give it a cover; nobody else', async () => {
    const { token } = await signUp(server);
    const other = (await signUp(server)).token;
    const { body } = await call<{ id: string }>(token, '/api/books', 'POST', {
      title: 'Cover Story',
      authors: ['Lensa Mekonnen'],
      language: 'en',
    });
    expect(await uploadCover(other, body.id)).toBe(403);
    expect(await uploadCover(token, body.id)).toBe(204);
    expect(await uploadCover(admin, body.id)).toBe(204);
    expect(await uploadCover(token, '5')).toBe(403);
    expect((await server.request(`/api/books/${body.id}/cover`)).status).toBe(200);
  });
});

describe('Book Approvals: reader-added books', () => {
  it('lists them for admins only, and keeps a checked one out of the waiting list', async () => {
    const { token } = await signUp(server, { fullName: 'Hirut Adder' });
    const { body } = await call<{ id: string }>(token, '/api/books', 'POST', {
      title: 'Checked Book',
      authors: ['Yared Zeleke'],
      language: 'en',
    });
    expect((await call(token, '/api/admin/reader-books')).status).toBe(403);
    const pending = await call<ReaderBooksResponse>(
      admin,
      '/api/admin/reader-books?status=pending&pageSize=100',
    );
    const item = pending.body.items.find((row) => row.id === body.id);
    expect(item).toMatchObject({
      title: 'Checked Book',
      addedBy: { fullName: 'Hirut Adder' },
      readers: 0,
      checkedAt: null,
    });
    expect((await call(token, `/api/admin/reader-books/${body.id}/check`, 'POST')).status).toBe(403);
    expect((await call(admin, `/api/admin/reader-books/${body.id}/check`, 'POST')).status).toBe(204);
    const after = await call<ReaderBooksResponse>(
      admin,
      '/api/admin/reader-books?status=pending&pageSize=100',
    );
    expect(after.body.items.map((row) => row.id)).not.toContain(body.id);
    const checked = await call<ReaderBooksResponse>(
      admin,
      '/api/admin/reader-books?status=checked&pageSize=100',
    );
    expect(checked.body.items.map((row) => row.id)).toContain(body.id);
    expect((await call(admin, '/api/admin/reader-books/nope/check', 'POST')).status).toBe(404);
  });

  it('merges a duplicate into a catalogue book: entries, reads, shelves, list items and reviews move; the duplicate goes', async () => {
    const a = await signUp(server, { fullName: 'Reader A' });
    const b = await signUp(server, { fullName: 'Reader B' });
    const dup = (
      await call<{ id: string }>(a.token, '/api/books', 'POST', {
        title: 'The Grate Gatsby',
        authors: ['F. Scott Fitzgerald'],
        language: 'en',
      })
    ).body.id;
    const target = '5';
    // Reader A: the duplicate finished (a read), on a shelf, reviewed, on a public list B voted for.
    expect(
      (await call(a.token, '/api/reading-list', 'POST', { bookId: dup, status: 'wantToRead' })).status,
    ).toBe(201);
    await call(a.token, `/api/reading-list/${dup}/reads`, 'POST', {
      finishedAt: '2020-06-01',
      startedAt: '2020-05-01',
    });
    const shelf = await call<{ id: string }>(a.token, '/api/shelves', 'POST', { name: 'Jazz age' });
    expect((await call(a.token, `/api/shelves/${shelf.body.id}/books/${dup}`, 'PUT')).status).toBe(204);
    expect(
      (await call(a.token, `/api/books/${dup}/reviews`, 'POST', { rating: 4, comment: 'Green light.' }))
        .status,
    ).toBe(201);
    const list = await call<BookListDetail>(a.token, '/api/lists', 'POST', {
      title: 'Roaring twenties',
      mode: 'open',
    });
    expect((await call(a.token, `/api/lists/${list.body.id}/books`, 'POST', { bookId: dup })).status).toBe(
      201,
    );
    expect(
      (await call(b.token, `/api/lists/${list.body.id}/books/${dup}/vote`, 'PUT', { value: 1 })).status,
    ).toBe(200);
    // Reader B has both books, reading each, with a review of each and the duplicate on a shelf.
    for (const id of [dup, target]) {
      await call(b.token, '/api/reading-list', 'POST', { bookId: id, status: 'wantToRead' });
      await call(b.token, `/api/reading-list/${id}`, 'PATCH', { status: 'currentlyReading' });
    }
    const bShelf = await call<{ id: string }>(b.token, '/api/shelves', 'POST', { name: 'Borrowed' });
    await call(b.token, `/api/shelves/${bShelf.body.id}/books/${dup}`, 'PUT');
    await call(b.token, `/api/books/${dup}/reviews`, 'POST', { rating: 2, comment: 'Typo edition.' });
    await call(b.token, `/api/books/${target}/reviews`, 'POST', { rating: 5, comment: 'The real one.' });

    expect((await call(a.token, `/api/admin/books/${dup}/merge`, 'POST', { targetId: target })).status).toBe(
      403,
    );
    expect((await call(admin, `/api/admin/books/${dup}/merge`, 'POST', { targetId: dup })).status).toBe(400);
    expect(
      (await call(admin, `/api/admin/books/${dup}/merge`, 'POST', { targetId: 'no-such-book' })).status,
    ).toBe(400);
    expect(
      (await call(admin, `/api/admin/books/no-such-book/merge`, 'POST', { targetId: target })).status,
    ).toBe(404);

    const merged = await call<{ targetId: string; moved: Record<string, number> }>(
      admin,
      `/api/admin/books/${dup}/merge`,
      'POST',
      { targetId: target },
    );
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({ targetId: target, moved: { entries: 2, reviews: 1, listItems: 1 } });

    expect((await server.request(`/api/books/${dup}`)).status).toBe(404);
    const aList = (await call<ReadingList>(a.token, '/api/reading-list')).body;
    expect(aList.completed.map((entry) => entry.bookId)).toEqual([target]);
    expect(aList.completed[0]!.reads.map((read) => read.finishedAt?.slice(0, 10))).toEqual(['2020-06-01']);
    expect(aList.completed[0]!.shelves.map((s) => s.name)).toEqual(['Jazz age']);
    const bList = (await call<ReadingList>(b.token, '/api/reading-list')).body;
    expect(bList.currentlyReading.map((entry) => entry.bookId)).toEqual([target]);
    expect(bList.currentlyReading[0]!.reads).toHaveLength(2);
    expect(bList.currentlyReading[0]!.reads.filter((read) => read.outcome === null)).toHaveLength(1);
    expect(bList.currentlyReading[0]!.shelves.map((s) => s.name)).toEqual(['Borrowed']);
    const reviewRows = await server.db
      .select({ userId: reviews.userId, rating: reviews.rating, bookId: reviews.bookId })
      .from(reviews)
      .where(sql`${reviews.bookId} IN (${dup}, ${target})`);
    expect(reviewRows.map((row) => [row.bookId, row.rating]).sort()).toEqual([
      [target, 4],
      [target, 5],
    ]);
    const detail = await call<BookListDetail>(a.token, `/api/lists/${list.body.id}`);
    expect(detail.body.items.map((item) => [item.book.id, item.votes])).toEqual([[target, 2]]);
    const [counts] = await selectRows<{ n: number }>(
      server.db,
      sql`SELECT count(*)::int AS n FROM books WHERE id = ${dup}`,
    );
    expect(counts!.n).toBe(0);
  });
});

describe('a reader-added book is unlisted until an admin checks it or three readers have it', () => {
  const ids = (response: { body: { items: Array<{ id: string }> } }) => response.body.items.map((i) => i.id);
  const searchIds = async (q: string) =>
    ids(await server.request<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`));
  const suggestIds = async (q: string) =>
    ids(await server.request<{ items: Array<{ id: string }> }>(`/api/search/suggest?q=${encodeURIComponent(q)}`));

  async function addBook(token: string, title: string, author: string) {
    const added = await call<{ id: string }>(token, '/api/books', 'POST', {
      title,
      authors: [author],
      language: 'en',
    });
    expect(added.status).toBe(201);
    return added.body.id;
  }

  it('its adder and admins see it; another reader gets 404 and no public list shows it', async () => {
    const adder = (await signUp(server)).token;
    const other = (await signUp(server)).token;
    const id = await addBook(adder, 'Quillwort Meridian', 'Zerihun Quillwort');
    expect((await call(adder, `/api/books/${id}`)).status).toBe(200);
    expect((await call(admin, `/api/books/${id}`)).status).toBe(200);
    expect((await call(other, `/api/books/${id}`)).status).toBe(404);
    expect((await server.request(`/api/books/${id}`)).status).toBe(404);
    // Its generated cover still draws for the adder's own pages (an <img> carries no session).
    expect((await server.request(`/api/books/${id}/cover.svg`)).status).toBe(200);

    expect(await searchIds('Quillwort Meridian')).not.toContain(id);
    expect(await suggestIds('Quillwort')).not.toContain(id);
    expect((await server.request(`/api/authors/${encodeURIComponent('Zerihun Quillwort')}`)).status).toBe(404);
    // The adder has it in their library and on a public list of theirs; others see the list without it.
    expect((await call(adder, '/api/reading-list', 'POST', { bookId: id, status: 'wantToRead' })).status).toBe(
      201,
    );
    const list = await call<BookListDetail>(adder, '/api/lists', 'POST', { title: 'Mine', mode: 'open' });
    expect((await call(adder, `/api/lists/${list.body.id}/books`, 'POST', { bookId: id })).status).toBe(201);
    const seenByAdder = await call<BookListDetail>(adder, `/api/lists/${list.body.id}`);
    expect(seenByAdder.body.items.map((item) => item.book.id)).toEqual([id]);
    const seenByOther = await call<BookListDetail>(other, `/api/lists/${list.body.id}`);
    expect(seenByOther.body.items).toEqual([]);
  });

  it('becomes public once an admin checks it', async () => {
    const adder = (await signUp(server)).token;
    const other = (await signUp(server)).token;
    const id = await addBook(adder, 'Saffronwick Ledger', 'Meskerem Saffronwick');
    expect((await call(other, `/api/books/${id}`)).status).toBe(404);
    expect((await call(admin, `/api/admin/reader-books/${id}/check`, 'POST')).status).toBe(204);
    expect((await call(other, `/api/books/${id}`)).status).toBe(200);
    expect(await searchIds('Saffronwick Ledger')).toContain(id);
    expect(await suggestIds('Saffronwick')).toContain(id);
    expect((await server.request(`/api/authors/${encodeURIComponent('Meskerem Saffronwick')}`)).status).toBe(
      200,
    );
  });

  it('becomes public once three readers have it in their library', async () => {
    const [adder, second, third, stranger] = await Promise.all(
      [1, 2, 3, 4].map(async () => (await signUp(server)).token),
    );
    const id = await addBook(adder!, 'Thistledown Almanac', 'Abebe Thistledown');
    const keep = (token: string) => call(token, '/api/reading-list', 'POST', { bookId: id, status: 'wantToRead' });
    expect((await keep(adder!)).status).toBe(201);
    expect((await keep(second!)).status).toBe(201);
    // A reader who has it in their library sees its page; with two readers it is not public yet.
    expect((await call(second!, `/api/books/${id}`)).status).toBe(200);
    expect((await call(stranger!, `/api/books/${id}`)).status).toBe(404);
    expect(await searchIds('Thistledown Almanac')).not.toContain(id);
    expect((await keep(third!)).status).toBe(201);
    expect((await call(stranger!, `/api/books/${id}`)).status).toBe(200);
    expect(await searchIds('Thistledown Almanac')).toContain(id);
    const [row] = await server.db.select({ listed: books.listed }).from(books).where(eq(books.id, id));
    expect(row!.listed).toBe(true);
  });
});

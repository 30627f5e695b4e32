import type { ErrorBody, MeResponse, ReadingList, ReadingListEntry, UserStats } from '@nebab/shared';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { bookActivity, books } from '../../db/schema/index.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
/** Active books with a known page count. */
let paged: { id: string; pageCount: number }[];
/** An active book without a page count, and an inactive one. */
let unpagedId: string;
let inactiveId: string;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const withPages = await server.db
    .select({ id: books.id, pageCount: books.pageCount })
    .from(books)
    .where(and(eq(books.status, 'active'), isNotNull(books.pageCount)))
    .orderBy(asc(books.id))
    .limit(12);
  paged = withPages.filter((b): b is { id: string; pageCount: number } => (b.pageCount ?? 0) > 10);
  const [last] = paged.splice(-1, 1);
  inactiveId = last!.id;
  await server.db.update(books).set({ status: 'inactive' }).where(eq(books.id, inactiveId));
  const [unpaged] = await server.db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.status, 'active'), isNull(books.pageCount)))
    .limit(1);
  if (!unpaged) {
    // Make one: the catalogue may know every page count.
    unpagedId = paged.splice(-1, 1)[0]!.id;
    await server.db.update(books).set({ pageCount: null }).where(eq(books.id, unpagedId));
  } else {
    unpagedId = unpaged.id;
  }
  expect(paged.length).toBeGreaterThanOrEqual(6);
});
afterAll(() => server?.close());

const book = (i: number) => paged[i]!;

function client(token: string) {
  return {
    list: () => server.request<ReadingList>('/api/reading-list', { token }),
    add: (bookId: string, status = 'wantToRead') =>
      server.request<ReadingListEntry & ErrorBody>('/api/reading-list', { token, body: { bookId, status } }),
    patch: (bookId: string, body: unknown) =>
      server.request<ReadingListEntry & ErrorBody>(`/api/reading-list/${encodeURIComponent(bookId)}`, {
        method: 'PATCH',
        token,
        body,
      }),
    remove: (bookId: string) =>
      server.request<ErrorBody>(`/api/reading-list/${encodeURIComponent(bookId)}`, {
        method: 'DELETE',
        token,
      }),
    favorite: (bookId: string, isFavorite: unknown) =>
      server.request<ReadingListEntry & ErrorBody>(
        `/api/reading-list/${encodeURIComponent(bookId)}/favorite`,
        {
          method: 'PUT',
          token,
          body: { isFavorite },
        },
      ),
    stats: () => server.request<UserStats>('/api/me/stats', { token }),
    me: () => server.request<MeResponse>('/api/auth/me', { token }),
  };
}

const newReader = async () => client((await signUp(server)).token);

describe('authentication (spec §5)', () => {
  it('answers 401 with the reading list message on every route, in both languages', async () => {
    const id = book(0).id;
    const calls: [string, string, unknown][] = [
      ['GET', '/api/reading-list', undefined],
      ['POST', '/api/reading-list', { bookId: id, status: 'wantToRead' }],
      ['PATCH', `/api/reading-list/${id}`, { status: 'completed' }],
      ['DELETE', `/api/reading-list/${id}`, undefined],
      ['PUT', `/api/reading-list/${id}/favorite`, { isFavorite: true }],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.request<ErrorBody>(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Please login to manage your reading list',
      });
    }
    const bad = await server.request<ErrorBody>('/api/reading-list', { token: 'not-a-token', lang: 'am' });
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe('የንባብ ዝርዝርዎን ለማስተዳደር እባክዎ ይግቡ');
  });
});

describe('POST /api/reading-list', () => {
  it('adds a book as wantToRead (201 Entry), records want_to_read activity, lists it', async () => {
    const reader = await newReader();
    const { id, pageCount } = book(0);
    const before = await server.db.select().from(bookActivity).where(eq(bookActivity.bookId, id));
    const res = await reader.add(id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      bookId: id,
      status: 'wantToRead',
      isFavorite: false,
      startedAt: null,
      finishedAt: null,
      currentPage: null,
      pageCount,
    });
    expect(typeof res.body.title).toBe('string');
    expect(typeof res.body.author).toBe('string');
    expect(Array.isArray(res.body.coverCandidates)).toBe(true);
    expect(res.body.coverImage).toBe(res.body.coverCandidates[0] ?? null);
    expect(Date.parse(res.body.addedAt)).not.toBeNaN();
    const after = await server.db.select().from(bookActivity).where(eq(bookActivity.bookId, id));
    expect(after.length).toBe(before.length + 1);
    expect(after.some((row) => row.kind === 'want_to_read')).toBe(true);
    const list = await reader.list();
    expect(list.status).toBe(200);
    expect(list.body.wantToRead.map((e) => e.bookId)).toEqual([id]);
    expect(list.body.currentlyReading).toEqual([]);
    expect(list.body.completed).toEqual([]);
  });

  it('refuses another initial status, a missing body and a bad book id with 400 VALIDATION', async () => {
    const reader = await newReader();
    for (const status of ['currentlyReading', 'completed', 'reading']) {
      const res = await reader.add(book(0).id, status);
      expect(res.status, status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields).toHaveProperty('status');
    }
    const empty = await server.request<ErrorBody>('/api/reading-list', {
      token: (await signUp(server)).token,
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.error.fields ?? {}).sort()).toEqual(['bookId', 'status']);
    expect((await reader.list()).body.wantToRead).toEqual([]);
  });

  it('answers 404 for an unknown or inactive book', async () => {
    const reader = await newReader();
    expect((await reader.add('no-such-book')).status).toBe(404);
    const inactive = await reader.add(inactiveId);
    expect(inactive.status).toBe(404);
    expect(inactive.body.error.code).toBe('NOT_FOUND');
  });

  it('answers 409 CONFLICT when the book is already on the list', async () => {
    const reader = await newReader();
    expect((await reader.add(book(1).id)).status).toBe(201);
    const again = await reader.add(book(1).id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'This book is already on your reading list',
    });
  });

  it('gives one 201 and one 409 for two concurrent adds, never a 500', async () => {
    const reader = await newReader();
    for (let i = 0; i < 3; i += 1) {
      const id = book(2 + i).id;
      const results = await Promise.all([reader.add(id), reader.add(id)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    }
    const list = await reader.list();
    expect(list.body.wantToRead).toHaveLength(3);
  });
});

describe('PATCH /api/reading-list/:bookId', () => {
  it('moves through every status, setting and clearing the dates', async () => {
    const reader = await newReader();
    const { id } = book(0);
    await reader.add(id);

    const reading = await reader.patch(id, { status: 'currentlyReading' });
    expect(reading.status).toBe(200);
    expect(reading.body.status).toBe('currentlyReading');
    expect(reading.body.startedAt).not.toBeNull();
    expect(reading.body.finishedAt).toBeNull();
    const started = reading.body.startedAt;

    const done = await reader.patch(id, { status: 'completed' });
    expect(done.body.status).toBe('completed');
    expect(done.body.startedAt).toBe(started);
    expect(done.body.finishedAt).not.toBeNull();

    // Reading a finished book again is a re-read: a new read starts, the finished one stays.
    const back = await reader.patch(id, { status: 'currentlyReading' });
    expect(back.body).toMatchObject({ status: 'currentlyReading', finishedAt: null });
    const restarted = back.body.startedAt;
    expect(Date.parse(restarted!)).toBeGreaterThanOrEqual(Date.parse(started!));
    expect(back.body.reads.map((r) => r.outcome)).toEqual([null, 'completed']);

    const want = await reader.patch(id, { status: 'wantToRead' });
    expect(want.body).toMatchObject({ status: 'wantToRead', startedAt: restarted, finishedAt: null });

    // The read under way is resumed, not started again.
    const again = await reader.patch(id, { status: 'currentlyReading' });
    expect(again.body.startedAt).toBe(restarted);
    expect(again.body.reads).toHaveLength(2);

    const list = await reader.list();
    expect(list.body.currentlyReading.map((e) => e.bookId)).toEqual([id]);
    expect(list.body.wantToRead).toEqual([]);
  });

  it('sets both dates when a book is completed without a start', async () => {
    const reader = await newReader();
    const { id } = book(1);
    await reader.add(id);
    const done = await reader.patch(id, { status: 'completed' });
    expect(done.status).toBe(200);
    expect(done.body.startedAt).not.toBeNull();
    expect(done.body.finishedAt).not.toBeNull();
    const want = await reader.patch(id, { status: 'wantToRead' });
    expect(want.body.finishedAt).toBeNull();
  });

  it('keeps currentPage within 0..pageCount, or 0..100000 when the page count is unknown', async () => {
    const reader = await newReader();
    const { id, pageCount } = book(2);
    await reader.add(id);
    expect((await reader.patch(id, { currentPage: 0 })).body.currentPage).toBe(0);
    expect((await reader.patch(id, { currentPage: pageCount })).body.currentPage).toBe(pageCount);
    const over = await reader.patch(id, { currentPage: pageCount + 1 });
    expect(over.status).toBe(400);
    expect(over.body.error.fields).toHaveProperty('currentPage');
    for (const bad of [-1, 1.5, '12', 100_001]) {
      const res = await reader.patch(id, { currentPage: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error.fields).toHaveProperty('currentPage');
    }
    const both = await reader.patch(id, { status: 'currentlyReading', currentPage: 12 });
    expect(both.body).toMatchObject({ status: 'currentlyReading', currentPage: 12 });

    await reader.add(unpagedId);
    const far = await reader.patch(unpagedId, { currentPage: 100_000 });
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ currentPage: 100_000, pageCount: null });
  });

  it('refuses an unknown status with 400 and answers 404 when the book is not on the list', async () => {
    const reader = await newReader();
    const { id } = book(3);
    expect((await reader.patch(id, { status: 'completed' })).status).toBe(404);
    await reader.add(id);
    const bad = await reader.patch(id, { status: 'reading' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('status');
    expect((await reader.patch('no-such-book', { status: 'completed' })).status).toBe(404);
  });

  it('lists the most recently updated entry first within a group', async () => {
    const reader = await newReader();
    const [a, b, c] = [book(0).id, book(1).id, book(2).id];
    for (const id of [a, b, c]) await reader.add(id);
    expect((await reader.list()).body.wantToRead.map((e) => e.bookId)).toEqual([c, b, a]);
    await reader.patch(a, { currentPage: 3 });
    expect((await reader.list()).body.wantToRead.map((e) => e.bookId)).toEqual([a, c, b]);
  });
});

describe('DELETE /api/reading-list/:bookId', () => {
  it('removes the entry (204), then answers 404', async () => {
    const reader = await newReader();
    const { id } = book(4);
    await reader.add(id);
    const res = await reader.remove(id);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await reader.list()).body.wantToRead).toEqual([]);
    expect((await reader.remove(id)).status).toBe(404);
    expect((await reader.add(id)).status).toBe(201);
  });
});

describe('PUT /api/reading-list/:bookId/favorite', () => {
  it('is refused (409) for wantToRead, allowed for currentlyReading and completed, cleared on wantToRead', async () => {
    const reader = await newReader();
    const { id } = book(5);
    expect((await reader.favorite(id, true)).status).toBe(404);
    await reader.add(id);
    const refused = await reader.favorite(id, true);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');

    await reader.patch(id, { status: 'currentlyReading' });
    const on = await reader.favorite(id, true);
    expect(on.status).toBe(200);
    expect(on.body.isFavorite).toBe(true);
    const off = await reader.favorite(id, false);
    expect(off.body.isFavorite).toBe(false);

    await reader.patch(id, { status: 'completed' });
    expect((await reader.favorite(id, true)).body.isFavorite).toBe(true);
    expect((await reader.list()).body.completed[0]?.isFavorite).toBe(true);

    const back = await reader.patch(id, { status: 'wantToRead' });
    expect(back.body.isFavorite).toBe(false);
    expect((await reader.favorite(id, true)).status).toBe(409);

    const invalid = await reader.favorite(id, 'yes');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toHaveProperty('isFavorite');
  });
});

describe('counts and ownership', () => {
  it('reports booksRead = completed entries and readingList = all entries in stats and /api/auth/me', async () => {
    const reader = await newReader();
    expect((await reader.stats()).body).toMatchObject({ booksRead: 0, readingList: 0, reviewsWritten: 0 });
    for (const i of [0, 1, 2]) await reader.add(book(i).id);
    await reader.patch(book(0).id, { status: 'completed' });
    await reader.patch(book(1).id, { status: 'currentlyReading' });
    expect((await reader.stats()).body).toMatchObject({ booksRead: 1, readingList: 3, reviewsWritten: 0 });
    expect((await reader.me()).body.user).toMatchObject({ booksRead: 1, reviewsWritten: 0 });
    await reader.remove(book(0).id);
    expect((await reader.stats()).body).toMatchObject({ booksRead: 0, readingList: 2, reviewsWritten: 0 });
  });

  it("keeps each user's list separate", async () => {
    const alice = await newReader();
    const bob = await newReader();
    const { id } = book(0);
    await alice.add(id);
    await alice.patch(id, { status: 'completed' });
    expect((await bob.list()).body).toEqual({
      currentlyReading: [],
      wantToRead: [],
      completed: [],
      didNotFinish: [],
    });
    expect((await bob.patch(id, { status: 'currentlyReading' })).status).toBe(404);
    expect((await bob.favorite(id, true)).status).toBe(404);
    expect((await bob.remove(id)).status).toBe(404);
    expect((await bob.add(id)).status).toBe(201);
    expect((await bob.stats()).body).toMatchObject({ booksRead: 0, readingList: 1 });
    expect((await alice.list()).body.completed.map((e) => e.bookId)).toEqual([id]);
    expect((await alice.stats()).body).toMatchObject({ booksRead: 1, readingList: 1 });
  });
});

import type {
  ErrorBody,
  ReadingList,
  ReadingListEntry,
  ReadingStats,
  Shelf,
  ShelvesResponse,
} from '@nebab/shared';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books } from '../../db/schema/index.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

/** didNotFinish, reads and re-reads, progress updates and shelves, over HTTP. */
let server: TestServer;
let paged: { id: string; pageCount: number }[];

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const rows = await server.db
    .select({ id: books.id, pageCount: books.pageCount })
    .from(books)
    .where(and(eq(books.status, 'active'), isNotNull(books.pageCount)))
    .orderBy(asc(books.id))
    .limit(12);
  paged = rows.filter((b): b is { id: string; pageCount: number } => (b.pageCount ?? 0) > 10);
  expect(paged.length).toBeGreaterThanOrEqual(6);
});

afterAll(() => server?.close());

const book = (i: number) => paged[i]!;
type EntryResponse = ReadingListEntry & ErrorBody;

function client(token: string) {
  const entryPath = (bookId: string) => `/api/reading-list/${encodeURIComponent(bookId)}`;
  return {
    token,
    list: (shelf?: string) =>
      server.request<ReadingList & ErrorBody>(`/api/reading-list${shelf ? `?shelf=${shelf}` : ''}`, {
        token,
      }),
    add: (bookId: string) =>
      server.request<EntryResponse>('/api/reading-list', { token, body: { bookId, status: 'wantToRead' } }),
    patch: (bookId: string, body: unknown) =>
      server.request<EntryResponse>(entryPath(bookId), { method: 'PATCH', token, body }),
    favorite: (bookId: string, isFavorite: boolean) =>
      server.request<EntryResponse>(`${entryPath(bookId)}/favorite`, {
        method: 'PUT',
        token,
        body: { isFavorite },
      }),
    addRead: (bookId: string, body: unknown) =>
      server.request<EntryResponse>(`${entryPath(bookId)}/reads`, { token, body }),
    patchRead: (bookId: string, readId: string, body: unknown) =>
      server.request<EntryResponse>(`${entryPath(bookId)}/reads/${readId}`, { method: 'PATCH', token, body }),
    removeRead: (bookId: string, readId: string) =>
      server.request<EntryResponse>(`${entryPath(bookId)}/reads/${readId}`, { method: 'DELETE', token }),
    progress: (bookId: string, body: unknown) =>
      server.request<EntryResponse>(`${entryPath(bookId)}/progress`, { token, body }),
    removeProgress: (bookId: string, id: string) =>
      server.request<EntryResponse>(`${entryPath(bookId)}/progress/${id}`, { method: 'DELETE', token }),
    shelves: () => server.request<ShelvesResponse & ErrorBody>('/api/shelves', { token }),
    createShelf: (name: unknown) =>
      server.request<Shelf & ErrorBody>('/api/shelves', { token, body: { name } }),
    renameShelf: (id: string, name: unknown) =>
      server.request<Shelf & ErrorBody>(`/api/shelves/${id}`, { method: 'PATCH', token, body: { name } }),
    deleteShelf: (id: string) => server.request<ErrorBody>(`/api/shelves/${id}`, { method: 'DELETE', token }),
    shelve: (id: string, bookId: string) =>
      server.request<ErrorBody>(`/api/shelves/${id}/books/${encodeURIComponent(bookId)}`, {
        method: 'PUT',
        token,
      }),
    unshelve: (id: string, bookId: string) =>
      server.request<ErrorBody>(`/api/shelves/${id}/books/${encodeURIComponent(bookId)}`, {
        method: 'DELETE',
        token,
      }),
    stats: () => server.request<ReadingStats>('/api/me/stats', { token }),
  };
}

const newReader = async () => client((await signUp(server)).token);

describe('didNotFinish', () => {
  it('is offered only from currentlyReading (409 otherwise), keeps the stop page and ends the read', async () => {
    const reader = await newReader();
    const { id, pageCount } = book(0);
    await reader.add(id);
    const fromWant = await reader.patch(id, { status: 'didNotFinish' });
    expect(fromWant.status).toBe(409);
    expect(fromWant.body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'You can mark a book as not finished only while you are reading it',
    });

    await reader.patch(id, { status: 'currentlyReading', currentPage: 7 });
    const tooFar = await reader.patch(id, { status: 'didNotFinish', stoppedPage: pageCount + 1 });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error.fields).toHaveProperty('stoppedPage');

    const dnf = await reader.patch(id, { status: 'didNotFinish', stoppedPage: 9 });
    expect(dnf.status).toBe(200);
    expect(dnf.body).toMatchObject({ status: 'didNotFinish', stoppedPage: 9, isFavorite: false });
    expect(dnf.body.finishedAt).not.toBeNull();
    expect(dnf.body.reads).toHaveLength(1);
    expect(dnf.body.reads[0]).toMatchObject({ outcome: 'didNotFinish', stoppedPage: 9 });

    // The stop page can be corrected later; without stoppedPage the page reached is used.
    expect((await reader.patch(id, { stoppedPage: 11 })).body.stoppedPage).toBe(11);
    const { id: other } = book(1);
    await reader.add(other);
    await reader.patch(other, { status: 'currentlyReading', currentPage: 5 });
    expect((await reader.patch(other, { status: 'didNotFinish' })).body.stoppedPage).toBe(5);

    // From completed, 409 as well; a favourite cannot be given up.
    await reader.patch(other, { status: 'completed' });
    expect((await reader.patch(other, { status: 'didNotFinish' })).status).toBe(409);
    expect((await reader.favorite(id, true)).status).toBe(409);
  });

  it('counts apart in the list, the dashboard counts and the stats', async () => {
    const reader = await newReader();
    const [a, b, c] = [book(0).id, book(1).id, book(2).id];
    for (const id of [a, b, c]) await reader.add(id);
    await reader.patch(a, { status: 'currentlyReading' });
    await reader.patch(a, { status: 'didNotFinish' });
    await reader.patch(b, { status: 'completed' });

    const list = await reader.list();
    expect(list.body.didNotFinish.map((e) => e.bookId)).toEqual([a]);
    expect(list.body.completed.map((e) => e.bookId)).toEqual([b]);
    expect(list.body.wantToRead.map((e) => e.bookId)).toEqual([c]);
    expect(list.body.currentlyReading).toEqual([]);

    const stats = await reader.stats();
    expect(stats.body).toMatchObject({ booksRead: 1, readingList: 3, didNotFinish: 1 });
    expect(stats.body.totals).toMatchObject({ books: 1, didNotFinish: 1, dnfRate: 0.5 });

    // Picking it up again leaves didNotFinish and starts a new read; the given-up read stays.
    const again = await reader.patch(a, { status: 'currentlyReading' });
    expect(again.body.reads.map((r) => r.outcome)).toEqual([null, 'didNotFinish']);
    expect((await reader.stats()).body).toMatchObject({ didNotFinish: 0, totals: { didNotFinish: 1 } });
  });
});

describe('reads and re-reads', () => {
  it('keeps every past read with its dates, newest first', async () => {
    const reader = await newReader();
    const { id } = book(3);
    await reader.add(id);
    // Logging a past read on a wantToRead book marks it completed with those dates.
    const first = await reader.addRead(id, { startedAt: '2023-01-02', finishedAt: '2023-01-20' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'completed',
      startedAt: '2023-01-02T12:00:00.000Z',
      finishedAt: '2023-01-20T12:00:00.000Z',
    });

    // A re-read through the statuses.
    const reading = await reader.patch(id, { status: 'currentlyReading' });
    expect(reading.body.finishedAt).toBeNull();
    const done = await reader.patch(id, { status: 'completed' });
    expect(done.body.reads).toHaveLength(2);
    expect(done.body.reads.map((r) => r.outcome)).toEqual(['completed', 'completed']);
    expect(done.body.reads[1]).toMatchObject({
      startedAt: '2023-01-02T12:00:00.000Z',
      finishedAt: '2023-01-20T12:00:00.000Z',
    });
    expect(done.body.finishedAt).toBe(done.body.reads[0]!.finishedAt);

    // A read in between, then a correction of its dates.
    const middle = await reader.addRead(id, {
      startedAt: '2024-03-01T08:00:00Z',
      finishedAt: '2024-03-09T20:00:00Z',
    });
    expect(middle.body.reads.map((r) => r.finishedAt?.slice(0, 10))).toEqual([
      done.body.reads[0]!.finishedAt!.slice(0, 10),
      '2024-03-09',
      '2023-01-20',
    ]);
    const readId = middle.body.reads[1]!.id;
    const fixed = await reader.patchRead(id, readId, { startedAt: '2024-02-28' });
    expect(fixed.body.reads[1]!.startedAt).toBe('2024-02-28T12:00:00.000Z');

    const stats = await reader.stats();
    expect(stats.body.totals).toMatchObject({ books: 3, distinctBooks: 1, rereads: 2 });

    const removed = await reader.removeRead(id, readId);
    expect(removed.body.reads).toHaveLength(2);
  });

  it('refuses bad dates, and reads under way cannot be deleted or finished by date', async () => {
    const reader = await newReader();
    const { id } = book(4);
    await reader.add(id);
    const cases: [unknown, string][] = [
      [{ finishedAt: '2023-02-30' }, 'finishedAt'],
      [{ finishedAt: 'yesterday' }, 'finishedAt'],
      [{ startedAt: '2023-05-02', finishedAt: '2023-05-01' }, 'finishedAt'],
      [{ finishedAt: '2999-01-01' }, 'finishedAt'],
      [{ startedAt: '2999-01-01', finishedAt: '2999-01-02' }, 'startedAt'],
      [{ finishedAt: '2023-01-01', outcome: 'abandoned' }, 'outcome'],
    ];
    for (const [body, field] of cases) {
      const res = await reader.addRead(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const am = await server.request<ErrorBody>(`/api/reading-list/${id}/reads`, {
      token: reader.token,
      lang: 'am',
      body: { startedAt: '2023-05-02', finishedAt: '2023-05-01' },
    });
    expect(am.body.error.fields?.finishedAt).toBe('የማጠናቀቂያው ቀን ከመጀመሪያው ቀን በፊት ሊሆን አይችልም');

    const reading = await reader.patch(id, { status: 'currentlyReading' });
    const open = reading.body.reads[0]!;
    expect(open.outcome).toBeNull();
    expect((await reader.removeRead(id, open.id)).status).toBe(409);
    expect((await reader.patchRead(id, open.id, { finishedAt: '2023-01-01' })).status).toBe(409);
    expect((await reader.addRead('no-such-book', { finishedAt: '2023-01-01' })).status).toBe(404);
  });
});

describe('progress updates', () => {
  it('records pages or percentages with notes as a timeline, moving the page reached', async () => {
    const reader = await newReader();
    const { id, pageCount } = book(5);
    await reader.add(id);
    expect((await reader.progress(id, { page: 3 })).status).toBe(409);
    await reader.patch(id, { status: 'currentlyReading' });

    const p1 = await reader.progress(id, { page: 10, note: '  Slow start.  ' });
    expect(p1.status).toBe(201);
    expect(p1.body.currentPage).toBe(10);
    const p2 = await reader.progress(id, { percent: 50 });
    expect(p2.body.currentPage).toBe(Math.round(pageCount / 2));
    const timeline = p2.body.reads[0]!.progress;
    expect(timeline.map((p) => [p.page, p.percent, p.note])).toEqual([
      [10, null, 'Slow start.'],
      [null, 50, null],
    ]);

    for (const [body, field] of [
      [{}, 'page'],
      [{ page: 1, percent: 5 }, 'page'],
      [{ percent: 101 }, 'percent'],
      [{ page: pageCount + 1 }, 'page'],
      [{ page: 1, note: 'x'.repeat(281) }, 'note'],
    ] as const) {
      const res = await reader.progress(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toHaveProperty(field);
    }

    const removed = await reader.removeProgress(id, timeline[0]!.id);
    expect(removed.body.reads[0]!.progress).toHaveLength(1);
    expect((await reader.removeProgress(id, timeline[0]!.id)).status).toBe(404);

    // The timeline stays with the read once it ends.
    const done = await reader.patch(id, { status: 'completed' });
    expect(done.body.reads[0]!.progress.map((p) => p.percent)).toEqual([50]);

    // Another reader cannot see or touch it.
    const other = await newReader();
    expect((await other.removeProgress(id, timeline[1]!.id)).status).toBe(404);
    expect((await other.progress(id, { page: 1 })).status).toBe(404);
  });
});

describe('shelves', () => {
  it('holds books of the list on several shelves and filters the list by shelf', async () => {
    const reader = await newReader();
    const [a, b, c] = [book(0).id, book(1).id, book(2).id];
    for (const id of [a, b, c]) await reader.add(id);
    const owned = await reader.createShelf('  Owned   books ');
    expect(owned.status).toBe(201);
    expect(owned.body).toMatchObject({ name: 'Owned books', bookCount: 0 });
    const club = (await reader.createShelf('Book club picks')).body;

    expect((await reader.createShelf('owned BOOKS')).status).toBe(409);
    const empty = await reader.createShelf('   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toHaveProperty('name');
    expect((await reader.createShelf('x'.repeat(61))).status).toBe(400);

    expect((await reader.shelve(owned.body.id, a)).status).toBe(204);
    expect((await reader.shelve(owned.body.id, a)).status).toBe(204); // again is fine
    await reader.shelve(owned.body.id, b);
    await reader.shelve(club.id, a);
    const notListed = await reader.shelve(club.id, book(3).id);
    expect(notListed.status).toBe(404);
    expect(notListed.body.error.message).toBe(
      'Add the book to your reading list before putting it on a shelf',
    );

    const shelves = await reader.shelves();
    expect(shelves.body.items.map((s) => [s.name, s.bookCount])).toEqual([
      ['Book club picks', 1],
      ['Owned books', 2],
    ]);
    const filtered = await reader.list(owned.body.id);
    expect([...filtered.body.wantToRead.map((e) => e.bookId)].sort()).toEqual([a, b].sort());
    const full = await reader.list();
    const entryA = full.body.wantToRead.find((e) => e.bookId === a)!;
    expect(entryA.shelves.map((s) => s.name)).toEqual(['Book club picks', 'Owned books']);
    expect(full.body.wantToRead.find((e) => e.bookId === c)!.shelves).toEqual([]);

    expect((await reader.renameShelf(club.id, 'Club picks')).body.name).toBe('Club picks');
    expect((await reader.renameShelf(club.id, 'Owned Books')).status).toBe(409);
    expect((await reader.unshelve(owned.body.id, b)).status).toBe(204);
    expect((await reader.unshelve(owned.body.id, b)).status).toBe(404);
    expect((await reader.deleteShelf(club.id)).status).toBe(204);
    expect((await reader.list()).body.wantToRead).toHaveLength(3);
    expect((await reader.list(club.id)).status).toBe(404);
  });

  it('are private: another reader can neither see nor change them', async () => {
    const alice = await newReader();
    const bob = await newReader();
    const { id } = book(0);
    await alice.add(id);
    await bob.add(id);
    const shelf = (await alice.createShelf('Secret')).body;
    await alice.shelve(shelf.id, id);

    expect((await bob.shelves()).body.items).toEqual([]);
    expect((await bob.list(shelf.id)).status).toBe(404);
    expect((await bob.renameShelf(shelf.id, 'Mine now')).status).toBe(404);
    expect((await bob.shelve(shelf.id, id)).status).toBe(404);
    expect((await bob.unshelve(shelf.id, id)).status).toBe(404);
    expect((await bob.deleteShelf(shelf.id)).status).toBe(404);
    expect((await bob.list()).body.wantToRead[0]!.shelves).toEqual([]);
    // The same name is free for Bob.
    expect((await bob.createShelf('Secret')).status).toBe(201);

    expect((await alice.shelves()).body.items).toEqual([
      expect.objectContaining({ id: shelf.id, name: 'Secret', bookCount: 1 }),
    ]);
    const anonymous = await server.request<ErrorBody>('/api/shelves');
    expect(anonymous.status).toBe(401);
  });

  it('lets an importer ensure a shelf by name and add books (the Goodreads path)', async () => {
    const { token, response } = await signUp(server);
    const reader = client(token);
    const user = { id: response.user.id };
    const { id } = book(1);
    await reader.add(id);
    const shelves = server.app.services.shelves;
    const first = await shelves.ensure(user.id, 'to-buy');
    const again = await shelves.ensure(user.id, 'TO-BUY');
    expect(again.id).toBe(first.id);
    await shelves.addBook(user.id, first.id, id);
    expect((await reader.list(first.id)).body.wantToRead.map((e) => e.bookId)).toEqual([id]);
    await expect(shelves.ensure(user.id, '  ')).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

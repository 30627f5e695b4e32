import type { ErrorBody, Goal, ReadingStats } from '@nebab/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books } from '../../db/schema/index.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

/**
 * Stats and goal for a reader with a known history (exact figures). Five books are given known
 * facts; the reads are logged with their dates:
 *
 *   B1 300 p. fantasy+fiction, en, Author A   finished 2024-01-15 (from 01-05) and again 2024-12-31 22:30 UTC (from 12-01)
 *   B2 100 p. fiction, am, Author B            finished 2024-03-01 (same day) and again 2025-02-01 (from 01-20)
 *   B3 500 p. history, fr, Author A (C, her translator, among its authors)   finished 2024-04-09 (from 03-10)
 *   B4 unknown length, poetry, en, Author B    finished 2023-06-15 (no start)
 *   B5 250 p. mystery, en                      given up 2024-05-10 at page 80 (from 05-01)
 * Reviews: B1 5★, B2 2★, B3 4★ (written today).
 */
let server: TestServer;
let ids: string[];
let token: string;

const request = <T>(path: string, options: { method?: string; body?: unknown; token?: string } = {}) =>
  server.request<T & ErrorBody>(path, { token, ...options });

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const rows = await server.db
    .select({ id: books.id })
    .from(books)
    .where(eq(books.status, 'active'))
    .orderBy(asc(books.id))
    .limit(5);
  ids = rows.map((row) => row.id);
  const facts = [
    { pageCount: 300, genres: ['fantasy', 'fiction'], language: 'en', authors: ['Author A'] },
    { pageCount: 100, genres: ['fiction'], language: 'am', authors: ['Author B'] },
    { pageCount: 500, genres: ['history'], language: 'fr', authors: ['Author A', 'Author C'] },
    { pageCount: null, genres: ['poetry'], language: 'en', authors: ['Author B'] },
    { pageCount: 250, genres: ['mystery'], language: 'en', authors: ['Author D'] },
    // Each book's primary author is its first (B3's second author, C, translated it).
  ].map((fact) => ({ ...fact, primaryAuthor: fact.authors[0]! }));
  for (const [i, fact] of facts.entries())
    await server.db
      .update(books)
      .set({ ...fact, title: `Book ${i + 1}` })
      .where(eq(books.id, ids[i]!));
  expect(
    await server.db
      .select({ id: books.id })
      .from(books)
      .where(and(inArray(books.id, ids))),
  ).toHaveLength(5);

  token = (await signUp(server)).token;
  const logs: [number, unknown][] = [
    [0, { startedAt: '2024-01-05', finishedAt: '2024-01-15' }],
    [0, { startedAt: '2024-12-01', finishedAt: '2024-12-31T22:30:00Z' }],
    [1, { startedAt: '2024-03-01', finishedAt: '2024-03-01' }],
    [1, { startedAt: '2025-01-20', finishedAt: '2025-02-01' }],
    [2, { startedAt: '2024-03-10', finishedAt: '2024-04-09' }],
    [3, { finishedAt: '2023-06-15' }],
    [4, { startedAt: '2024-05-01', finishedAt: '2024-05-10', outcome: 'didNotFinish', stoppedPage: 80 }],
  ];
  for (const id of ids)
    expect((await request('/api/reading-list', { body: { bookId: id, status: 'wantToRead' } })).status).toBe(
      201,
    );
  for (const [i, body] of logs)
    expect((await request(`/api/reading-list/${ids[i]}/reads`, { body })).status).toBe(201);
  for (const [i, rating] of [
    [0, 5],
    [1, 2],
    [2, 4],
  ] as const)
    expect(
      (await request(`/api/books/${ids[i]}/reviews`, { body: { rating, comment: 'Noted.' } })).status,
    ).toBe(201);
});

afterAll(() => server?.close());

const stats = (query = '') => request<ReadingStats>(`/api/me/stats${query}`);
const ref = (i: number, pageCount: number) => ({ bookId: ids[i], title: `Book ${i + 1}`, pageCount });

describe('GET /api/me/stats', () => {
  it('gives the exact figures of a year (Gregorian, UTC)', async () => {
    const res = await stats('?year=2024');
    expect(res.status).toBe(200);
    const month = (m: number, books: number, pages: number, didNotFinish = 0) => ({
      month: m,
      books,
      pages,
      didNotFinish,
    });
    expect(res.body).toEqual({
      booksRead: 4,
      readingList: 5,
      reviewsWritten: 3,
      didNotFinish: 1,
      period: { year: 2024, calendar: 'gregorian' },
      years: [2025, 2024, 2023],
      totals: {
        books: 4,
        pages: 1200,
        didNotFinish: 1,
        distinctBooks: 3,
        rereads: 1,
        dnfRate: 0.2,
        averagePages: 300,
        averageDaysPerBook: 17.8, // (10 + 1 + 30 + 30) / 4
      },
      months: [
        month(1, 1, 300),
        month(2, 0, 0),
        month(3, 1, 100),
        month(4, 1, 500),
        month(5, 0, 0, 1),
        month(6, 0, 0),
        month(7, 0, 0),
        month(8, 0, 0),
        month(9, 0, 0),
        month(10, 0, 0),
        month(11, 0, 0),
        month(12, 1, 300),
      ],
      byYear: [{ year: 2024, books: 4, pages: 1200, didNotFinish: 1 }],
      genres: [
        { genre: 'fiction', books: 3 },
        { genre: 'fantasy', books: 2 },
        { genre: 'history', books: 1 },
      ],
      languages: { en: 2, am: 1, other: 1 },
      ratings: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: 0 })),
      averageRating: null,
      longest: ref(2, 500),
      shortest: ref(1, 100),
      // Primary authors only: C, B3's translator, is not a favourite author for it.
      favouriteAuthors: [
        { author: 'Author A', books: 3 },
        { author: 'Author B', books: 1 },
      ],
    });
  });

  it('gives all time without a year, with the ratings given', async () => {
    const res = await stats();
    expect(res.body.period).toEqual({ year: null, calendar: 'gregorian' });
    expect(res.body.totals).toEqual({
      books: 6,
      pages: 1300,
      didNotFinish: 1,
      distinctBooks: 4,
      rereads: 2,
      dnfRate: 0.1429,
      averagePages: 260,
      averageDaysPerBook: 16.6, // (10 + 1 + 30 + 30 + 12) / 5; B4 has no start
    });
    expect(res.body.months).toEqual([]);
    expect(res.body.byYear).toEqual([
      { year: 2023, books: 1, pages: 0, didNotFinish: 0 },
      { year: 2024, books: 4, pages: 1200, didNotFinish: 1 },
      { year: 2025, books: 1, pages: 100, didNotFinish: 0 },
    ]);
    expect(res.body.languages).toEqual({ en: 3, am: 2, other: 1 });
    expect(res.body.ratings).toEqual([
      { rating: 1, count: 0 },
      { rating: 2, count: 1 },
      { rating: 3, count: 0 },
      { rating: 4, count: 1 },
      { rating: 5, count: 1 },
    ]);
    expect(res.body.averageRating).toBe(3.67);
    expect(res.body.favouriteAuthors).toEqual([
      { author: 'Author A', books: 3 },
      { author: 'Author B', books: 3 },
    ]);
    expect(res.body.longest).toEqual(ref(2, 500));
  });

  it("counts on the reader's clock: 22:30 UTC on 31 December is already 2025 in Addis Ababa", async () => {
    const utc = (await stats('?year=2025')).body.totals.books;
    const addis = await stats('?year=2025&tz=Africa/Addis_Ababa');
    expect(utc).toBe(1);
    expect(addis.body.totals).toMatchObject({ books: 2, pages: 400 });
    expect(addis.body.months[0]).toEqual({ month: 1, books: 1, pages: 300, didNotFinish: 0 });
    expect((await stats('?year=2024&tz=Africa/Addis_Ababa')).body.totals.books).toBe(3);
  });

  it('counts Ethiopian years and 13 months with calendar=ethiopic', async () => {
    // Ethiopian 2016 ran from 12 September 2023 to 10 September 2024.
    const res = await stats('?year=2016&calendar=ethiopic');
    expect(res.body.period).toEqual({ year: 2016, calendar: 'ethiopic' });
    expect(res.body.years).toEqual([2017, 2016, 2015]);
    expect(res.body.months).toHaveLength(13);
    expect(res.body.months.filter((m) => m.books || m.didNotFinish)).toEqual([
      { month: 5, books: 1, pages: 300, didNotFinish: 0 }, // 2024-01-15 = 6 Tir 2016
      { month: 6, books: 1, pages: 100, didNotFinish: 0 }, // 2024-03-01 = 22 Yekatit
      { month: 8, books: 1, pages: 500, didNotFinish: 0 }, // 2024-04-09 = 1 Miyazia
      { month: 9, books: 0, pages: 0, didNotFinish: 1 }, // 2024-05-10 = 2 Ginbot
    ]);
    expect(res.body.totals).toMatchObject({ books: 3, pages: 900, didNotFinish: 1 });
  });

  it('opens on the latest year with reading when this year has none (year=latest)', async () => {
    // This year (2026 or later) has no ended read: the latest year that has one is 2025.
    const latest = await stats('?year=latest');
    expect(latest.status).toBe(200);
    expect(latest.body.period).toEqual({ year: 2025, calendar: 'gregorian' });
    expect(latest.body.totals).toMatchObject({ books: 1, pages: 100 });
    expect(latest.body.months).toHaveLength(12);
    // In the Ethiopian calendar, 1 February 2025 is in 2017.
    const ethiopic = await stats('?year=latest&calendar=ethiopic');
    expect(ethiopic.body.period).toEqual({ year: 2017, calendar: 'ethiopic' });
    expect(ethiopic.body.totals.books).toBe(2); // 31 December 2024 and 1 February 2025
    // A reader who never ended a read opens on this year.
    const other = (await signUp(server)).token;
    const yearBefore = new Date().getUTCFullYear(); // the request may straddle New Year
    const theirs = await server.request<ReadingStats>('/api/me/stats?year=latest', { token: other });
    expect([yearBefore, new Date().getUTCFullYear()]).toContain(theirs.body.period.year);
  });

  it('refuses a bad year, calendar or time zone, and needs a session', async () => {
    for (const query of [
      '?year=1800',
      '?year=20x4',
      '?year=newest',
      '?calendar=julian',
      '?tz=Mars/Olympus',
    ]) {
      const res = await stats(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await server.request<ErrorBody>('/api/me/stats')).status).toBe(401);
  });

  it('shows another reader nothing of this one', async () => {
    const other = (await signUp(server)).token;
    const res = await server.request<ReadingStats>('/api/me/stats', { token: other });
    expect(res.body).toMatchObject({
      booksRead: 0,
      readingList: 0,
      years: [],
      totals: { books: 0, dnfRate: 0 },
    });
  });
});

describe('PUT and GET /api/me/goal', () => {
  it('sets a yearly goal of books and pages and reports the progress', async () => {
    const none = await request<Goal>('/api/me/goal?year=2024');
    expect(none.body).toEqual({ year: 2024, books: null, pages: null, progress: { books: 4, pages: 1200 } });

    const set = await request<Goal>('/api/me/goal', {
      method: 'PUT',
      body: { year: 2024, books: 5, pages: 2000 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ year: 2024, books: 5, pages: 2000, progress: { books: 4, pages: 1200 } });
    expect((await request<Goal>('/api/me/goal?year=2024')).body.books).toBe(5);

    // Replacing it without pages clears them.
    const books = await request<Goal>('/api/me/goal', { method: 'PUT', body: { year: 2024, books: 12 } });
    expect(books.body).toMatchObject({ books: 12, pages: null });

    const other = (await signUp(server)).token;
    const theirs = await server.request<Goal>('/api/me/goal?year=2024', { token: other });
    expect(theirs.body).toEqual({ year: 2024, books: null, pages: null, progress: { books: 0, pages: 0 } });

    const yearBefore = new Date().getUTCFullYear(); // the request may straddle New Year
    const current = await request<Goal>('/api/me/goal');
    expect([yearBefore, new Date().getUTCFullYear()]).toContain(current.body.year);

    expect((await request('/api/me/goal?year=2024', { method: 'DELETE' })).status).toBe(204);
    expect((await request('/api/me/goal?year=2024', { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses goals out of range with the field named, in both languages', async () => {
    const cases: [unknown, string][] = [
      [{ year: 2024, books: 0 }, 'books'],
      [{ year: 2024, books: 1001 }, 'books'],
      [{ year: 2024, books: 2.5 }, 'books'],
      [{ year: 2024 }, 'books'],
      [{ year: 2024, books: 3, pages: 0 }, 'pages'],
      [{ year: 1800, books: 3 }, 'year'],
    ];
    for (const [body, field] of cases) {
      const res = await request('/api/me/goal', { method: 'PUT', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const am = await server.request<ErrorBody>('/api/me/goal', {
      method: 'PUT',
      token,
      lang: 'am',
      body: { year: 2024, books: 0 },
    });
    expect(am.body.error.fields?.books).toBe('ከ1 እስከ 1,000 መጻሕፍት ይምረጡ');
    expect(
      (await server.request<ErrorBody>('/api/me/goal', { method: 'PUT', body: { year: 2024, books: 3 } }))
        .status,
    ).toBe(401);
  });
});

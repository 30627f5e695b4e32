import { goalInputSchema, goalQuerySchema, statsQuerySchema } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReader } from '../../../test/factories.js';
import { startServices, type ServiceHarness } from '../../../test/services-harness.js';
import { arrangeHistory, ref as bookRef, type History } from './reading-stats.fixture.js';

/**
 * The figures of the stats and the goal's progress, on the service (reading-stats.test.ts keeps what
 * HTTP adds: the answer as served, validation, sessions). The history is reading-stats.fixture.ts.
 */
let harness: ServiceHarness;
let history: History;

beforeAll(async () => {
  harness = await startServices();
  history = await arrangeHistory(harness.db, harness.services);
});
afterAll(() => harness?.close());

/** The stats as `GET /api/me/stats?<query>` asks them (the route parses the query with this schema). */
const stats = async (query: Record<string, string> = {}) => ({
  body: await harness.services.readingStats.stats(history.reader.actor, statsQuerySchema.parse(query)),
});
const ref = (i: number, pageCount: number) => bookRef(history.ids, i, pageCount);
const q = (text: string) => Object.fromEntries(new URLSearchParams(text));

describe('reading stats', () => {
  it('gives the exact figures of a year (Gregorian, UTC)', async () => {
    const res = await stats(q('?year=2024'));
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
    const utc = (await stats(q('?year=2025'))).body.totals.books;
    const addis = await stats(q('?year=2025&tz=Africa/Addis_Ababa'));
    expect(utc).toBe(1);
    expect(addis.body.totals).toMatchObject({ books: 2, pages: 400 });
    expect(addis.body.months[0]).toEqual({ month: 1, books: 1, pages: 300, didNotFinish: 0 });
    expect((await stats(q('?year=2024&tz=Africa/Addis_Ababa'))).body.totals.books).toBe(3);
  });

  it('counts Ethiopian years and 13 months with calendar=ethiopic', async () => {
    // Ethiopian 2016 ran from 12 September 2023 to 10 September 2024.
    const res = await stats(q('?year=2016&calendar=ethiopic'));
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
    const latest = await stats(q('?year=latest'));
    expect(latest.body.period).toEqual({ year: 2025, calendar: 'gregorian' });
    expect(latest.body.totals).toMatchObject({ books: 1, pages: 100 });
    expect(latest.body.months).toHaveLength(12);
    // In the Ethiopian calendar, 1 February 2025 is in 2017.
    const ethiopic = await stats(q('?year=latest&calendar=ethiopic'));
    expect(ethiopic.body.period).toEqual({ year: 2017, calendar: 'ethiopic' });
    expect(ethiopic.body.totals.books).toBe(2); // 31 December 2024 and 1 February 2025
    // A reader who never ended a read opens on this year.
    const other = await buildReader(harness.db);
    const yearBefore = new Date().getUTCFullYear(); // the call may straddle New Year
    const theirs = await harness.services.readingStats.stats(
      other.actor,
      statsQuerySchema.parse({ year: 'latest' }),
    );
    expect([yearBefore, new Date().getUTCFullYear()]).toContain(theirs.period.year);
  });

  it('shows another reader nothing of this one', async () => {
    const other = await buildReader(harness.db);
    expect(await harness.services.readingStats.stats(other.actor, statsQuerySchema.parse({}))).toMatchObject({
      booksRead: 0,
      readingList: 0,
      years: [],
      totals: { books: 0, dnfRate: 0 },
    });
  });
});

describe('the yearly goal', () => {
  it('reports the progress of a year, sets, replaces and removes a goal, for its reader alone', async () => {
    const { readingStats } = harness.services;
    const { actor } = history.reader;
    expect(await readingStats.goal(actor, goalQuerySchema.parse({ year: '2024' }))).toEqual({
      year: 2024,
      books: null,
      pages: null,
      progress: { books: 4, pages: 1200 },
    });
    expect(
      await readingStats.setGoal(actor, goalInputSchema.parse({ year: 2024, books: 5, pages: 2000 }), 'UTC'),
    ).toEqual({
      year: 2024,
      books: 5,
      pages: 2000,
      progress: { books: 4, pages: 1200 },
    });
    // Replacing it without pages clears them.
    expect(
      await readingStats.setGoal(actor, goalInputSchema.parse({ year: 2024, books: 12 }), 'UTC'),
    ).toMatchObject({
      books: 12,
      pages: null,
    });
    const other = await buildReader(harness.db);
    expect(await readingStats.goal(other.actor, goalQuerySchema.parse({ year: '2024' }))).toEqual({
      year: 2024,
      books: null,
      pages: null,
      progress: { books: 0, pages: 0 },
    });
    const yearBefore = new Date().getUTCFullYear(); // the call may straddle New Year
    const current = await readingStats.goal(actor, goalQuerySchema.parse({}));
    expect([yearBefore, new Date().getUTCFullYear()]).toContain(current.year);
  });
});

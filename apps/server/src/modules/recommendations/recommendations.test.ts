import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ErrorBody, RecommendationsResponse } from '@nebab/shared';
import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books } from '../../db/schema/index.js';
import { coReadingScores } from './recommendations.service.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;

/**
 * The fixture catalogue plus synthetic ratings: readers 1–40 love goodbooks 1–10, readers 41–80
 * love 11–20, so a reader of book 1 is recommended 2–10 "because" of it.
 */
function writeCatalogWithRatings(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nebab-recs-'));
  cpSync(writeFixtureCatalog(), dir, { recursive: true });
  const lines = ['book_id,user_id,rating'];
  for (let book = 1; book <= 20; book++) {
    const first = book <= 10 ? 1 : 41;
    for (let user = first; user < first + 40; user++) lines.push(`${book},${user},5`);
  }
  writeFileSync(path.join(dir, 'ratings.csv.gz'), gzipSync(lines.join('\n') + '\n'));
  return dir;
}

beforeAll(async () => {
  const catalogDir = writeCatalogWithRatings();
  server = await startTestServer({
    catalogDir,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'nebab-recs-data-')),
  });
  await ensureCatalog(server.db, { catalogDir, catalogEthiopianShopContent: false });
});
afterAll(() => server?.close());

const recommendations = (token: string, query = '') =>
  server.request<RecommendationsResponse & ErrorBody>(`/api/recommendations${query}`, { token });
const putPreferences = (token: string, body: unknown) =>
  server.request('/api/preferences', { method: 'PUT', token, body });

describe('GET /api/recommendations', () => {
  it('answers 401 when signed out', async () => {
    expect((await server.request('/api/recommendations')).status).toBe(401);
  });

  it('recommends popular books of the preferred genres to a new reader', async () => {
    const { token } = await signUp(server);
    expect((await putPreferences(token, { languages: ['en'], genres: ['fantasy'] })).status).toBe(200);
    const res = await recommendations(token);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.length).toBeLessThanOrEqual(12);
    const reasons = res.body.items.map((i) => i.reason);
    expect(reasons[0]).toEqual({ kind: 'popularInGenre', genre: 'fantasy' });
    const rows = await server.db
      .select({ id: books.id, genres: books.genres })
      .from(books)
      .where(
        inArray(
          books.id,
          res.body.items.map((i) => i.id),
        ),
      );
    const fantasy = rows.filter((r) => r.genres.includes('fantasy')).map((r) => r.id);
    expect(fantasy).toContain(res.body.items[0]!.id);
    for (const item of res.body.items) {
      expect(item.title).toBeTruthy();
      expect(Array.isArray(item.coverCandidates)).toBe(true);
      if (item.reason.kind === 'popularInGenre' && item.reason.genre === 'fantasy')
        expect(fantasy).toContain(item.id);
    }
    expect((await recommendations(token, '?limit=3')).body.items).toHaveLength(3);
    expect((await recommendations(token, '?limit=51')).status).toBe(400);
  });

  it('gives an Amharic reader Amharic books', async () => {
    const { token } = await signUp(server);
    expect((await putPreferences(token, { languages: ['am'], genres: ['fiction'] })).status).toBe(200);
    const res = await recommendations(token);
    expect(res.status).toBe(200);
    const rows = await server.db
      .select({ id: books.id, language: books.language })
      .from(books)
      .where(
        inArray(
          books.id,
          res.body.items.map((i) => i.id),
        ),
      );
    expect(rows.filter((r) => r.language === 'am').length).toBeGreaterThan(0);
    expect(rows.find((r) => r.id === res.body.items[0]!.id)?.language).toBe('am');
  });

  it('recommends "because" of the reading list and never a listed book', async () => {
    const { token } = await signUp(server);
    expect((await putPreferences(token, { languages: ['en'], genres: ['fantasy'] })).status).toBe(200);
    for (const bookId of ['1', '2'])
      expect(
        (await server.request('/api/reading-list', { token, body: { bookId, status: 'wantToRead' } })).status,
      ).toBe(201);
    const started = performance.now();
    const res = await recommendations(token, '?limit=20');
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    const ids = res.body.items.map((i) => i.id);
    expect(ids).not.toContain('1');
    expect(ids).not.toContain('2');
    const because = res.body.items.filter((i) => i.reason.kind === 'because');
    expect(because.length).toBeGreaterThan(0);
    for (const item of because) {
      expect(['1', '2']).toContain(item.reason.bookId);
      expect(item.reason.bookTitle).toBeTruthy();
      expect(Number(item.id)).toBeLessThanOrEqual(10);
    }
    // Timing of one list (model already loaded), printed for the record.
    const again = performance.now();
    await recommendations(token, '?limit=20');
    console.info(
      `recommendations: first ${ms.toFixed(1)} ms, warm ${(performance.now() - again).toFixed(1)} ms`,
    );
  });
});

describe('what the reader did with a book', () => {
  const listed = async (token: string, bookId: string, status?: string) => {
    expect(
      (await server.request('/api/reading-list', { token, body: { bookId, status: 'wantToRead' } })).status,
    ).toBe(201);
    if (status === 'didNotFinish')
      await server.request(`/api/reading-list/${bookId}`, {
        method: 'PATCH',
        token,
        body: { status: 'currentlyReading' },
      });
    if (status)
      expect(
        (await server.request(`/api/reading-list/${bookId}`, { method: 'PATCH', token, body: { status } }))
          .status,
      ).toBe(200);
  };
  const secondTaste = (id: string) => Number(id) >= 12 && Number(id) <= 20;

  it('names the reason ("Because you finished …") and lets a book given up count against similar ones', async () => {
    const finished = await signUp(server);
    await putPreferences(finished.token, { languages: ['en'], genres: ['fantasy'] });
    await listed(finished.token, '1', 'completed');
    await listed(finished.token, '11', 'completed');
    const both = (await recommendations(finished.token, '?limit=30')).body.items;
    const fromEleven = both.filter((i) => i.reason.kind === 'because' && i.reason.bookId === '11');
    expect(fromEleven.length).toBeGreaterThan(0);
    for (const item of fromEleven) expect(item.reason.relation).toBe('finished');

    const gaveUp = await signUp(server);
    await putPreferences(gaveUp.token, { languages: ['en'], genres: ['fantasy'] });
    await listed(gaveUp.token, '1', 'completed');
    await listed(gaveUp.token, '11', 'didNotFinish');
    const items = (await recommendations(gaveUp.token, '?limit=30')).body.items;
    expect(items.filter((i) => i.reason.kind === 'because' && i.reason.bookId === '11')).toEqual([]);
    expect(items.filter((i) => i.reason.kind === 'because').every((i) => i.reason.bookId === '1')).toBe(true);
    const rank = (list: typeof items) => list.findIndex((i) => secondTaste(i.id));
    const worst = rank(items) === -1 ? Infinity : rank(items);
    expect(worst).toBeGreaterThan(rank(both));
  });

  it('counts a 1–2★ review against similar books', async () => {
    const reader = await signUp(server);
    await putPreferences(reader.token, { languages: ['en'], genres: ['fantasy'] });
    await listed(reader.token, '1', 'completed');
    expect(
      (
        await server.request('/api/books/11/reviews', {
          token: reader.token,
          body: { rating: 1, comment: 'Not for me.' },
        })
      ).status,
    ).toBe(201);
    const items = (await recommendations(reader.token, '?limit=30')).body.items;
    expect(items.filter((i) => i.reason.kind === 'because' && i.reason.bookId === '11')).toEqual([]);
    expect(items.some((i) => i.reason.kind === 'because' && i.reason.bookId === '1')).toBe(true);
  });
});

describe('live co-reading among Nebab readers', () => {
  const add = async (token: string, bookId: string) =>
    expect(
      (await server.request('/api/reading-list', { token, body: { bookId, status: 'wantToRead' } })).status,
    ).toBe(201);

  it('recommends what readers of the same (non-goodbooks) book also read, at once', async () => {
    const ethiopian = await server.db
      .select({ id: books.id, title: books.title })
      .from(books)
      .where(eq(books.source, 'ethiopian'))
      .orderBy(books.id)
      .limit(3);
    expect(ethiopian).toHaveLength(3);
    const [seed, together, other] = ethiopian as [
      (typeof ethiopian)[0],
      (typeof ethiopian)[0],
      (typeof ethiopian)[0],
    ];

    const reader = await signUp(server);
    expect(
      (await putPreferences(reader.token, { languages: ['en', 'am'], genres: ['history'] })).status,
    ).toBe(200);
    await add(reader.token, seed.id);
    const before = (await recommendations(reader.token, '?limit=50')).body.items;
    expect(before.find((i) => i.id === together.id)?.reason.kind).not.toBe('because');

    // Three other readers like the seed and `together`; one of them also `other`.
    for (let i = 0; i < 3; i++) {
      const peer = await signUp(server);
      await add(peer.token, seed.id);
      await add(peer.token, together.id);
      if (i === 0) await add(peer.token, other.id);
    }
    const after = (await recommendations(reader.token, '?limit=50')).body.items;
    const ids = after.map((i) => i.id);
    const hit = after.find((i) => i.id === together.id);
    expect(hit?.reason).toEqual({
      kind: 'because',
      bookId: seed.id,
      bookTitle: seed.title,
      relation: 'wantToRead',
    });
    expect(ids.indexOf(together.id)).toBeLessThan(ids.includes(other.id) ? ids.indexOf(other.id) : Infinity);
    expect(ids).not.toContain(seed.id);
  });

  it('scores by shrunk cosine, names the strongest seed and skips excluded books', () => {
    const scores = coReadingScores(
      [
        { seed: 'a', candidate: 'x', together: 8, seedReaders: 10, candidateReaders: 10 },
        { seed: 'b', candidate: 'x', together: 1, seedReaders: 1, candidateReaders: 10 },
        { seed: 'a', candidate: 'y', together: 1, seedReaders: 10, candidateReaders: 1 },
        { seed: 'a', candidate: 'z', together: 5, seedReaders: 10, candidateReaders: 5 },
      ],
      new Map([
        ['a', 1],
        ['b', 1],
      ]),
      new Set(['z']),
    );
    expect(scores.get('x')?.because).toBe('a');
    expect(scores.get('x')!.score).toBeGreaterThan(scores.get('y')!.score);
    expect(scores.get('y')!.score).toBeCloseTo((1 / Math.sqrt(10)) * (1 / 3), 6);
    expect(scores.has('z')).toBe(false);
    for (const { score } of scores.values()) expect(score).toBeLessThanOrEqual(1);
  });
});

describe('age group', () => {
  it("puts children's books first for a young reader and keeps them away from adults", async () => {
    const children = await server.db
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.status, 'active'), arrayContains(books.genres, ['children'])));
    const childIds = new Set(children.map((c) => c.id));
    expect(childIds.size).toBeGreaterThan(0);

    const young = await signUp(server);
    await putPreferences(young.token, { languages: ['en'], genres: ['fantasy'], ageGroup: 'children' });
    const forYoung = (await recommendations(young.token, '?limit=5')).body.items;
    expect(childIds.has(forYoung[0]!.id)).toBe(true);

    const adult = await signUp(server);
    await putPreferences(adult.token, { languages: ['en'], genres: ['fantasy'], ageGroup: 'adult' });
    const forAdult = (await recommendations(adult.token, '?limit=10')).body.items;
    expect(forAdult.filter((i) => childIds.has(i.id))).toHaveLength(0);
  });
});

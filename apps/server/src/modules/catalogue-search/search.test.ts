import type { ErrorBody, SearchResponse } from '@nebab/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { selectRows } from '../../db/sql-helpers.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
});
afterAll(() => server?.close());

const search = (query: string) => server.request<SearchResponse>(`/api/search?${query}`);
const titles = (res: { body: SearchResponse }) => res.body.items.map((item) => item.volumeInfo.title);

describe('GET /api/search', () => {
  it('answers nothing for a blank query without filters', async () => {
    const res = await search('q=%20%20');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [],
      totalItems: 0,
      rawTotal: 0,
      correction: null,
      match: null,
      closest: [],
    });
  });

  it('finds Harry Potter despite a typo, on the first page', async () => {
    const res = await search('q=hary%20potter');
    expect(res.status).toBe(200);
    expect(titles(res)[0]).toMatch(/^Harry Potter/);
    expect(titles(res).filter((t) => t.startsWith('Harry Potter')).length).toBeGreaterThanOrEqual(6);
  });

  it('matches prefixes and authors', async () => {
    expect(titles(await search('q=hung'))).toContain('The Hunger Games');
    expect(titles(await search('q=rowl')).some((t) => t.startsWith('Harry Potter'))).toBe(true);
  });

  it("matches Ge'ez titles", async () => {
    const res = await search(`q=${encodeURIComponent('ፍቅር')}`);
    expect(titles(res)).toContain('ፍቅር እስከ መቃብር');
    expect(titles(res)[0]).toBe('ፍቅር እስከ መቃብር');
  });

  it('shapes items as spec §3 search items', async () => {
    const res = await search('q=hunger%20games&pageSize=1');
    const item = res.body.items[0]!;
    expect(item).toMatchObject({
      id: '1',
      volumeInfo: {
        title: 'The Hunger Games',
        authors: ['Suzanne Collins'],
        publishedDate: '2008',
        language: 'en',
      },
    });
    expect(item.volumeInfo.categories).toContain('young-adult');
    expect(item.volumeInfo.imageLinks.thumbnail).toMatch(
      /^https:\/\/covers\.openlibrary\.org\/b\/isbn\/\d+-M\.jpg\?default=false$/,
    );
    expect(item.volumeInfo.imageLinks.candidates.length).toBeGreaterThanOrEqual(2);
  });

  it('counts rawTotal before the filters and totalItems after', async () => {
    const raw = await search('q=harry');
    const filtered = await search('q=harry&yearFrom=2000');
    expect(filtered.body.rawTotal).toBe(raw.body.totalItems);
    expect(filtered.body.totalItems).toBeLessThan(filtered.body.rawTotal);
    expect(filtered.body.items.every((i) => Number(i.volumeInfo.publishedDate) >= 2000)).toBe(true);
  });

  it('filters one by one', async () => {
    const genre = await search('genre=fantasy&pageSize=48');
    expect(genre.body.totalItems).toBeGreaterThan(5);
    expect(genre.body.items.every((i) => i.volumeInfo.categories.includes('fantasy'))).toBe(true);

    const language = await search('language=am&pageSize=48');
    expect(language.body.totalItems).toBeGreaterThan(30);
    expect(language.body.items.every((i) => i.volumeInfo.language === 'am')).toBe(true);

    const author = await search('author=rowling');
    expect(author.body.totalItems).toBeGreaterThanOrEqual(7);
    expect(author.body.items.every((i) => i.volumeInfo.authors.some((a) => /rowling/i.test(a)))).toBe(true);

    const juvenile = await search('ageGroup=Juvenile&pageSize=48');
    expect(juvenile.body.items.every((i) => i.volumeInfo.categories.includes('children'))).toBe(true);
    const ya = await search('ageGroup=Young%20Adult&pageSize=48');
    expect(ya.body.items.every((i) => i.volumeInfo.categories.includes('young-adult'))).toBe(true);
    const adult = await search('ageGroup=Adult&pageSize=48');
    expect(
      adult.body.items.every(
        (i) =>
          !i.volumeInfo.categories.includes('children') && !i.volumeInfo.categories.includes('young-adult'),
      ),
    ).toBe(true);

    const short = await search('length=short&pageSize=48');
    expect(short.body.totalItems).toBeGreaterThan(0);
    expect(short.body.items.every((i) => (i.volumeInfo.pageCount ?? 999) < 200)).toBe(true);
    const medium = await search('length=medium&pageSize=48');
    expect(
      medium.body.items.every((i) => i.volumeInfo.pageCount! >= 200 && i.volumeInfo.pageCount! <= 400),
    ).toBe(true);
    const long = await search('length=long&pageSize=48');
    expect(long.body.items.every((i) => i.volumeInfo.pageCount! > 400)).toBe(true);

    const rated = await search('minRating=4&pageSize=48');
    expect(rated.body.items.every((i) => (i.volumeInfo.averageRating ?? 0) >= 4)).toBe(true);

    const years = await search('yearFrom=1990&yearTo=1999&pageSize=48');
    expect(years.body.totalItems).toBeGreaterThan(0);
    expect(
      years.body.items.every((i) => {
        const year = Number(i.volumeInfo.publishedDate?.slice(0, 4));
        return year >= 1990 && year <= 1999;
      }),
    ).toBe(true);
  });

  it('counts what the columns say: the facets in the search index filter as the columns do', async () => {
    // Each total against a count of the books table by its own columns (no facets, no index).
    const cases: Array<[string, string]> = [
      ['language=am', `language = 'am'`],
      ['length=short', 'page_count BETWEEN 0 AND 199'],
      ['length=medium&language=en', `page_count BETWEEN 200 AND 400 AND language = 'en'`],
      ['length=long', 'page_count >= 401'],
      ['ageGroup=Adult', `NOT (genres && ARRAY['children','young-adult'])`],
      ['yearFrom=1995&yearTo=2004', 'publication_year BETWEEN 1995 AND 2004'],
      ['yearFrom=2005', 'publication_year >= 2005'],
      ['yearTo=1899', 'publication_year <= 1899'],
      ['yearFrom=1850&yearTo=2020', 'publication_year BETWEEN 1850 AND 2020'],
      [
        'q=love&ageGroup=Adult&yearFrom=1990',
        `search_vector @@ to_tsquery('simple', 'love') AND NOT (genres && ARRAY['children','young-adult']) AND publication_year >= 1990`,
      ],
    ];
    for (const [query, where] of cases) {
      const [row] = await selectRows<{ n: number }>(
        server.db,
        sql`SELECT count(*)::int AS n FROM books WHERE status = 'active' AND ${sql.raw(where)}`,
      );
      const res = await search(`${query}&asTyped=true`);
      expect({ query, total: res.body.totalItems }).toEqual({ query, total: row!.n });
      expect(row!.n).toBeGreaterThan(0);
    }
  });

  it('sorts by rating, newest and title', async () => {
    const rating = (await search('genre=fiction&sort=rating&pageSize=20')).body.items.map(
      (i) => i.volumeInfo.averageRating ?? 0,
    );
    expect(rating).toEqual([...rating].sort((a, b) => b - a));
    const newest = (await search('genre=fiction&sort=newest&pageSize=20')).body.items.map((i) =>
      Number(i.volumeInfo.publishedDate?.slice(0, 4) ?? -9999),
    );
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    const byTitle = (await search('language=en&sort=title&pageSize=20')).body.items.map((i) =>
      i.volumeInfo.title.toLowerCase(),
    );
    expect(byTitle).toEqual([...byTitle].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('pages without overlap', async () => {
    const first = await search('genre=fiction&sort=title&pageSize=5&page=1');
    const second = await search('genre=fiction&sort=title&pageSize=5&page=2');
    expect(first.body.items).toHaveLength(5);
    expect(second.body.items).toHaveLength(5);
    const ids = new Set([...first.body.items, ...second.body.items].map((i) => i.id));
    expect(ids.size).toBe(10);
    expect(second.body.totalItems).toBe(first.body.totalItems);
  });

  it('refuses bad parameters with a translated 400', async () => {
    const res = await server.request<ErrorBody>('/api/search?genre=cooking-for-cats&minRating=9');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(Object.keys(res.body.error.fields ?? {})).toEqual(expect.arrayContaining(['genre', 'minRating']));
  });
});

describe('GET /api/search/suggest', () => {
  type Suggest = {
    items: Array<{ id: string; title: string; author: string | null; thumbnail: string | null }>;
  };
  it('answers at most 8 books, prefixes and typos included', async () => {
    const res = await server.request<Suggest>('/api/search/suggest?q=harry');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.length).toBeLessThanOrEqual(8);
    expect(res.body.items[0]).toMatchObject({
      title: expect.stringMatching(/^Harry Potter/),
      author: 'J.K. Rowling',
    });
    const typo = await server.request<Suggest>('/api/search/suggest?q=hary%20pot');
    expect(typo.body.items[0]?.title).toMatch(/^Harry Potter/);
    const geez = await server.request<Suggest>(`/api/search/suggest?q=${encodeURIComponent('ፍቅር እስ')}`);
    expect(geez.body.items.map((i) => i.title)).toContain('ፍቅር እስከ መቃብር');
  });

  it('answers [] for a blank query', async () => {
    const res = await server.request<Suggest>('/api/search/suggest?q=');
    expect(res.body).toEqual({ items: [] });
  });
});

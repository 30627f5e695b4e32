import type { GenreDetail } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
});
afterAll(() => server?.close());

describe('GET /api/genres/:slug over the catalogue', () => {
  it('answers counts, new releases, popular books and lists', async () => {
    const res = await server.request<GenreDetail>('/api/genres/fiction');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: 'fiction', name: 'Fiction', groups: [] });
    expect(res.body.bookCount).toBeGreaterThan(30);
    expect(res.body.newReleases.length).toBeGreaterThan(0);
    const years = res.body.newReleases.map((b) => Number(b.releaseDate?.slice(0, 4) ?? 0));
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(res.body.popular[0]).toMatchObject({ id: expect.any(String), ratings: expect.any(Number) });
    const decades = res.body.lists.filter((l) => l.kind === 'decade');
    expect(decades.length).toBeGreaterThanOrEqual(2);
    for (const list of decades) expect(list.items.length).toBeGreaterThanOrEqual(3);
    expect(res.body.lists.some((l) => l.kind === 'ethiopian')).toBe(true);
  });

  it('answers in the request’s language, and varies by it', async () => {
    const res = await server.request<GenreDetail>('/api/genres/history', { lang: 'am' });
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toMatch(/accept-language/i);
    expect(res.body).toMatchObject({ slug: 'history', name: 'ታሪክ', title: 'የታሪክ መጻሕፍት' });
  });
});

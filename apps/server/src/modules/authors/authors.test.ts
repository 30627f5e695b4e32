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

describe('GET /api/authors', () => {
  it('lists primary authors with counts, ratings and their top book', async () => {
    type Authors = {
      items: Array<{
        name: string;
        bookCount: number;
        averageRating: number | null;
        topBook: { id: string } | null;
      }>;
      total: number;
    };
    const res = await server.request<Authors>('/api/authors?q=rowling');
    expect(res.body.items[0]).toMatchObject({ name: 'J.K. Rowling', topBook: { id: '2' } });
    expect(res.body.items[0]!.bookCount).toBeGreaterThanOrEqual(7);
    const letter = await server.request<Authors>('/api/authors?letter=J&pageSize=5');
    expect(letter.body.items.every((a) => a.name.startsWith('J'))).toBe(true);
    const names = letter.body.items.map((a) => a.name);
    expect(names).toEqual([...names].sort());
    expect((await server.request<Authors>('/api/authors')).body.total).toBeGreaterThan(40);
  });
});

describe('GET /api/authors/:name', () => {
  it('answers the primary author’s active books, count and rating; an unknown author is 404', async () => {
    const api = await server.request<{ name: string; bookCount: number; books: Array<{ id: string }> }>(
      '/api/authors/Suzanne%20Collins',
    );
    expect(api.status).toBe(200);
    expect(api.body.name).toBe('Suzanne Collins');
    expect(api.body.books.map((book) => book.id)).toContain('1');
    expect((await server.request('/api/authors/Nobody%20Atall')).status).toBe(404);
  });
});

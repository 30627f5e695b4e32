import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.js';
import { catalogueRow as row } from '../../../test/catalog-fixture.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.db.insert(books).values([
    // Related books of a music-and-art book: the same author's other book (little read), a book
    // sharing both genres, and a popular art book by someone else.
    row('rel-seed', 2010, ['Tsegaye Gebre-Medhin'], ['music', 'art']),
    row('rel-same-author', 2005, ['Tsegaye Gebre-Medhin'], ['music'], { catalogRatingsCount: 1 }),
    row('rel-both', 2001, ['Someone Else'], ['music', 'art'], { catalogRatingsCount: 10 }),
    row('rel-art-popular', 2000, ['Bahru Zewde'], ['art'], { catalogRatingsCount: 5000, catalogRating: 4.5 }),
  ]);
});
afterAll(() => server?.close());

describe('GET /api/books/:id/related', () => {
  const related = async (query = '') => {
    const res = await server.request<{ items: { id: string }[] }>(`/api/books/rel-seed/related${query}`);
    expect(res.status).toBe(200);
    return res.body.items.map((book) => book.id);
  };

  it('puts the same author first, then the books sharing the most genres', async () => {
    expect(await related()).toEqual(['rel-same-author', 'rel-both', 'rel-art-popular']);
  });

  it('with a genre chosen, lists that genre by popularity: a visibly different list', async () => {
    expect(await related('?genre=art')).toEqual(['rel-art-popular', 'rel-both']);
    expect(await related('?genre=music')).toEqual(['rel-both', 'rel-same-author']);
  });
});

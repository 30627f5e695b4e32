import type { GenreDetail } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;

/** A catalogue row of `genres` (only what these rankings read). */
const row = (
  id: string,
  year: number,
  authors: string[],
  genres: string[],
  extra: Partial<typeof books.$inferInsert> = {},
) => ({
  id,
  source: 'ethiopian',
  title: `Book ${id}`,
  authors,
  primaryAuthor: authors[0] ?? null,
  genres,
  publicationYear: year,
  language: 'am',
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  await server.db.insert(books).values([
    // "New releases" of poetry: recent books with no author, older ones whose author (and more) is known.
    row('nr-unknown-2024', 2024, [], ['poetry']),
    row('nr-unknown-2023', 2023, [], ['poetry']),
    row('nr-known-2019', 2019, ['ሀዲስ ዓለማየሁ'], ['poetry']),
    row('nr-known-2021-bare', 2021, ['በዓሉ ግርማ'], ['poetry']),
    row('nr-known-2021-rich', 2021, ['ማዓዛ መንግሥቴ'], ['poetry'], {
      description: 'A novel.',
      isbn13: '9780393241570',
    }),
    // Related books of a music-and-art book: the same author's other book (little read), a book
    // sharing both genres, and a popular art book by someone else.
    row('rel-seed', 2010, ['Tsegaye Gebre-Medhin'], ['music', 'art']),
    row('rel-same-author', 2005, ['Tsegaye Gebre-Medhin'], ['music'], { catalogRatingsCount: 1 }),
    row('rel-both', 2001, ['Someone Else'], ['music', 'art'], { catalogRatingsCount: 10 }),
    row('rel-art-popular', 2000, ['Bahru Zewde'], ['art'], { catalogRatingsCount: 5000, catalogRating: 4.5 }),
  ]);
});
afterAll(() => server?.close());

describe('GET /api/genres/:slug newReleases', () => {
  it('ranks books whose author is known first, newest first, the better-known of one year first', async () => {
    const res = await server.request<GenreDetail>('/api/genres/poetry');
    expect(res.status).toBe(200);
    expect(res.body.newReleases.map((book) => book.id)).toEqual([
      'nr-known-2021-rich',
      'nr-known-2021-bare',
      'nr-known-2019',
      'nr-unknown-2024',
      'nr-unknown-2023',
    ]);
  });
});

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

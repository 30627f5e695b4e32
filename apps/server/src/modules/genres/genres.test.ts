import { GENRE_SLUGS, type GenreDetail, type GenreSummary } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.js';
import { catalogueRow as row } from '../../../test/catalog-fixture.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
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
  ]);
});
afterAll(() => server?.close());

describe('GET /api/genres', () => {
  it('answers the 30 genres in navigation order, in English', async () => {
    const res = await server.request<GenreSummary[]>('/api/genres');
    expect(res.status).toBe(200);
    expect(res.body.map((genre) => genre.slug)).toEqual([...GENRE_SLUGS]);
    expect(res.body.find((genre) => genre.slug === 'science-fiction')).toEqual({
      slug: 'science-fiction',
      name: 'Science Fiction',
      title: 'Science Fiction Books',
      description: 'Futures, space travel and what technology might make of us.',
    });
    for (const genre of res.body) {
      expect(genre.name).not.toBe('');
      expect(genre.description).not.toBe('');
    }
  });

  it('answers in Amharic for Accept-Language: am', async () => {
    const res = await server.request<GenreSummary[]>('/api/genres', { lang: 'am' });
    expect(res.headers.get('vary')).toMatch(/accept-language/i);
    const history = res.body.find((genre) => genre.slug === 'history');
    expect(history).toMatchObject({ name: 'ታሪክ', title: 'የታሪክ መጻሕፍት' });
    for (const genre of res.body) expect(`${genre.name}${genre.description}`).toMatch(/[\u1200-\u137F]/);
  });
});

describe('GET /api/genres/:slug', () => {
  it('ranks new releases whose author is known first, newest first, the better-known of one year first', async () => {
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

  it('is 404 for an unknown slug', async () => {
    expect((await server.request('/api/genres/not-a-genre')).status).toBe(404);
  });
});

import { GENRE_SLUGS, type GenreSummary } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
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

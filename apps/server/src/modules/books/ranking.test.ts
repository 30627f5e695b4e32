import type { GenreDetail } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The genre page's "new releases" of an otherwise empty genre: recent books with no author,
  // and older ones whose author (and more) is known.
  const row = (
    id: string,
    year: number,
    authors: string[],
    extra: Partial<typeof books.$inferInsert> = {},
  ) => ({
    id,
    source: 'ethiopian',
    title: `Book ${id}`,
    authors,
    primaryAuthor: authors[0] ?? null,
    genres: ['poetry'],
    publicationYear: year,
    language: 'am',
    ...extra,
  });
  await server.db
    .insert(books)
    .values([
      row('nr-unknown-2024', 2024, []),
      row('nr-unknown-2023', 2023, []),
      row('nr-known-2019', 2019, ['ሀዲስ ዓለማየሁ']),
      row('nr-known-2021-bare', 2021, ['በዓሉ ግርማ']),
      row('nr-known-2021-rich', 2021, ['ማዓዛ መንግሥቴ'], { description: 'A novel.', isbn13: '9780393241570' }),
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

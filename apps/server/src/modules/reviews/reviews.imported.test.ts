import type { Review, ReviewList } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { csvFile, GOODREADS_COLUMNS, goodreadsRow, importAndWait } from '../../../test/import-fixtures.js';
import { newReader, setPrivacy } from '../../../test/social-helpers.js';

/**
 * Issue 26: after a Goodreads import, the reviews a reader then wrote in Nebab came out private and
 * dated as the import's. A review written or edited in Nebab takes the reader's default (public unless
 * they chose private) and today's date.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
}, 60_000);
afterAll(() => server?.close());

const today = () => new Date().toISOString().slice(0, 10);

/** An export with private reviews (the import's default) of two catalogue books, read in 2019. */
const exportWithReviews = () =>
  csvFile(GOODREADS_COLUMNS, [
    goodreadsRow({
      Title: 'The Hunger Games',
      Author: 'Suzanne Collins',
      'My Rating': 4,
      'My Review': 'Read it on a train.',
      'Date Read': '2019/05/04',
      'Exclusive Shelf': 'read',
    }),
    goodreadsRow({
      Title: 'Twilight',
      Author: 'Stephenie Meyer',
      'My Rating': 2,
      'Date Read': '2019/06/01',
      'Exclusive Shelf': 'read',
    }),
  ]);

async function ownReview(token: string, userId: string, bookId: string): Promise<Review> {
  const listed = await server.request<ReviewList>(`/api/books/${bookId}/reviews`, { token });
  const found = listed.body.items.find((item) => item.user.id === userId);
  if (!found) throw new Error(`no review of ${bookId} by ${userId}: ${listed.text}`);
  return found;
}

describe('reviews written after an import', () => {
  it('an imported review edited or written again in Nebab becomes public and dated today', async () => {
    const reader = await newReader(server);
    const done = await importAndWait(server, reader.token, exportWithReviews());
    expect(done).toMatchObject({ status: 'done', matched: 2 });

    const hunger = await ownReview(reader.token, reader.id, '1');
    expect(hunger).toMatchObject({ visibility: 'private', imported: true });
    expect(hunger.timestamp.slice(0, 10)).toBe('2019-05-04');

    // Edited (PATCH without a visibility): the reader's default, today (midnight may pass meanwhile).
    const beforeEdit = today();
    const edited = await server.request<Review>(`/api/reviews/${hunger.id}`, {
      method: 'PATCH',
      token: reader.token,
      body: { comment: 'Read it on a train, and again at home.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ visibility: 'public', imported: false });
    expect([beforeEdit, today()]).toContain(edited.body.timestamp.slice(0, 10));

    // Written again over the imported one (POST without a visibility): likewise.
    const beforeRewrite = today();
    const rewritten = await server.request<Review>('/api/books/3/reviews', {
      method: 'POST',
      token: reader.token,
      body: { rating: 3, comment: 'Better than I remembered.' },
    });
    expect(rewritten.status).toBe(200);
    expect(rewritten.body).toMatchObject({ visibility: 'public', imported: false });
    expect([beforeRewrite, today()]).toContain(rewritten.body.timestamp.slice(0, 10));

    // Others see both now.
    const other = await newReader(server);
    for (const bookId of ['1', '3'])
      expect((await ownReview(other.token, reader.id, bookId)).id).toBeTruthy();

    // A review the reader made private in Nebab stays private when edited.
    await server.request(`/api/reviews/${hunger.id}`, {
      method: 'PATCH',
      token: reader.token,
      body: { visibility: 'private' },
    });
    const again = await server.request<Review>(`/api/reviews/${hunger.id}`, {
      method: 'PATCH',
      token: reader.token,
      body: { rating: 5 },
    });
    expect(again.body).toMatchObject({ visibility: 'private', rating: 5, imported: false });
  });

  it('a reader who chose private reviews gets private ones by default, and may still pick public', async () => {
    const reader = await newReader(server);
    await setPrivacy(server, reader, { reviewsPrivate: true });
    expect(
      (await server.request<{ reviewsPrivate: boolean }>('/api/me/privacy', { token: reader.token })).body,
    ).toMatchObject({ reviewsPrivate: true });
    const quiet = await server.request<Review>('/api/books/4/reviews', {
      method: 'POST',
      token: reader.token,
      body: { rating: 4, comment: 'For me alone.' },
    });
    expect(quiet.body).toMatchObject({ visibility: 'private', imported: false });
    const loud = await server.request<Review>('/api/books/7/reviews', {
      method: 'POST',
      token: reader.token,
      body: { rating: 4, comment: 'For everyone.', visibility: 'public' },
    });
    expect(loud.body.visibility).toBe('public');
    // A privacy saved without the field (an older client) means public reviews.
    const older = await newReader(server);
    const plain = await server.request<{ reviewsPrivate: boolean }>('/api/me/privacy', {
      method: 'PUT',
      token: older.token,
      body: { profileVisibility: 'public', showReadingList: true, showLocation: false },
    });
    expect(plain.body.reviewsPrivate).toBe(false);
  });
});

import type { ErrorBody, Review, ReviewFeed } from '@nebab/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books, reviews } from '../../db/schema/index.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
/** Comments of the reviews the feed must show, and of those it must never show. */
const shown = new Set<string>();
const hidden = new Set<string>();
let amharicBook: { id: string; genre: string };
let englishBooks: { id: string; genres: string[] }[];

const feed = (query = '') => server.request<ReviewFeed & ErrorBody>(`/api/reviews${query}`);

/** Every page of a filter, in order. */
async function allOf(query: string): Promise<ReviewFeed['items']> {
  const items: ReviewFeed['items'] = [];
  for (let page = 1; ; page += 1) {
    const res = await feed(`?pageSize=5&page=${page}${query ? `&${query}` : ''}`);
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    if (res.body.items.length < 5) return items;
  }
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const [am] = await server.db
    .select({ id: books.id, genres: books.genres })
    .from(books)
    .where(and(eq(books.language, 'am'), eq(books.status, 'active'), sql`cardinality(${books.genres}) > 0`))
    .orderBy(asc(books.id))
    .limit(1);
  amharicBook = { id: am!.id, genre: am!.genres[0]! };
  englishBooks = await server.db
    .select({ id: books.id, genres: books.genres })
    .from(books)
    .where(and(eq(books.language, 'en'), eq(books.status, 'active'), ne(books.genres, sql`'{}'::text[]`)))
    .orderBy(asc(books.id))
    .limit(6);
  expect(englishBooks).toHaveLength(6);

  const readers = await Promise.all(
    ['Abebe Bikila', 'Tirunesh Dibaba', 'Haile Gebrselassie'].map((fullName) => signUp(server, { fullName })),
  );
  const write = async (
    token: string,
    bookId: string,
    rating: number,
    comment: string,
    visibility = 'public',
  ) => {
    const res = await server.request<Review>(`/api/books/${encodeURIComponent(bookId)}/reviews`, {
      token,
      body: { rating, comment, visibility },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const [a, b, c] = readers.map((reader) => reader.token) as [string, string, string];
  // Nine public approved reviews, written one after another (newest last).
  for (const [i, book] of englishBooks.entries()) {
    const review = await write(i % 2 ? a : b, book.id, (i % 5) + 1, `public english ${i}`);
    shown.add(review.comment);
  }
  shown.add((await write(a, amharicBook.id, 5, 'public amharic a')).comment);
  shown.add((await write(b, amharicBook.id, 4, 'public amharic b')).comment);
  shown.add((await write(c, englishBooks[0]!.id, 5, 'public english by c')).comment);

  hidden.add((await write(c, englishBooks[1]!.id, 5, 'private review', 'private')).comment);
  const rejected = await write(c, englishBooks[2]!.id, 5, 'rejected review');
  const flagged = await write(c, englishBooks[3]!.id, 5, 'flagged review');
  const deleted = await write(c, englishBooks[4]!.id, 5, 'deleted review');
  await server.db.update(reviews).set({ status: 'rejected' }).where(eq(reviews.id, rejected.id));
  await server.db.update(reviews).set({ status: 'flagged' }).where(eq(reviews.id, flagged.id));
  expect((await server.request(`/api/reviews/${deleted.id}`, { method: 'DELETE', token: c })).status).toBe(
    204,
  );
  // A review of a book an admin took out of the catalogue.
  const gone = await write(c, englishBooks[5]!.id, 5, 'review of an inactive book');
  await server.db.update(books).set({ status: 'inactive' }).where(eq(books.id, englishBooks[5]!.id));
  shown.delete('public english 5');
  for (const review of [rejected, flagged, deleted, gone]) hidden.add(review.comment);
});
afterAll(() => server?.close());

describe('GET /api/reviews', () => {
  it('lists approved public reviews of active books, newest first, with their book and author', async () => {
    const items = await allOf('');
    const comments = items.map((item) => item.comment);
    expect(new Set(comments)).toEqual(shown);
    for (const comment of hidden) expect(comments).not.toContain(comment);
    const times = items.map((item) => item.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const byC = items.find((item) => item.comment === 'public english by c')!;
    expect(byC).toMatchObject({
      rating: 5,
      user: { name: 'Haile Gebrselassie' },
      likes: 0,
      dislikes: 0,
      replyCount: 0,
      book: { id: englishBooks[0]!.id, language: 'en', genre: englishBooks[0]!.genres[0] },
    });
    expect(Array.isArray(byC.book.coverCandidates)).toBe(true);
  });

  it('pages with a total that counts the whole filter', async () => {
    const first = await feed('?pageSize=4&page=1');
    const second = await feed('?pageSize=4&page=2');
    expect(first.body).toMatchObject({ total: shown.size, page: 1, pageSize: 4 });
    expect(first.body.items).toHaveLength(4);
    expect(second.body.items).toHaveLength(4);
    const ids = [...first.body.items, ...second.body.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(8);
    const beyond = await feed('?pageSize=4&page=9');
    expect(beyond.body).toMatchObject({ items: [], total: shown.size });
  });

  it('filters by the book’s language and genre and by stars, and combines them', async () => {
    const amharic = await allOf('language=am');
    expect(amharic.map((item) => item.comment).sort()).toEqual(['public amharic a', 'public amharic b']);

    const genre = amharicBook.genre;
    const ofGenre = await allOf(`genre=${genre}`);
    expect(ofGenre.length).toBeGreaterThanOrEqual(2);
    for (const item of ofGenre) {
      const [row] = await server.db
        .select({ genres: books.genres })
        .from(books)
        .where(eq(books.id, item.book.id));
      expect(row!.genres).toContain(genre);
    }

    const fives = await allOf('rating=5');
    expect(fives.length).toBeGreaterThan(0);
    expect(fives.every((item) => item.rating === 5)).toBe(true);
    expect(fives.map((item) => item.comment)).not.toContain('private review');

    const combined = await allOf(`language=am&rating=4&genre=${genre}`);
    expect(combined.map((item) => item.comment)).toEqual(['public amharic b']);
  });

  it('answers 400 for an unknown genre, language or rating', async () => {
    for (const query of [
      '?genre=cooking-with-dragons',
      '?language=xx',
      '?rating=6',
      '?page=0',
      '?pageSize=500',
    ]) {
      const res = await feed(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
  });

  it('leaves out, for a signed-in reader, reviews and replies of readers blocked either way', async () => {
    const [blocker, blocked, other] = await Promise.all(
      ['Meseret Defar', 'Kenenisa Bekele', 'Derartu Tulu'].map((fullName) => signUp(server, { fullName })),
    );
    const bookId = englishBooks[0]!.id;
    const write = async (token: string, comment: string) =>
      (
        await server.request<Review>(`/api/books/${encodeURIComponent(bookId)}/reviews`, {
          token,
          body: { rating: 3, comment, visibility: 'public' },
        })
      ).body;
    const byBlocker = await write(blocker!.token, 'review by the blocker');
    const byBlocked = await write(blocked!.token, 'review by the blocked reader');
    const byOther = await write(other!.token, 'review by another reader');
    for (const { token } of [blocker!, blocked!])
      expect(
        (await server.request(`/api/reviews/${byOther.id}/replies`, { token, body: { text: 'A reply' } }))
          .status,
      ).toBe(201);
    expect(
      (
        await server.request(`/api/readers/${byBlocked.user.id}/block`, {
          method: 'POST',
          token: blocker!.token,
        })
      ).status,
    ).toBe(204);

    const seenBy = async (token?: string) => {
      const res = await server.request<ReviewFeed>('/api/reviews?pageSize=48', { token });
      expect(res.status).toBe(200);
      return res.body;
    };
    const visitor = await seenBy();
    for (const [viewer, unseen] of [
      [blocker!, byBlocked],
      [blocked!, byBlocker],
    ] as const) {
      const page = await seenBy(viewer.token);
      expect(page.items.map((item) => item.user.id)).not.toContain(unseen.user.id);
      // The other reader's review counts one reply: the viewer's own, not the other party's.
      expect(page.items.find((item) => item.id === byOther.id)?.replyCount).toBe(1);
      expect(page.total).toBe(visitor.total - 1);
    }
    // Everyone else sees both, and both replies.
    expect(visitor.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([byBlocker.id, byBlocked.id]),
    );
    expect(visitor.items.find((item) => item.id === byOther.id)?.replyCount).toBe(2);
  });
});

import type {
  BookDetail,
  ErrorBody,
  ReactionSummary,
  Reply,
  Review,
  ReviewList,
  UserStats,
} from '@nebab/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { bookActivity, books } from '../../db/schema/index.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
let bookIds: string[];
let nextBook = 0;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const rows = await server.db
    .select({ id: books.id })
    .from(books)
    .where(eq(books.status, 'active'))
    .orderBy(asc(books.id))
    .limit(20);
  bookIds = rows.map((row) => row.id);
  expect(bookIds.length).toBeGreaterThanOrEqual(15);
});
afterAll(() => server?.close());

/** A book no other test has reviewed. */
const freshBook = () => bookIds[nextBook++]!;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function client(token?: string) {
  return {
    token,
    list: (bookId: string) =>
      server.request<ReviewList & ErrorBody>(`/api/books/${encodeURIComponent(bookId)}/reviews`, { token }),
    submit: (bookId: string, body: unknown, lang?: 'en' | 'am') =>
      server.request<Review & ErrorBody>(`/api/books/${encodeURIComponent(bookId)}/reviews`, {
        token,
        body,
        lang,
      }),
    patch: (id: string, body: unknown) =>
      server.request<Review & ErrorBody>(`/api/reviews/${id}`, { method: 'PATCH', token, body }),
    remove: (id: string) => server.request<ErrorBody>(`/api/reviews/${id}`, { method: 'DELETE', token }),
    reply: (id: string, body: unknown) =>
      server.request<Reply & ErrorBody>(`/api/reviews/${id}/replies`, { token, body }),
    react: (id: string, type: unknown) =>
      server.request<ReactionSummary & ErrorBody>(`/api/reviews/${id}/reaction`, {
        method: 'PUT',
        token,
        body: { type },
      }),
    report: (id: string, body: unknown) =>
      server.request<ErrorBody>(`/api/reviews/${id}/reports`, { token, body }),
    stats: () => server.request<UserStats>('/api/me/stats', { token }),
  };
}

const newReader = async (fullName = 'Abebe Bikila') => client((await signUp(server, { fullName })).token);
const anonymous = client();
const good = { rating: 4, comment: 'A fine read.' };

describe('authentication', () => {
  it('answers 401 with the reviews message on every write, in both languages', async () => {
    const id = bookIds[0]!;
    const calls: [string, string, unknown][] = [
      ['POST', `/api/books/${id}/reviews`, good],
      ['PATCH', `/api/reviews/${MISSING_ID}`, good],
      ['DELETE', `/api/reviews/${MISSING_ID}`, undefined],
      ['POST', `/api/reviews/${MISSING_ID}/replies`, { text: 'hi' }],
      ['PUT', `/api/reviews/${MISSING_ID}/reaction`, { type: 'like' }],
      ['POST', `/api/reviews/${MISSING_ID}/reports`, { reason: 'spam' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.request<ErrorBody>(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.message).toBe('Please login to write or react to reviews');
    }
    const am = await server.request<ErrorBody>(`/api/books/${id}/reviews`, { body: good, lang: 'am' });
    expect(am.body.error.message).toBe('ግምገማ ለመጻፍ ወይም ምላሽ ለመስጠት እባክዎ ይግቡ');
  });
});

describe('POST /api/books/:id/reviews', () => {
  it('validates rating (required, 1–5 whole) and comment (required) with translated messages', async () => {
    const reader = await newReader();
    const id = freshBook();
    const empty = await reader.submit(id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({
      rating: 'Please select a rating',
      comment: 'Please write a comment',
    });
    for (const rating of [0, 6, 2.5]) {
      const res = await reader.submit(id, { rating, comment: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ rating: 'The rating must be a whole number from 1 to 5' });
    }
    const blank = await reader.submit(id, { rating: 3, comment: '   ' }, 'am');
    expect(blank.body.error.fields).toEqual({ comment: 'እባክዎ አስተያየት ይጻፉ' });
    const long = await reader.submit(id, { rating: 3, comment: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    const visibility = await reader.submit(id, { ...good, visibility: 'friends' });
    expect(visibility.status).toBe(400);
    expect((await anonymous.list(id)).body.items).toEqual([]);
  });

  it('404 for an unknown book', async () => {
    const reader = await newReader();
    expect((await reader.submit('no-such-book', good)).status).toBe(404);
    expect((await anonymous.list('no-such-book')).status).toBe(404);
  });

  it('creates (201, approved, public, trimmed plain text, review activity), then replaces (200)', async () => {
    const reader = await newReader('Tigist Haile');
    const id = freshBook();
    const created = await reader.submit(id, { rating: 5, comment: '  <b>Loved</b> it  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      bookId: id,
      rating: 5,
      comment: '<b>Loved</b> it',
      visibility: 'public',
      status: 'approved',
      likes: 0,
      dislikes: 0,
      mine: null,
      replies: [],
      user: { name: 'Tigist Haile', profile_picture: null },
    });
    expect(created.body.reviewID).toBe(created.body.id);
    const activity = await server.db
      .select()
      .from(bookActivity)
      .where(and(eq(bookActivity.bookId, id), eq(bookActivity.kind, 'review')));
    expect(activity).toHaveLength(1);

    const replaced = await reader.submit(id, { rating: 2, comment: 'Changed my mind' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: created.body.id, rating: 2, comment: 'Changed my mind' });
    const list = await anonymous.list(id);
    expect(list.body.items.map((r) => [r.id, r.comment])).toEqual([[created.body.id, 'Changed my mind']]);
  });

  it('a concurrent double POST gives one review and no 500', async () => {
    const reader = await newReader();
    const id = freshBook();
    const answers = await Promise.all([reader.submit(id, good), reader.submit(id, { ...good, rating: 3 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect((await anonymous.list(id)).body.items).toHaveLength(1);
  });

  it('lists newest first', async () => {
    const id = freshBook();
    const first = await (await newReader()).submit(id, good);
    const second = await (await newReader()).submit(id, good);
    const items = (await anonymous.list(id)).body.items;
    expect(items.map((r) => r.id)).toEqual([second.body.id, first.body.id]);
  });
});

describe('private visibility', () => {
  it('the author sees a private review, others do not (and get 404 on it)', async () => {
    const author = await newReader();
    const other = await newReader();
    const id = freshBook();
    const review = await author.submit(id, { ...good, visibility: 'private' });
    expect(review.status).toBe(201);
    expect((await author.list(id)).body.items.map((r) => r.id)).toEqual([review.body.id]);
    expect((await other.list(id)).body.items).toEqual([]);
    expect((await anonymous.list(id)).body.items).toEqual([]);
    expect((await other.patch(review.body.id, { rating: 1 })).status).toBe(404);
    expect((await other.remove(review.body.id)).status).toBe(404);
    expect((await other.reply(review.body.id, { text: 'hi' })).status).toBe(404);
    expect((await other.react(review.body.id, 'like')).status).toBe(404);
    const made = await author.patch(review.body.id, { visibility: 'public' });
    expect(made.body.visibility).toBe('public');
    expect((await other.list(id)).body.items).toHaveLength(1);
  });
});

describe('spoiler flag', () => {
  it('is stored, shown to everyone as spoiler: true, changed by the author, and validated', async () => {
    const id = freshBook();
    const author = await newReader();
    const other = await newReader('Tirunesh Dibaba');
    const plain = await author.submit(id, good);
    expect(plain.body.spoiler).toBe(false);
    const marked = await author.submit(id, { ...good, comment: 'The butler did it.', spoiler: true });
    expect(marked.status).toBe(200);
    expect(marked.body.spoiler).toBe(true);
    // Others get the flag with the review (the client hides the text behind "Show spoiler").
    const seen = (await other.list(id)).body.items.find((r) => r.id === marked.body.id);
    expect(seen).toMatchObject({ spoiler: true, comment: 'The butler did it.' });
    expect((await anonymous.list(id)).body.items[0]?.spoiler).toBe(true);
    const cleared = await author.patch(marked.body.id, { spoiler: false });
    expect(cleared.body.spoiler).toBe(false);
    expect((await other.patch(marked.body.id, { spoiler: true })).status).toBe(403);
    const bad = await author.submit(id, { ...good, spoiler: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('spoiler');
  });
});

describe('PATCH and DELETE /api/reviews/:id', () => {
  it('only the author edits and deletes (403 for others), delete hides it and frees the count', async () => {
    const author = await newReader();
    const other = await newReader();
    const id = freshBook();
    const before = (await author.stats()).body.reviewsWritten;
    const review = (await author.submit(id, good)).body;
    expect((await author.stats()).body.reviewsWritten).toBe(before + 1);

    const forbidden = await other.patch(review.id, { comment: 'mine now' });
    expect(forbidden.status).toBe(403);
    expect((await other.remove(review.id)).status).toBe(403);

    const invalid = await author.patch(review.id, { rating: 9 });
    expect(invalid.status).toBe(400);
    const edited = await author.patch(review.id, { comment: ' Edited ', rating: 3 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ comment: 'Edited', rating: 3, visibility: 'public' });

    expect((await author.remove(review.id)).status).toBe(204);
    expect((await author.list(id)).body.items).toEqual([]);
    expect((await anonymous.list(id)).body.items).toEqual([]);
    expect((await author.stats()).body.reviewsWritten).toBe(before);
    expect((await author.patch(review.id, good)).status).toBe(404);
    expect((await author.remove(review.id)).status).toBe(404);
    expect((await other.react(review.id, 'like')).status).toBe(404);

    // Writing again brings the one review back, approved.
    const again = await author.submit(id, { rating: 5, comment: 'Back' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: review.id, status: 'approved', comment: 'Back' });
    expect((await author.stats()).body.reviewsWritten).toBe(before + 1);
  });

  it('404 for an unknown review, 400 for a malformed id', async () => {
    const reader = await newReader();
    expect((await reader.patch(MISSING_ID, good)).status).toBe(404);
    expect((await reader.remove('not-a-uuid')).status).toBe(400);
  });
});

describe('replies', () => {
  it('adds trimmed replies (201 Reply) shown oldest first; validates the text', async () => {
    const author = await newReader();
    const replier = await newReader('Lulit Bekele');
    const id = freshBook();
    const review = (await author.submit(id, good)).body;
    const blank = await replier.reply(review.id, { text: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ text: 'Please write a reply' });
    expect((await replier.reply(review.id, { text: 'x'.repeat(2001) })).status).toBe(400);

    const first = await replier.reply(review.id, { text: '  Agreed!  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ text: 'Agreed!', user: { name: 'Lulit Bekele' } });
    expect(typeof first.body.date).toBe('string');
    const second = await author.reply(review.id, { text: 'Thanks' });
    const listed = (await anonymous.list(id)).body.items[0]!;
    expect(listed.replies.map((r) => r.text)).toEqual(['Agreed!', 'Thanks']);
    expect(listed.replies[1]!.id).toBe(second.body.id);
  });
});

describe('reactions', () => {
  it('toggles one reaction per user and reports likes, dislikes and mine', async () => {
    const author = await newReader();
    const a = await newReader();
    const b = await newReader();
    const id = freshBook();
    const review = (await author.submit(id, good)).body;
    expect((await a.react(review.id, 'love')).status).toBe(400);
    expect((await a.react(review.id, 'like')).body).toEqual({ likes: 1, dislikes: 0, mine: 'like' });
    expect((await a.react(review.id, 'like')).body).toEqual({ likes: 1, dislikes: 0, mine: 'like' });
    expect((await b.react(review.id, 'dislike')).body).toEqual({ likes: 1, dislikes: 1, mine: 'dislike' });
    expect((await a.react(review.id, 'dislike')).body).toEqual({ likes: 0, dislikes: 2, mine: 'dislike' });
    expect((await a.react(review.id, null)).body).toEqual({ likes: 0, dislikes: 1, mine: null });
    expect((await b.list(id)).body.items[0]).toMatchObject({ likes: 0, dislikes: 1, mine: 'dislike' });
    expect((await anonymous.list(id)).body.items[0]).toMatchObject({ likes: 0, dislikes: 1, mine: null });
  });

  it('stays consistent under concurrent clicks (10 parallel likes, then 10 parallel flips)', async () => {
    const author = await newReader();
    const readers = await Promise.all(Array.from({ length: 10 }, () => newReader()));
    const id = freshBook();
    const review = (await author.submit(id, good)).body;
    const likes = await Promise.all(readers.map((r) => r.react(review.id, 'like')));
    expect(likes.every((res) => res.status === 200 && res.body.mine === 'like')).toBe(true);
    expect((await anonymous.list(id)).body.items[0]).toMatchObject({ likes: 10, dislikes: 0 });
    const flips = await Promise.all(readers.map((r) => r.react(review.id, 'dislike')));
    expect(flips.every((res) => res.status === 200 && res.body.mine === 'dislike')).toBe(true);
    expect((await anonymous.list(id)).body.items[0]).toMatchObject({ likes: 0, dislikes: 10 });
    // Same user clicking twice at once still counts once.
    await Promise.all([readers[0]!.react(review.id, 'like'), readers[0]!.react(review.id, 'like')]);
    expect((await readers[0]!.list(id)).body.items[0]).toMatchObject({ likes: 1, dislikes: 9, mine: 'like' });
  });
});

describe('reports', () => {
  it('requires a reason; three distinct reporters flag the review and hide it from others', async () => {
    const author = await newReader();
    const reporters = await Promise.all([newReader(), newReader(), newReader()]);
    const id = freshBook();
    const review = (await author.submit(id, good)).body;
    const blank = await reporters[0]!.report(review.id, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ reason: 'Please provide a reason for reporting' });

    expect((await reporters[0]!.report(review.id, { reason: 'spam' })).status).toBe(201);
    // The same reporter twice still counts once.
    expect((await reporters[0]!.report(review.id, { reason: 'spam again' })).status).toBe(201);
    expect((await reporters[1]!.report(review.id, { reason: 'rude' })).status).toBe(201);
    expect((await anonymous.list(id)).body.items).toHaveLength(1);
    expect((await reporters[2]!.report(review.id, { reason: 'off topic' })).status).toBe(201);

    expect((await anonymous.list(id)).body.items).toEqual([]);
    expect((await reporters[0]!.list(id)).body.items).toEqual([]);
    const own = (await author.list(id)).body.items;
    expect(own.map((r) => [r.id, r.status])).toEqual([[review.id, 'flagged']]);
    // Replacing does not lift the flag.
    expect((await author.submit(id, good)).body.status).toBe('flagged');
  });

  it('concurrent reports from three readers still flag it', async () => {
    const author = await newReader();
    const reporters = await Promise.all([newReader(), newReader(), newReader()]);
    const id = freshBook();
    const review = (await author.submit(id, good)).body;
    const answers = await Promise.all(reporters.map((r) => r.report(review.id, { reason: 'spam' })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect((await anonymous.list(id)).body.items).toEqual([]);
  });
});

describe('book rating', () => {
  it('combines the catalogue rating with approved public review ratings', async () => {
    const id = freshBook();
    await server.db.update(books).set({ rating: 4, ratingsCount: 2 }).where(eq(books.id, id));
    const detail = () => server.request<BookDetail>(`/api/books/${encodeURIComponent(id)}`);
    expect((await detail()).body).toMatchObject({ rating: 4, ratingsCount: 2 });
    const five = await newReader();
    await five.submit(id, { rating: 5, comment: 'Great' });
    const one = await newReader();
    const low = (await one.submit(id, { rating: 1, comment: 'Not for me' })).body;
    // (4 × 2 + 5 + 1) / 4
    expect((await detail()).body).toMatchObject({ rating: 3.5, ratingsCount: 4 });
    await one.remove(low.id);
    // (4 × 2 + 5) / 3
    expect((await detail()).body).toMatchObject({ rating: 4.33, ratingsCount: 3 });
    // A private review stays its author's own: it does not move the public rating.
    const secret = await newReader();
    await secret.submit(id, { rating: 1, comment: 'Only for me', visibility: 'private' });
    expect((await detail()).body).toMatchObject({ rating: 4.33, ratingsCount: 3 });

    const unrated = freshBook();
    await server.db.update(books).set({ rating: null, ratingsCount: 0 }).where(eq(books.id, unrated));
    await five.submit(unrated, { rating: 5, comment: 'Great' });
    const res = await server.request<BookDetail>(`/api/books/${encodeURIComponent(unrated)}`);
    expect(res.body).toMatchObject({ rating: 5, ratingsCount: 1 });
  });

  it('is the same figure in lists, stays exact under concurrent reviews, and follows edits and flags', async () => {
    const id = freshBook();
    await server.db.update(books).set({ rating: 3, ratingsCount: 10 }).where(eq(books.id, id));
    const [title] = await server.db.select({ title: books.title }).from(books).where(eq(books.id, id));
    const readers = await Promise.all(Array.from({ length: 6 }, () => newReader()));
    const made = await Promise.all(readers.map((r) => r.submit(id, { rating: 5, comment: 'Loved it' })));
    expect(made.map((m) => m.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const [row] = await server.db
      .select({ rating: books.rating, ratingsCount: books.ratingsCount, reviewCount: books.reviewCount })
      .from(books)
      .where(eq(books.id, id));
    // (3 × 10 + 5 × 6) / 16
    expect(row).toMatchObject({ ratingsCount: 16, reviewCount: 6 });
    expect(row!.rating).toBeCloseTo(3.75, 5);
    const search = await server.request<{ items: { id: string; volumeInfo: { averageRating: number } }[] }>(
      `/api/search?q=${encodeURIComponent(title!.title)}`,
    );
    expect(search.body.items.find((i) => i.id === id)?.volumeInfo.averageRating).toBe(3.75);

    // An edit moves it: (30 + 25 + 1) / 16.
    await readers[0]!.patch(made[0]!.body.id, { rating: 1 });
    const detail = () => server.request<BookDetail>(`/api/books/${encodeURIComponent(id)}`);
    expect((await detail()).body).toMatchObject({ rating: 3.5, ratingsCount: 16 });
    // Three reports flag a review: it leaves the public figure (30 + 20 + 1) / 15.
    const reporters = await Promise.all([newReader(), newReader(), newReader()]);
    for (const r of reporters) await r.report(made[1]!.body.id, { reason: 'spam' });
    expect((await detail()).body).toMatchObject({ rating: 3.4, ratingsCount: 15 });
  });
});

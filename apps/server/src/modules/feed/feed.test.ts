import type { BookListDetail, FeedEntry, FeedPage } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { connectedSocket, createClub, roundTrip, waitFor } from '../../../test/clubs-helpers.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { follow, insertGenreBook, newReader, setPrivacy, type Reader } from '../../../test/social-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function feedOf(reader: Reader, query = ''): Promise<FeedPage> {
  const result = await server.request<FeedPage>(`/api/feed${query}`, { token: reader.token });
  expect(result.status).toBe(200);
  return result.body;
}

/** The feed as `[kind, book title | list | club]`, newest first. */
async function summary(reader: Reader): Promise<string[][]> {
  return (await feedOf(reader)).items.map((entry) => [
    entry.kind,
    entry.book?.title ?? entry.club?.name ?? entry.list?.title ?? '',
  ]);
}

async function startReading(
  reader: Reader,
  bookId: string,
  status: 'currentlyReading' | 'completed' = 'currentlyReading',
) {
  await server.request('/api/reading-list', { token: reader.token, body: { bookId, status: 'wantToRead' } });
  await server.request(`/api/reading-list/${bookId}`, {
    method: 'PATCH',
    token: reader.token,
    body: { status },
  });
}

async function review(reader: Reader, bookId: string, fields: Record<string, unknown> = {}) {
  return (
    await server.request<{ id: string }>(`/api/books/${bookId}/reviews`, {
      token: reader.token,
      body: { rating: 4, comment: 'Worth every page.', visibility: 'public', ...fields },
    })
  ).body.id;
}

describe('GET /api/feed', () => {
  it('shows what the people I follow started, finished, rated, reviewed, listed and joined, newest first', async () => {
    const me = await newReader(server);
    const friend = await newReader(server, 'Hana Tadesse');
    const stranger = await newReader(server);
    await follow(server, me, friend);
    const [oromay, tobia, kadmas] = [
      await insertGenreBook(server, 'Oromay'),
      await insertGenreBook(server, 'Tobia'),
      await insertGenreBook(server, 'Kadmas'),
    ];
    await startReading(friend, oromay);
    await startReading(friend, tobia, 'completed');
    const reviewId = await review(friend, tobia, { rating: 3, comment: 'Slow  start,\n great end.' });
    await server.request(`/api/reviews/${reviewId}`, {
      method: 'PATCH',
      token: friend.token,
      body: { rating: 5 },
    });
    const list = await server.request<BookListDetail>('/api/lists', {
      token: friend.token,
      body: { title: 'Ethiopian classics' },
    });
    await server.request(`/api/lists/${list.body.id}/books`, {
      token: friend.token,
      body: { bookId: kadmas },
    });
    const club = await createClub(server.request, stranger.token, { name: 'Addis readers' });
    await server.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: friend.token });
    // Nobody I do not follow shows up, and neither do I.
    await startReading(stranger, kadmas);
    await startReading(me, kadmas);

    expect(await summary(me)).toEqual([
      ['joinedClub', 'Addis readers'],
      ['listed', 'Kadmas'],
      ['rated', 'Tobia'],
      ['reviewed', 'Tobia'],
      ['finished', 'Tobia'],
      ['started', 'Oromay'],
    ]);
    const page = await feedOf(me);
    const reviewed = page.items.find((entry) => entry.kind === 'reviewed');
    expect(reviewed).toMatchObject({
      actor: { id: friend.id, name: 'Hana Tadesse' },
      rating: 5,
      excerpt: 'Slow start, great end.',
      reviewId,
    });
    expect(page.items.find((entry) => entry.kind === 'listed')?.list).toEqual({
      id: list.body.id,
      title: 'Ethiopian classics',
    });
    expect(page.nextCursor).toBeNull();
    expect(await summary(stranger)).toEqual([]);
  });

  it('pages with a cursor', async () => {
    const me = await newReader(server);
    const friend = await newReader(server);
    await follow(server, me, friend);
    for (let i = 0; i < 5; i += 1) await startReading(friend, await insertGenreBook(server, `Book ${i}`));
    const first = await feedOf(me, '?limit=2');
    expect(first.items.map((entry) => entry.book?.title)).toEqual(['Book 4', 'Book 3']);
    const second = await feedOf(me, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((entry) => entry.book?.title)).toEqual(['Book 2', 'Book 1']);
    const third = await feedOf(me, `?limit=2&cursor=${second.nextCursor}`);
    expect(third).toMatchObject({ items: [{ book: { title: 'Book 0' } }], nextCursor: null });
    expect((await server.request('/api/feed?cursor=abc', { token: me.token })).status).toBe(400);
    expect((await server.request('/api/feed')).status).toBe(401);
  });

  it("respects each actor's privacy, private reviews, private lists and private clubs", async () => {
    const me = await newReader(server);
    const friend = await newReader(server);
    const other = await newReader(server);
    await follow(server, me, friend);
    const [a, b, c] = [
      await insertGenreBook(server, 'A'),
      await insertGenreBook(server, 'B'),
      await insertGenreBook(server, 'C'),
    ];

    await review(friend, a, { visibility: 'private' });
    const shown = await review(friend, b);
    const privateList = await server.request<BookListDetail>('/api/lists', {
      token: friend.token,
      body: { title: 'Only mine', visibility: 'private' },
    });
    await server.request(`/api/lists/${privateList.body.id}/books`, {
      token: friend.token,
      body: { bookId: c },
    });
    const secret = await createClub(server.request, other.token, { visibility: 'private' });
    await server.request(`/api/clubs/${secret.id}/join`, { method: 'POST', token: friend.token });
    await server.request(`/api/clubs/${secret.id}/requests/${friend.id}`, {
      token: other.token,
      body: { decision: 'approve' },
    });
    await startReading(friend, c);
    expect(await summary(me)).toEqual([
      ['started', 'C'],
      ['reviewed', 'B'],
    ]);

    // A hidden reading list hides reading activity; a private profile hides everything.
    await setPrivacy(server, friend, { showReadingList: false });
    expect(await summary(me)).toEqual([['reviewed', 'B']]);
    await setPrivacy(server, friend, { profileVisibility: 'private' });
    expect(await summary(me)).toEqual([]);
    await setPrivacy(server, friend, { profileVisibility: 'public' });

    // A review made private, or taken down, leaves the feed.
    await server.request(`/api/reviews/${shown}`, {
      method: 'PATCH',
      token: friend.token,
      body: { visibility: 'private' },
    });
    expect(await summary(me)).toEqual([['started', 'C']]);
    await server.request(`/api/reviews/${shown}`, {
      method: 'PATCH',
      token: friend.token,
      body: { visibility: 'public' },
    });
    expect((await summary(me))[0]).toEqual(['reviewed', 'B']);
    await server.request(`/api/reviews/${shown}`, { method: 'DELETE', token: friend.token });
    expect(await summary(me)).toEqual([['started', 'C']]);

    // A list turned private hides what went on it; leaving a club takes the entry back.
    const list = await server.request<BookListDetail>('/api/lists', {
      token: friend.token,
      body: { title: 'Shared' },
    });
    await server.request(`/api/lists/${list.body.id}/books`, { token: friend.token, body: { bookId: a } });
    const club = await createClub(server.request, other.token);
    await server.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: friend.token });
    expect((await summary(me)).slice(0, 2).map(([kind]) => kind)).toEqual(['joinedClub', 'listed']);
    await server.request(`/api/lists/${list.body.id}`, {
      method: 'PATCH',
      token: friend.token,
      body: { visibility: 'private' },
    });
    await server.request(`/api/clubs/${club.id}/membership`, { method: 'DELETE', token: friend.token });
    expect(await summary(me)).toEqual([['started', 'C']]);
  });

  it("follows a moderator's decision: a rejected review leaves the feed, an approved one comes back", async () => {
    const me = await newReader(server);
    const friend = await newReader(server);
    const admin = await newReader(server);
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    await follow(server, me, friend);
    const reviewId = await review(friend, await insertGenreBook(server, 'Moderated'));
    expect(await summary(me)).toEqual([['reviewed', 'Moderated']]);
    const moderate = (status: string) =>
      server.request(`/api/admin/reviews/${reviewId}`, {
        method: 'PATCH',
        token: admin.token,
        body: { status },
      });
    expect((await moderate('rejected')).status).toBe(200);
    expect(await summary(me)).toEqual([]);
    expect((await moderate('approved')).status).toBe(200);
    expect(await summary(me)).toEqual([['reviewed', 'Moderated']]);
  });

  it('shows a followers-only reader to approved followers only, and nobody across a block', async () => {
    const me = await newReader(server);
    const guarded = await newReader(server);
    await setPrivacy(server, guarded, { profileVisibility: 'followers' });
    await server.request(`/api/readers/${guarded.id}/follow`, { method: 'POST', token: me.token });
    await startReading(guarded, await insertGenreBook(server, 'Awaiting approval'));
    expect(await summary(me)).toEqual([]);
    await server.request(`/api/me/follow-requests/${me.id}`, {
      token: guarded.token,
      body: { decision: 'approve' },
    });
    expect(await summary(me)).toEqual([['started', 'Awaiting approval']]);
    await server.request(`/api/readers/${me.id}/block`, { method: 'POST', token: guarded.token });
    expect(await summary(me)).toEqual([]);
  });
});

describe('the live feed over the socket', () => {
  it('sends new entries to followers who may see them, and withdrawals', async () => {
    const follower = await newReader(server);
    const outsider = await newReader(server);
    const actor = await newReader(server, 'Dawit Live');
    await follow(server, follower, actor);
    const [followerSocket, outsiderSocket] = await Promise.all([
      connectedSocket(server.url, follower.token),
      connectedSocket(server.url, outsider.token),
    ]);
    try {
      const received: FeedEntry[] = [];
      const withdrawn: string[] = [];
      const strayed: FeedEntry[] = [];
      followerSocket.on('feed:new', ({ entry }) => received.push(entry));
      followerSocket.on('feed:removed', ({ ids }) => withdrawn.push(...ids));
      outsiderSocket.on('feed:new', ({ entry }) => strayed.push(entry));

      const book = await insertGenreBook(server, 'Live book');
      await startReading(actor, book);
      await waitFor(() => received.length === 1, 5000, 'the started entry');
      expect(received[0]).toMatchObject({
        kind: 'started',
        actor: { id: actor.id, name: 'Dawit Live' },
        book: { title: 'Live book' },
      });
      const reviewId = await review(actor, book);
      await waitFor(() => received.length === 2, 5000, 'the reviewed entry');
      expect(received[1]).toMatchObject({ kind: 'reviewed', reviewId });
      // The same entry as the REST feed shows.
      expect((await feedOf(follower)).items[0]).toEqual(received[1]);

      await server.request(`/api/reviews/${reviewId}`, {
        method: 'PATCH',
        token: actor.token,
        body: { visibility: 'private' },
      });
      await waitFor(() => withdrawn.length === 1, 5000, 'the withdrawal');
      expect(withdrawn).toEqual([received[1]!.id]);

      // Reading activity stays home when the actor hides the reading list.
      await setPrivacy(server, actor, { showReadingList: false });
      await startReading(actor, await insertGenreBook(server, 'Quiet book'));
      // The request answers after the feed's listeners ran (and pushed, had they pushed): what was
      // sent to these sockets came before their answers.
      await Promise.all([roundTrip(followerSocket), roundTrip(outsiderSocket)]);
      expect(received).toHaveLength(2);
      expect(strayed).toEqual([]);
    } finally {
      followerSocket.disconnect();
      outsiderSocket.disconnect();
    }
  });
});

import type {
  BookListDetail,
  ErrorBody,
  FollowRequestList,
  FollowResult,
  NotificationList,
  ReaderList,
  ReaderPage,
  ReaderPrivacy,
  ReaderProfile,
} from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, reviews } from '../../db/schema/index.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import {
  follow,
  insertGenreBook,
  newReader,
  setPrivacy,
  setStatus,
  type Reader,
} from '../../../test/social-helpers.js';
import {
  collectMessages,
  connectedSocket,
  createClub,
  joinRoom,
  sendMessage,
  waitFor,
} from '../../../test/clubs-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Who = 'anonymous' | 'stranger' | 'follower' | 'owner';

async function profileAs(reader: Reader, as: Reader | null) {
  return server.request<ReaderProfile & ErrorBody>(`/api/readers/${reader.id}`, { token: as?.token });
}

/** A reader with something on every part of the profile. */
async function busyReader(): Promise<Reader> {
  const owner = await newReader(server, 'Mihret Alemu');
  const book = await insertGenreBook(server, 'Oromay');
  await server.request('/api/account/profile', {
    method: 'PUT',
    token: owner.token,
    body: { name: 'Mihret Alemu', birthDate: '', location: 'Bahir Dar' },
  });
  await server.request('/api/reading-list', {
    token: owner.token,
    body: { bookId: book, status: 'wantToRead' },
  });
  await server.request(`/api/reading-list/${book}`, {
    method: 'PATCH',
    token: owner.token,
    body: { status: 'currentlyReading' },
  });
  await server.request(`/api/books/${book}/reviews`, {
    token: owner.token,
    body: { rating: 5, comment: 'A masterpiece of Ethiopian fiction.', visibility: 'public' },
  });
  const list = await server.request<BookListDetail>('/api/lists', {
    token: owner.token,
    body: { title: 'Books that stayed with me', visibility: 'public', mode: 'curated' },
  });
  await server.request(`/api/lists/${list.body.id}/books`, { token: owner.token, body: { bookId: book } });
  await server.request('/api/lists', {
    token: owner.token,
    body: { title: 'Secret wishlist', visibility: 'private', mode: 'curated' },
  });
  const club = await createClub(server.request, owner.token, { genre_focus: 'fiction' });
  expect(club.membership).toBe('moderator');
  return owner;
}

describe('GET /api/readers/:id in each privacy mode', () => {
  const expected: Record<'public' | 'followers' | 'private', Record<Who, 'full' | 'card' | 404>> = {
    public: { anonymous: 'full', stranger: 'full', follower: 'full', owner: 'full' },
    followers: { anonymous: 'card', stranger: 'card', follower: 'full', owner: 'full' },
    private: { anonymous: 404, stranger: 404, follower: 404, owner: 'full' },
  };

  it.each(Object.keys(expected) as Array<keyof typeof expected>)(
    'a %s profile: anonymous, stranger, follower and owner see what they may',
    async (mode) => {
      const owner = await busyReader();
      const stranger = await newReader(server);
      const follower = await newReader(server);
      await follow(server, follower, owner);
      await setPrivacy(server, owner, { profileVisibility: mode, showLocation: true });
      const viewers: Record<Who, Reader | null> = { anonymous: null, stranger, follower, owner };
      for (const who of Object.keys(viewers) as Who[]) {
        const result = await profileAs(owner, viewers[who]);
        const want = expected[mode][who];
        if (want === 404) {
          expect(result.status, `${mode} as ${who}`).toBe(404);
          expect(result.body.error.code).toBe('NOT_FOUND');
          continue;
        }
        expect(result.status, `${mode} as ${who}`).toBe(200);
        const profile = result.body;
        expect(profile).toMatchObject({ id: owner.id, name: 'Mihret Alemu', visibility: mode });
        expect(profile.counts.followers).toBe(1);
        if (want === 'card') {
          expect(profile.restricted).toBe(true);
          expect(profile).toMatchObject({
            location: null,
            readingListShown: false,
            currentlyReading: [],
            shelves: [],
            recentReviews: [],
            lists: [],
            clubs: [],
            counts: { booksRead: null, reviews: null, lists: null },
          });
          continue;
        }
        expect(profile.restricted).toBe(false);
        expect(profile.location).toBe('Bahir Dar');
        expect(profile.readingListShown).toBe(true);
        expect(profile.currentlyReading.map((book) => book.title)).toEqual(['Oromay']);
        expect(profile.shelves.map((shelf) => [shelf.status, shelf.count])).toEqual([
          ['currentlyReading', 1],
          ['wantToRead', 0],
          ['completed', 0],
        ]);
        expect(profile.recentReviews).toMatchObject([{ rating: 5, book: { title: 'Oromay' } }]);
        expect(profile.clubs).toHaveLength(1);
        expect(profile.counts).toMatchObject({ reviews: 1, booksRead: 0 });
        // The private list shows on the owner's own profile only.
        const titles = profile.lists.map((list) => list.title);
        expect(titles).toEqual(
          who === 'owner' ? ['Secret wishlist', 'Books that stayed with me'] : ['Books that stayed with me'],
        );
        expect(profile.viewer).toEqual({
          self: who === 'owner',
          follow: who === 'follower' ? 'following' : 'none',
          followsYou: false,
        });
      }
    },
  );

  it('hides the reading list and the location when the reader says so', async () => {
    const owner = await busyReader();
    await setPrivacy(server, owner, { showReadingList: false, showLocation: false });
    const seen = (await profileAs(owner, await newReader(server))).body;
    expect(seen).toMatchObject({
      readingListShown: false,
      shelves: [],
      currentlyReading: [],
      location: null,
    });
    // What is not the reading list still shows.
    expect(seen.recentReviews).toHaveLength(1);
  });

  it('counts only what the viewer may see: reviews, books read, followers, club members', async () => {
    const owner = await newReader(server, 'Tsion Bekele');
    const viewer = await newReader(server);
    const blockedFollower = await newReader(server);
    const suspendedFollower = await newReader(server);
    const follower = await newReader(server);
    const ids = await Promise.all(
      ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((t) => insertGenreBook(server, t)),
    );
    const [shown, alsoShown, privately, flagged, rejected, removed] = ids as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    // Six reviews, of which a visitor may see two: one private, one flagged, one rejected, one of a
    // book taken out of the catalogue.
    const reviewIds: Record<string, string> = {};
    for (const bookId of ids) {
      const written = await server.request<{ id: string }>(`/api/books/${bookId}/reviews`, {
        token: owner.token,
        body: { rating: 4, comment: 'Worth it.', visibility: bookId === privately ? 'private' : 'public' },
      });
      expect(written.status).toBe(201);
      reviewIds[bookId] = written.body.id;
    }
    await server.db.update(reviews).set({ status: 'flagged' }).where(eq(reviews.id, reviewIds[flagged]!));
    await server.db.update(reviews).set({ status: 'rejected' }).where(eq(reviews.id, reviewIds[rejected]!));
    // Four books finished, one of them later taken out of the catalogue.
    for (const bookId of [shown, alsoShown, privately, removed]) {
      await server.request('/api/reading-list', {
        token: owner.token,
        body: { bookId, status: 'wantToRead' },
      });
      await server.request(`/api/reading-list/${bookId}`, {
        method: 'PATCH',
        token: owner.token,
        body: { status: 'completed' },
      });
    }
    await server.db.update(books).set({ status: 'inactive' }).where(eq(books.id, removed));
    // Three followers: one the viewer blocked, one suspended since; all in the owner's club.
    const club = await createClub(server.request, owner.token);
    for (const reader of [follower, blockedFollower, suspendedFollower]) {
      await follow(server, reader, owner);
      expect(
        (await server.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: reader.token })).status,
      ).toBe(200);
    }
    await setStatus(server, suspendedFollower, 'suspended');
    await server.request(`/api/readers/${blockedFollower.id}/block`, { method: 'POST', token: viewer.token });

    const seen = (await profileAs(owner, viewer)).body;
    expect(seen.recentReviews).toHaveLength(2);
    const completed = seen.shelves.find((shelf) => shelf.status === 'completed')!;
    expect(completed.books).toHaveLength(3);
    const followers = await server.request<ReaderPage>(`/api/readers/${owner.id}/followers`, {
      token: viewer.token,
    });
    expect(followers.body.items.map((item) => item.id)).toEqual([follower.id]);
    const members = await server.request<{ items: unknown[] }>(`/api/clubs/${club.id}/members`, {
      token: viewer.token,
    });
    expect(seen.counts).toEqual({
      followers: followers.body.items.length,
      following: 0,
      booksRead: completed.books.length,
      reviews: seen.recentReviews.length,
      lists: 0,
    });
    expect(completed.count).toBe(completed.books.length);
    // The club's member list and count leave out only the reader the viewer blocked.
    expect(members.body.items).toHaveLength(3);
    expect(seen.clubs).toMatchObject([{ id: club.id, member_count: members.body.items.length }]);
    const visitor = (await profileAs(owner, null)).body;
    expect(visitor.counts).toMatchObject({ followers: 2, booksRead: 3, reviews: 2 });
    expect(visitor.clubs).toMatchObject([{ member_count: 4 }]);

    // A hidden reading list hides its count too.
    await setPrivacy(server, owner, { showReadingList: false });
    expect((await profileAs(owner, viewer)).body.counts).toMatchObject({ booksRead: null, reviews: 2 });
  });

  it('has no profile for suspended or deleted readers, nor for unknown ids', async () => {
    const suspended = await newReader(server);
    const deleted = await newReader(server);
    const viewer = await newReader(server);
    await setStatus(server, suspended, 'suspended');
    await setStatus(server, deleted, 'deleted');
    for (const reader of [suspended, deleted]) {
      expect((await profileAs(reader, null)).status).toBe(404);
      expect((await profileAs(reader, viewer)).status).toBe(404);
      expect((await server.request(`/api/readers/${reader.id}/followers`)).status).toBe(404);
    }
    expect((await server.request('/api/readers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await server.request('/api/readers/not-a-uuid')).status).toBe(400);
  });
});

describe('following', () => {
  it('follows a public profile at once and a followers-only one after approval', async () => {
    const open = await newReader(server);
    const guarded = await newReader(server);
    const fan = await newReader(server);
    await setPrivacy(server, guarded, { profileVisibility: 'followers' });

    const first = await server.request<FollowResult>(`/api/readers/${open.id}/follow`, {
      method: 'POST',
      token: fan.token,
    });
    expect(first).toMatchObject({ status: 200, body: { state: 'following' } });
    const again = await server.request<FollowResult>(`/api/readers/${open.id}/follow`, {
      method: 'POST',
      token: fan.token,
    });
    expect(again.body).toEqual({ state: 'following' });

    const asked = await server.request<FollowResult>(`/api/readers/${guarded.id}/follow`, {
      method: 'POST',
      token: fan.token,
    });
    expect(asked.body).toEqual({ state: 'requested' });
    expect((await profileAs(guarded, fan)).body).toMatchObject({
      restricted: true,
      viewer: { follow: 'requested' },
    });
    const requests = await server.request<FollowRequestList>('/api/me/follow-requests', {
      token: guarded.token,
    });
    expect(requests.body.items.map((item) => item.user.id)).toEqual([fan.id]);

    // Only the one asked decides.
    const byOther = await server.request(`/api/me/follow-requests/${fan.id}`, {
      token: open.token,
      body: { decision: 'approve' },
    });
    expect(byOther.status).toBe(404);
    const approved = await server.request(`/api/me/follow-requests/${fan.id}`, {
      token: guarded.token,
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(204);
    expect((await profileAs(guarded, fan)).body).toMatchObject({
      restricted: false,
      viewer: { follow: 'following' },
    });
    expect((await profileAs(fan, guarded)).body.viewer.followsYou).toBe(true);

    const following = await server.request<ReaderPage>(`/api/readers/${fan.id}/following`);
    expect(following.body.items.map((item) => item.id).sort()).toEqual([open.id, guarded.id].sort());

    // The notifications each side got.
    const guardedNotes = await server.request<NotificationList>('/api/notifications', {
      token: guarded.token,
    });
    expect(guardedNotes.body.items.map((item) => item.kind)).toEqual(['followRequest']);
    const openNotes = await server.request<NotificationList>('/api/notifications', { token: open.token });
    expect(openNotes.body.items.map((item) => item.kind)).toEqual(['newFollower']);
    const fanNotes = await server.request<NotificationList>('/api/notifications', { token: fan.token });
    expect(fanNotes.body.items).toMatchObject([{ kind: 'followAccepted', actor: { id: guarded.id } }]);
  });

  it('declines, withdraws, unfollows and removes followers', async () => {
    const owner = await newReader(server);
    const a = await newReader(server);
    const b = await newReader(server);
    await setPrivacy(server, owner, { profileVisibility: 'followers' });
    for (const reader of [a, b])
      await server.request(`/api/readers/${owner.id}/follow`, { method: 'POST', token: reader.token });

    expect(
      (
        await server.request(`/api/me/follow-requests/${a.id}`, {
          token: owner.token,
          body: { decision: 'decline' },
        })
      ).status,
    ).toBe(204);
    expect(
      (await server.request(`/api/readers/${owner.id}/follow`, { method: 'DELETE', token: b.token })).status,
    ).toBe(204);
    expect(
      (await server.request<FollowRequestList>('/api/me/follow-requests', { token: owner.token })).body.items,
    ).toEqual([]);
    expect(
      (
        await server.request(`/api/me/follow-requests/${a.id}`, {
          token: owner.token,
          body: { decision: 'approve' },
        })
      ).status,
    ).toBe(404);

    await follow(server, a, owner);
    expect((await profileAs(owner, a)).body.restricted).toBe(false);
    expect(
      (await server.request(`/api/me/followers/${a.id}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(204);
    expect((await profileAs(owner, a)).body).toMatchObject({ restricted: true, viewer: { follow: 'none' } });

    await setPrivacy(server, owner, { profileVisibility: 'public' });
    await follow(server, b, owner);
    expect(
      (await server.request(`/api/readers/${owner.id}/follow`, { method: 'DELETE', token: b.token })).status,
    ).toBe(204);
    expect((await profileAs(owner, b)).body.counts.followers).toBe(0);
  });

  it('making the profile public approves every pending request', async () => {
    const owner = await newReader(server);
    const fan = await newReader(server);
    await setPrivacy(server, owner, { profileVisibility: 'followers' });
    await server.request(`/api/readers/${owner.id}/follow`, { method: 'POST', token: fan.token });
    await setPrivacy(server, owner, { profileVisibility: 'public' });
    expect((await profileAs(owner, fan)).body.viewer.follow).toBe('following');
  });

  it('refuses oneself (409), private and hidden profiles (404) and visitors (401)', async () => {
    const me = await newReader(server);
    const hermit = await newReader(server);
    const suspended = await newReader(server);
    await setPrivacy(server, hermit, { profileVisibility: 'private' });
    await setStatus(server, suspended, 'suspended');
    const self = await server.request<ErrorBody>(`/api/readers/${me.id}/follow`, {
      method: 'POST',
      token: me.token,
    });
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe('You cannot follow yourself');
    for (const target of [hermit, suspended])
      expect(
        (await server.request(`/api/readers/${target.id}/follow`, { method: 'POST', token: me.token }))
          .status,
      ).toBe(404);
    const anonymous = await server.request<ErrorBody>(`/api/readers/${hermit.id}/follow`, {
      method: 'POST',
      lang: 'am',
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe('አንባቢዎችን ለመከተልና ግላዊነትዎን ለማስተዳደር እባክዎ ይግቡ');
  });

  it('pages followers newest first with a cursor, and hides them from those who may not see the profile', async () => {
    const owner = await newReader(server);
    const fans = [await newReader(server), await newReader(server), await newReader(server)];
    for (const fan of fans) await follow(server, fan, owner);
    const first = await server.request<ReaderPage>(`/api/readers/${owner.id}/followers?limit=2`);
    expect(first.body.items.map((item) => item.id)).toEqual([fans[2]!.id, fans[1]!.id]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await server.request<ReaderPage>(
      `/api/readers/${owner.id}/followers?limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(second.body).toMatchObject({ items: [{ id: fans[0]!.id }], nextCursor: null });
    // The asker's own follow state of each.
    await follow(server, fans[0]!, fans[1]!);
    const seen = await server.request<ReaderPage>(`/api/readers/${owner.id}/followers`, {
      token: fans[0]!.token,
    });
    expect(seen.body.items.find((item) => item.id === fans[1]!.id)?.follow).toBe('following');
    expect((await server.request(`/api/readers/${owner.id}/followers?cursor=garbage`)).status).toBe(400);

    await setPrivacy(server, owner, { profileVisibility: 'followers' });
    const stranger = await newReader(server);
    expect(
      (await server.request(`/api/readers/${owner.id}/followers`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await server.request(`/api/readers/${owner.id}/following`)).status).toBe(404);
    expect(
      (await server.request(`/api/readers/${owner.id}/followers`, { token: fans[0]!.token })).status,
    ).toBe(200);
  });

  it('validates the privacy body', async () => {
    const me = await newReader(server);
    const saved = await server.request<ReaderPrivacy>('/api/me/privacy', { token: me.token });
    expect(saved.body).toEqual({
      profileVisibility: 'public',
      showReadingList: true,
      showLocation: false,
      reviewsPrivate: false,
    });
    const wrong = await server.request<ErrorBody>('/api/me/privacy', {
      method: 'PUT',
      token: me.token,
      body: { profileVisibility: 'everyone', showReadingList: 'yes' },
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.error.fields ?? {})).toEqual(
      expect.arrayContaining(['profileVisibility', 'showReadingList', 'showLocation']),
    );
  });
});

describe('blocking', () => {
  it('hides the two from each other and ends every follow between them', async () => {
    const blocker = await newReader(server);
    const blocked = await newReader(server);
    await follow(server, blocker, blocked);
    await follow(server, blocked, blocker);
    expect(
      (await server.request(`/api/readers/${blocked.id}/block`, { method: 'POST', token: blocker.token }))
        .status,
    ).toBe(204);

    expect((await profileAs(blocked, blocker)).status).toBe(404);
    expect((await profileAs(blocker, blocked)).status).toBe(404);
    // Others still see both, with no follow between them left.
    expect((await profileAs(blocker, null)).body.counts).toMatchObject({ followers: 0, following: 0 });
    expect((await profileAs(blocked, null)).body.counts).toMatchObject({ followers: 0, following: 0 });
    for (const [who, whom] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const)
      expect(
        (await server.request(`/api/readers/${whom.id}/follow`, { method: 'POST', token: who.token })).status,
      ).toBe(404);

    const list = await server.request<ReaderList>('/api/me/blocks', { token: blocker.token });
    expect(list.body.items.map((item) => item.id)).toEqual([blocked.id]);
    expect(
      (await server.request(`/api/readers/${blocker.id}/block`, { method: 'POST', token: blocker.token }))
        .status,
    ).toBe(409);

    expect(
      (await server.request(`/api/readers/${blocked.id}/block`, { method: 'DELETE', token: blocker.token }))
        .status,
    ).toBe(204);
    expect((await profileAs(blocked, blocker)).status).toBe(200);
    expect((await profileAs(blocked, blocker)).body.viewer.follow).toBe('none');
  });

  it('hides reviews and replies both ways, and refuses replying or reacting across the block', async () => {
    const a = await newReader(server, 'Alemitu Blocker');
    const b = await newReader(server, 'Bekele Blocked');
    const c = await newReader(server, 'Chaltu Bystander');
    const book = await insertGenreBook(server, 'Fikir Eske Mekabir');
    const review = async (who: Reader, comment: string) =>
      (
        await server.request<{ id: string }>(`/api/books/${book}/reviews`, {
          token: who.token,
          body: { rating: 4, comment, visibility: 'public' },
        })
      ).body.id;
    const byA = await review(a, 'A wrote this');
    const byB = await review(b, 'B wrote this');
    const byC = await review(c, 'C wrote this');
    await server.request(`/api/reviews/${byC}/replies`, { token: b.token, body: { text: 'B replies to C' } });
    await server.request(`/api/reviews/${byC}/replies`, { token: a.token, body: { text: 'A replies to C' } });

    await server.request(`/api/readers/${b.id}/block`, { method: 'POST', token: a.token });

    type Listed = { items: Array<{ id: string; replies: Array<{ text: string }> }> };
    const seenBy = async (who: Reader) =>
      (await server.request<Listed>(`/api/books/${book}/reviews`, { token: who.token })).body.items;
    expect((await seenBy(a)).map((item) => item.id).sort()).toEqual([byA, byC].sort());
    expect((await seenBy(a)).find((item) => item.id === byC)?.replies.map((r) => r.text)).toEqual([
      'A replies to C',
    ]);
    expect((await seenBy(b)).map((item) => item.id).sort()).toEqual([byB, byC].sort());
    expect((await seenBy(b)).find((item) => item.id === byC)?.replies.map((r) => r.text)).toEqual([
      'B replies to C',
    ]);
    expect((await seenBy(c)).map((item) => item.id).sort()).toEqual([byA, byB, byC].sort());

    expect(
      (await server.request(`/api/reviews/${byB}/replies`, { token: a.token, body: { text: 'hi' } })).status,
    ).toBe(404);
    expect(
      (
        await server.request(`/api/reviews/${byA}/reaction`, {
          method: 'PUT',
          token: b.token,
          body: { type: 'like' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.request(`/api/reviews/${byA}/reports`, { token: b.token, body: { reason: 'spam' } }))
        .status,
    ).toBe(404);
  });

  it('removes what each was told of the other and tells them nothing more', async () => {
    const a = await newReader(server);
    const b = await newReader(server);
    const c = await newReader(server);
    const book = await insertGenreBook(server, 'Kadmas Bashager');
    const review = await server.request<{ id: string }>(`/api/books/${book}/reviews`, {
      token: a.token,
      body: { rating: 5, comment: 'Loved it', visibility: 'public' },
    });
    await server.request(`/api/reviews/${review.body.id}/reaction`, {
      method: 'PUT',
      token: b.token,
      body: { type: 'like' },
    });
    await follow(server, b, a);
    const notesOf = async (who: Reader) =>
      (await server.request<NotificationList>('/api/notifications', { token: who.token })).body;
    expect((await notesOf(a)).items.map((item) => item.kind).sort()).toEqual(['newFollower', 'reviewLike']);

    await server.request(`/api/readers/${a.id}/block`, { method: 'POST', token: b.token });
    expect(await notesOf(a)).toMatchObject({ items: [], unreadCount: 0 });

    // A club's moderator (b) changing the book tells the members, except the one blocked with b.
    const club = await createClub(server.request, b.token);
    for (const member of [a, c])
      await server.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: member.token });
    const next = await insertGenreBook(server, 'Another book');
    await server.request(`/api/clubs/${club.id}`, {
      method: 'PATCH',
      token: b.token,
      body: { currentBookId: next },
    });
    expect((await notesOf(a)).items).toEqual([]);
    expect((await notesOf(c)).items.map((item) => item.kind)).toEqual(['clubCurrentBook']);
  });

  it("hides each one's lists from the other", async () => {
    const a = await newReader(server);
    const b = await newReader(server);
    const book = await insertGenreBook(server, 'Lists across a block', ['history']);
    const made = await server.request<BookListDetail>('/api/lists', {
      token: b.token,
      body: { title: 'Ethiopian history', visibility: 'public', mode: 'open' },
    });
    await server.request(`/api/lists/${made.body.id}/books`, { token: b.token, body: { bookId: book } });
    expect((await server.request(`/api/lists/${made.body.id}`, { token: a.token })).status).toBe(200);
    await server.request(`/api/readers/${b.id}/block`, { method: 'POST', token: a.token });
    expect((await server.request(`/api/lists/${made.body.id}`, { token: a.token })).status).toBe(404);
    const genre = await server.request<{ items: Array<{ id: string }> }>('/api/genres/history/lists', {
      token: a.token,
    });
    expect(genre.body.items.map((item) => item.id)).not.toContain(made.body.id);
    const anonymous = await server.request<{ items: Array<{ id: string }> }>('/api/genres/history/lists');
    expect(anonymous.body.items.map((item) => item.id)).toContain(made.body.id);
  });

  it('keeps chat messages from reaching across a block, live and in the history', async () => {
    const a = await newReader(server);
    const b = await newReader(server);
    const c = await newReader(server);
    const club = await createClub(server.request, c.token);
    for (const member of [a, b])
      await server.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: member.token });
    await server.request(`/api/readers/${b.id}/block`, { method: 'POST', token: a.token });
    const sockets = await Promise.all([a, b, c].map((reader) => connectedSocket(server.url, reader.token)));
    try {
      for (const socket of sockets) expect(await joinRoom(socket, club.id)).toMatchObject({ ok: true });
      const [seenByA, seenByB, seenByC] = sockets.map((socket) => collectMessages(socket));
      expect(await sendMessage(sockets[1]!, club.id, 'from b')).toMatchObject({ ok: true });
      expect(await sendMessage(sockets[0]!, club.id, 'from a')).toMatchObject({ ok: true });
      expect(await sendMessage(sockets[2]!, club.id, 'from c')).toMatchObject({ ok: true });
      await waitFor(
        () => seenByC!.length === 3 && seenByA!.length === 2 && seenByB!.length === 2,
        5000,
        'the messages',
      );
      expect(seenByA!.map((m) => m.content)).toEqual(['from a', 'from c']);
      expect(seenByB!.map((m) => m.content)).toEqual(['from b', 'from c']);
      type Page = { items: Array<{ content: string }> };
      const history = async (who: Reader) =>
        (await server.request<Page>(`/api/clubs/${club.id}/messages`, { token: who.token })).body.items.map(
          (m) => m.content,
        );
      expect(await history(a)).toEqual(['from a', 'from c']);
      expect(await history(b)).toEqual(['from b', 'from c']);
      expect(await history(c)).toEqual(['from b', 'from a', 'from c']);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
});

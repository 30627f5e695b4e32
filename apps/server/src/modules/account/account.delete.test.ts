import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type {
  BookDetail,
  BookListDetail,
  ClubMessageList,
  ClubTopicDetail,
  ClubTopic,
  ErrorBody,
  MeResponse,
  Review,
} from '@nebab/shared';
import { count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blocks,
  bookActivity,
  bookListItems,
  bookLists,
  bookListVotes,
  clubMemberships,
  clubMessages,
  clubs,
  clubTopicReplies,
  clubTopics,
  feedEntries,
  follows,
  imports,
  newsletterSubscriptions,
  notificationMail,
  notificationPreferences,
  notifications,
  preferences,
  readerPrivacy,
  readingGoals,
  readingListEntries,
  readingListReads,
  reviewReactions,
  reviewReplies,
  reviews,
  sessions,
  shelves,
  users,
} from '../../db/schema/index.js';
import {
  connectedSocket,
  createClub,
  insertBook,
  joinRoom,
  sendMessage,
} from '../../../test/clubs-helpers.js';
import { startTestServer, type TestResponse, type TestServer } from '../../../test/helpers.js';
import { follow, newReader, type Reader } from '../../../test/social-helpers.js';
import { PNG } from '../../../test/upload-fixtures.js';
import { createDomainEvents } from '../../lib/domain-events.js';
import { silentLogger } from '../../lib/logger.js';
import { memoryRateLimiters } from '../../lib/rate-limiter.js';
import { createLocalStorage } from '../../lib/storage.js';
import { readerErasers } from '../../services.leaving.js';
import { selectRows } from '../../db/sql-helpers.js';
import { createAuthRepository } from '../auth/auth.repository.js';
import { createUsersRepository } from '../users/users.repository.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';
import { createAccountRepository } from './account.repository.js';
import { createAccountService, type DeletedReader } from './account.service.js';
import { createTwoFactor } from './two-factor.service.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Answer<T> = T & ErrorBody;
const PASSWORD = 'Secret@2024';

const call = <T>(
  pathname: string,
  who: Reader | null,
  init: { method?: string; body?: unknown; lang?: 'en' | 'am' } = {},
) => server.request<Answer<T>>(pathname, { token: who?.token, ...init });

const expectStatus = async <T>(promise: Promise<TestResponse<T>>, status: number) => {
  const result = await promise;
  expect(result.status, result.text).toBe(status);
  return result;
};

const deleteAccount = (who: Reader, password: string, lang?: 'en' | 'am') =>
  call<unknown>('/api/account', who, { method: 'DELETE', body: { password }, lang });

/** How many rows of `table` match `where`. */
async function countWhere(table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await server.db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

async function uploadAvatar(who: Reader): Promise<string> {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
  const response = await fetch(`${server.url}/api/account/avatar`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${who.token}` },
    body: form,
  });
  const body = (await response.json()) as MeResponse;
  expect(response.status).toBe(200);
  return body.user.profile_picture ?? '';
}

async function review(who: Reader, bookId: string, rating: number): Promise<Review> {
  const result = await expectStatus(
    call<Review>(`/api/books/${bookId}/reviews`, who, { body: { rating, comment: `Rated ${rating}.` } }),
    201,
  );
  return result.body;
}

async function topic(who: Reader, clubId: string, title: string): Promise<ClubTopic> {
  const result = await expectStatus(
    call<ClubTopic>(`/api/clubs/${clubId}/topics`, who, { body: { title, body: 'What did you think?' } }),
    201,
  );
  return result.body;
}

describe('DELETE /api/account', () => {
  it('erases the reader everywhere, keeps their chat and topics as "Deleted reader", passes their clubs on', async () => {
    const leaver = await newReader(server, 'Liya Kebede');
    const other = await newReader(server, 'Omar Hassen');
    const third = await newReader(server, 'Tigist Alemu');
    const blocked = await newReader(server, 'Blen Tadesse');
    const email = (
      await server.db.select({ email: users.email }).from(users).where(eq(users.id, leaver.id))
    )[0]?.email;
    if (!email) throw new Error('no email');

    // The profile, picture, preferences, newsletter, goal.
    await expectStatus(
      call('/api/account/profile', leaver, {
        method: 'PUT',
        body: { name: 'Liya Kebede', birthDate: '1990-05-01', location: 'Addis Ababa' },
      }),
      200,
    );
    const pictureUrl = await uploadAvatar(leaver);
    const pictureFile = path.basename(pictureUrl);
    await expectStatus(
      call('/api/preferences', leaver, {
        method: 'PUT',
        body: {
          languages: ['am'],
          genres: ['fantasy'],
          ageGroup: 'adult',
          bookLength: 'medium',
          authors: [],
        },
      }),
      200,
    );
    await expectStatus(call('/api/newsletter', null, { body: { email } }), 202);
    await expectStatus(
      call('/api/notifications/preferences', leaver, {
        method: 'PUT',
        body: {
          replies: true,
          reactions: false,
          clubs: true,
          moderation: true,
          newsletter: true,
          follows: true,
        },
      }),
      200,
    );
    await expectStatus(call('/api/me/goal', leaver, { method: 'PUT', body: { year: 2025, books: 12 } }), 200);
    await expectStatus(
      call('/api/me/privacy', leaver, {
        method: 'PUT',
        body: { profileVisibility: 'public', showReadingList: true, showLocation: true },
      }),
      200,
    );

    // Reading list, a read, a shelf.
    const book = await insertBook(server.db, 'Fikir Eske Mekabir');
    const otherBook = await insertBook(server.db, 'Oromay', 'Bealu Girma');
    await expectStatus(
      call('/api/reading-list', leaver, { body: { bookId: book, status: 'wantToRead' } }),
      201,
    );
    await expectStatus(
      call(`/api/reading-list/${book}`, leaver, { method: 'PATCH', body: { status: 'completed' } }),
      200,
    );
    const shelf = await expectStatus(
      call<{ id: string }>('/api/shelves', leaver, { body: { name: 'Classics' } }),
      201,
    );
    const shelfId = shelf.body.id;
    await expectStatus(call(`/api/shelves/${shelfId}/books/${book}`, leaver, { method: 'PUT' }), 204);

    // Reviews both ways: the book's rating counts the leaver's 5 and the other's 3.
    const leaverReview = await review(leaver, book, 5);
    const otherReview = await review(other, book, 3);
    await expectStatus(
      call(`/api/reviews/${otherReview.id}/replies`, leaver, { body: { text: 'I disagree.' } }),
      201,
    );
    await expectStatus(
      call(`/api/reviews/${otherReview.id}/reaction`, leaver, { method: 'PUT', body: { type: 'dislike' } }),
      200,
    );
    await expectStatus(
      call(`/api/reviews/${leaverReview.id}/replies`, other, { body: { text: 'Lovely review.' } }),
      201,
    );
    const before = await call<BookDetail>(`/api/books/${book}`, null);
    expect(before.body).toMatchObject({ rating: 4, ratingsCount: 2 });

    // Follows both ways, a block, a list of their own and a vote on another's.
    await follow(server, leaver, other);
    await follow(server, other, leaver);
    await expectStatus(call(`/api/readers/${blocked.id}/block`, leaver, { method: 'POST' }), 204);
    const ownList = await expectStatus(
      call<BookListDetail>('/api/lists', leaver, { body: { title: 'My favourites' } }),
      201,
    );
    const ownListId = ownList.body.id;
    await expectStatus(call(`/api/lists/${ownListId}/books`, leaver, { body: { bookId: book } }), 201);
    const othersList = await expectStatus(
      call<BookListDetail>('/api/lists', other, { body: { title: 'Open to all', mode: 'open' } }),
      201,
    );
    const othersListId = othersList.body.id;
    await expectStatus(call(`/api/lists/${othersListId}/books`, other, { body: { bookId: otherBook } }), 201);
    await expectStatus(call(`/api/lists/${othersListId}/books`, leaver, { body: { bookId: book } }), 201);
    await expectStatus(
      call(`/api/lists/${othersListId}/books/${otherBook}/vote`, leaver, {
        method: 'PUT',
        body: { value: 1 },
      }),
      200,
    );

    // An import (arranged directly: its parsing has its own tests).
    await server.db
      .insert(imports)
      .values({ userId: leaver.id, source: 'goodreads', status: 'done', fileName: 'x.csv' });

    // Notification mail's token and digest claim (made by the first notification mail).
    await server.db
      .insert(notificationMail)
      .values({ userId: leaver.id, unsubscribeToken: `test-${leaver.id}`, lastDigestAt: new Date() });

    // Clubs: one they alone moderate with two members (the longest-standing takes over), one of their
    // own with nobody else (it goes), one of another reader's where they talk.
    const theirs = await createClub(server.request, leaver.token);
    await expectStatus(call(`/api/clubs/${theirs.id}/join`, other, { method: 'POST' }), 200);
    await expectStatus(call(`/api/clubs/${theirs.id}/join`, third, { method: 'POST' }), 200);
    const alone = await createClub(server.request, leaver.token);
    const othersClub = await createClub(server.request, other.token);
    await expectStatus(call(`/api/clubs/${othersClub.id}/join`, leaver, { method: 'POST' }), 200);
    const socket = await connectedSocket(server.url, leaver.token);
    try {
      expect((await joinRoom(socket, othersClub.id)).ok).toBe(true);
      expect((await sendMessage(socket, othersClub.id, 'Chapter three made me cry.')).ok).toBe(true);
    } finally {
      socket.disconnect();
    }
    const leaverTopic = await topic(leaver, othersClub.id, 'The ending');
    await expectStatus(
      call(`/api/clubs/${othersClub.id}/topics/${leaverTopic.id}/replies`, leaver, {
        body: { body: 'And the river.' },
      }),
      201,
    );

    // Notifications both ways exist before.
    expect(
      await countWhere(
        notifications,
        or(eq(notifications.recipientId, leaver.id), eq(notifications.actorId, leaver.id)),
      ),
    ).toBeGreaterThan(0);

    // Every kind of row the reader keeps is there before.
    const id = leaver.id;
    const gone: Array<[string, PgTable, SQL | undefined]> = [
      ['sessions', sessions, eq(sessions.userId, id)],
      ['preferences', preferences, eq(preferences.userId, id)],
      ['privacy', readerPrivacy, eq(readerPrivacy.userId, id)],
      ['reading list', readingListEntries, eq(readingListEntries.userId, id)],
      ['reads', readingListReads, eq(readingListReads.userId, id)],
      ['shelves', shelves, eq(shelves.userId, id)],
      ['goals', readingGoals, eq(readingGoals.userId, id)],
      ['follows', follows, or(eq(follows.followerId, id), eq(follows.followeeId, id))],
      ['blocks', blocks, or(eq(blocks.blockerId, id), eq(blocks.blockedId, id))],
      ['imports', imports, eq(imports.userId, id)],
      ['notifications', notifications, or(eq(notifications.recipientId, id), eq(notifications.actorId, id))],
      ['notification choices', notificationPreferences, eq(notificationPreferences.userId, id)],
      ['notification mail', notificationMail, eq(notificationMail.userId, id)],
      ['newsletter', newsletterSubscriptions, eq(newsletterSubscriptions.email, email)],
      ['reviews', reviews, eq(reviews.userId, id)],
      ['replies', reviewReplies, eq(reviewReplies.userId, id)],
      ['reactions', reviewReactions, eq(reviewReactions.userId, id)],
      ['replies to their review', reviewReplies, eq(reviewReplies.reviewId, leaverReview.id)],
      ['lists', bookLists, eq(bookLists.ownerId, id)],
      ['votes', bookListVotes, eq(bookListVotes.userId, id)],
      ['list items added', bookListItems, eq(bookListItems.addedBy, id)],
      ['feed', feedEntries, eq(feedEntries.actorId, id)],
      ['memberships', clubMemberships, eq(clubMemberships.userId, id)],
      ['activity', bookActivity, eq(bookActivity.userId, id)],
    ];
    for (const [what, table, where] of gone) expect(await countWhere(table, where), what).toBeGreaterThan(0);

    await expectStatus(deleteAccount(leaver, PASSWORD), 204);

    // Signed out everywhere, cannot sign in, no profile, no picture.
    expect((await call('/api/auth/me', leaver)).status).toBe(401);
    const login = await call('/api/auth/login', null, { body: { email, password: PASSWORD } });
    expect(login.status).toBe(401);
    expect((await call(`/api/readers/${leaver.id}`, other)).status).toBe(404);
    expect((await call(`/api/readers/${leaver.id}`, null)).status).toBe(404);
    expect((await fetch(`${server.url}${pictureUrl}`)).status).toBe(404);
    expect(await readdir(path.join(server.config.dataDir, 'uploads', 'avatars'))).not.toContain(pictureFile);

    // The account row is an anonymous tombstone.
    const [tomb] = await server.db.select().from(users).where(eq(users.id, leaver.id));
    expect(tomb).toMatchObject({
      status: 'deleted',
      name: 'Deleted reader',
      passwordHash: null,
      profilePicture: null,
      profilePictureKey: null,
      birthDate: null,
      location: null,
      recoveryEmail: null,
      role: 'user',
    });
    expect(tomb?.email).not.toBe(email);

    // Every one of them is gone.
    for (const [what, table, where] of gone) expect(await countWhere(table, where), what).toBe(0);

    // The book's rating follows: only the other reader's 3 is left.
    const after = await call<BookDetail>(`/api/books/${book}`, null);
    expect(after.body).toMatchObject({ rating: 3, ratingsCount: 1 });
    // The other's list keeps the book the leaver added, without their vote.
    const list = await call<BookListDetail>(`/api/lists/${othersListId}`, other);
    expect(list.body.items.map((item) => item.book.id).sort()).toEqual([book, otherBook].sort());
    expect(list.body.items.find((item) => item.book.id === otherBook)?.votes).toBe(1);
    expect((await call(`/api/lists/${ownListId}`, null)).status).toBe(404);

    // Their club passed to its longest-standing member; the club with nobody else went.
    const members = await server.db
      .select({ userId: clubMemberships.userId, state: clubMemberships.state })
      .from(clubMemberships)
      .where(eq(clubMemberships.clubId, theirs.id));
    expect(members).toEqual(
      expect.arrayContaining([
        { userId: other.id, state: 'moderator' },
        { userId: third.id, state: 'member' },
      ]),
    );
    expect(members).toHaveLength(2);
    expect(await countWhere(clubs, inArray(clubs.id, [alone.id]))).toBe(0);

    // Chat messages, topics and replies stay, as "Deleted reader" without a picture, in both languages.
    expect(await countWhere(clubMessages, eq(clubMessages.userId, id))).toBe(1);
    expect(await countWhere(clubTopics, eq(clubTopics.userId, id))).toBe(1);
    expect(await countWhere(clubTopicReplies, eq(clubTopicReplies.userId, id))).toBe(1);
    const chat = await call<ClubMessageList>(`/api/clubs/${othersClub.id}/messages`, other);
    expect(chat.body.items).toEqual([
      expect.objectContaining({
        content: 'Chapter three made me cry.',
        user: { id, name: 'Deleted reader', profile_picture: null },
      }),
    ]);
    const chatAm = await call<ClubMessageList>(`/api/clubs/${othersClub.id}/messages`, other, { lang: 'am' });
    expect(chatAm.body.items[0]?.user.name).toBe('የተሰረዘ አንባቢ');
    const thread = await call<ClubTopicDetail>(`/api/clubs/${othersClub.id}/topics/${leaverTopic.id}`, other);
    expect(thread.status).toBe(200);
    expect(JSON.stringify(thread.body)).not.toContain('Liya');
    expect(JSON.stringify(thread.body)).toContain('Deleted reader');

    // The same address can start afresh.
    const again = await call('/api/auth/signup', null, {
      body: { fullName: 'Liya Kebede', email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(again.status).toBe(201);
  });

  it('refuses a wrong or missing password and keeps the account', async () => {
    const reader = await newReader(server);
    const wrong = await deleteAccount(reader, 'Not@MyPassword1', 'am');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields?.password).toBe('የአሁኑ የይለፍ ቃል ትክክል አይደለም');
    const missing = await call('/api/account', reader, { method: 'DELETE', body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields?.password).toBe('Password is required');
    const noBody = await call('/api/account', reader, { method: 'DELETE' });
    expect(noBody.status).toBe(400);
    expect(noBody.body.error.code).toBe('VALIDATION');
    expect((await call('/api/auth/me', reader)).status).toBe(200);
  });

  it('refuses the last admin, and lets an admin go once another remains', async () => {
    const admin = await newReader(server, 'Admin Only');
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const refused = await deleteAccount(admin, PASSWORD);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'You are the only admin. Make another reader an admin before you delete your account.',
    );
    const refusedAm = await deleteAccount(admin, PASSWORD, 'am');
    expect(refusedAm.body.error.message).toBe('እርስዎ ብቸኛው አስተዳዳሪ ነዎት። መለያዎን ከመሰረዝዎ በፊት ሌላ አንባቢን አስተዳዳሪ ያድርጉ።');
    expect((await call('/api/auth/me', admin)).status).toBe(200);

    const second = await newReader(server, 'Second Admin');
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.id, second.id));
    await expectStatus(deleteAccount(admin, PASSWORD), 204);
    expect((await deleteAccount(second, PASSWORD)).status).toBe(409);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'waits for an import batch in flight and erases what it wrote, without a deadlock (PostgreSQL)',
    async () => {
      const reader = await newReader(server, 'Importing Reader');
      const book = await insertBook(server.db, 'Tobbya');
      const [started] = await server.db
        .insert(imports)
        .values({ userId: reader.id, source: 'goodreads', status: 'running' })
        .returning();
      if (!started) throw new Error('no import');
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let claimed = () => {};
      const claim = new Promise<void>((resolve) => (claimed = resolve));
      // A batch of the import, as imports.service applies one: the import claimed, then the rows written.
      const batch = server.db.transaction(async (tx) => {
        await tx.select().from(imports).where(eq(imports.id, started.id)).for('update');
        claimed();
        await released;
        await tx.insert(readingListEntries).values({ userId: reader.id, bookId: book, status: 'wantToRead' });
      });
      await claim;
      const deleting = deleteAccount(reader, PASSWORD);
      // Once the deletion waits for the batch's lock, the batch writes its rows and commits.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [waiting] = await selectRows<{ n: number }>(
          server.db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((waiting?.n ?? 0) > 0) break;
        if (Date.now() > deadline) throw new Error('the deletion never waited for the batch');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      release();
      await batch;
      expect((await deleting).status).toBe(204);
      expect(await countWhere(readingListEntries, eq(readingListEntries.userId, reader.id))).toBe(0);
      expect(await countWhere(imports, eq(imports.userId, reader.id))).toBe(0);
    },
  );

  describe('the account service', () => {
    /** The account service over the test database, with these erasers and this hook. */
    function accountService(
      erasers: readonly ReaderEraser[],
      onAccountDeleted?: (r: DeletedReader) => Promise<void>,
    ) {
      const { db } = server;
      const account = createAccountRepository(db);
      return createAccountService({
        db,
        account,
        authRepo: createAuthRepository(db),
        users: createUsersRepository(db),
        twoFactor: createTwoFactor({ db, account, rateLimiters: memoryRateLimiters() }),
        storage: createLocalStorage(path.join(server.config.dataDir, 'uploads')),
        events: createDomainEvents(silentLogger),
        logger: silentLogger,
        erasers,
        onAccountDeleted,
      });
    }

    const actorOf = async (reader: Reader) => {
      const [session] = await server.db.select().from(sessions).where(eq(sessions.userId, reader.id));
      return { userId: reader.id, role: 'user' as const, sessionId: session?.id ?? '' };
    };

    it('erases nothing when any part fails: one transaction', async () => {
      const reader = await newReader(server, 'Half Written');
      const book = await insertBook(server.db, 'Yesterday');
      await review(reader, book, 4);
      const failing: ReaderEraser = () => Promise.reject(new Error('the disk is full'));
      const service = accountService([...readerErasers.slice(0, -1), failing, ...readerErasers.slice(-1)]);
      await expect(service.deleteAccount(await actorOf(reader), PASSWORD)).rejects.toThrow(
        'the disk is full',
      );
      expect(await countWhere(reviews, eq(reviews.userId, reader.id))).toBe(1);
      expect(await countWhere(sessions, eq(sessions.userId, reader.id))).toBe(1);
      expect((await call('/api/auth/me', reader)).status).toBe(200);
    });

    it('tells onAccountDeleted who left, once the account is gone', async () => {
      const reader = await newReader(server, 'Told Reader');
      await expectStatus(
        call('/api/account/display', reader, { method: 'PUT', body: { language: 'am' } }),
        200,
      );
      const told: DeletedReader[] = [];
      const service = accountService(readerErasers, async (who) => {
        expect((await call('/api/auth/me', reader)).status).toBe(401);
        told.push(who);
      });
      await service.deleteAccount(await actorOf(reader), PASSWORD);
      expect(told).toEqual([expect.objectContaining({ id: reader.id, name: 'Told Reader', language: 'am' })]);
      expect(told[0]?.email).toMatch(/@example\.org$/);
    });
  });
});

import {
  DEFAULT_EMAIL_CHOICES,
  type ErrorBody,
  type Notification,
  type NotificationChoices,
  type NotificationList,
  type NotificationPush,
  type Review,
  type UnreadCount,
} from '@nebab/shared';
import { asc, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books, users } from '../../db/schema/index.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
let bookIds: string[];
let nextBook = 0;
let admins: Reader[];

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const freshBook = () => bookIds[nextBook++]!;

interface Reader {
  id: string;
  token: string;
  name: string;
}

async function newReader(fullName = 'Abebe Bikila'): Promise<Reader> {
  const account = await signUp(server, { fullName });
  return { id: account.response.user.id, token: account.token, name: fullName };
}

async function newAdmin(fullName: string): Promise<Reader> {
  const reader = await newReader(fullName);
  await server.db.update(users).set({ role: 'admin' }).where(eq(users.id, reader.id));
  return reader;
}

const list = (reader: Reader, query = '') =>
  server.request<NotificationList & ErrorBody>(`/api/notifications${query}`, { token: reader.token });
const unread = async (reader: Reader) =>
  (await server.request<UnreadCount>('/api/notifications/unread-count', { token: reader.token })).body
    .unreadCount;
const patch = (reader: Reader, id: string, body: unknown) =>
  server.request<Notification & ErrorBody>(`/api/notifications/${id}`, {
    method: 'PATCH',
    token: reader.token,
    body,
  });
const remove = (reader: Reader, id: string) =>
  server.request<ErrorBody>(`/api/notifications/${id}`, { method: 'DELETE', token: reader.token });
const saveChoices = (reader: Reader, body: unknown) =>
  server.request<NotificationChoices & ErrorBody>('/api/notifications/preferences', {
    method: 'PUT',
    token: reader.token,
    body,
  });

async function writeReview(reader: Reader, bookId = freshBook()): Promise<Review> {
  const res = await server.request<Review>(`/api/books/${encodeURIComponent(bookId)}/reviews`, {
    token: reader.token,
    body: { rating: 4, comment: 'A fine read.' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const reply = (reader: Reader, reviewId: string, text = 'I agree with you') =>
  server.request(`/api/reviews/${reviewId}/replies`, { token: reader.token, body: { text } });
const react = (reader: Reader, reviewId: string, type: 'like' | 'dislike' | null) =>
  server.request(`/api/reviews/${reviewId}/reaction`, { method: 'PUT', token: reader.token, body: { type } });

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
  expect(bookIds.length).toBeGreaterThanOrEqual(10);
  admins = [await newAdmin('Admin One'), await newAdmin('Admin Two')];
});
afterAll(() => server?.close());

describe('authentication', () => {
  it('answers 401 to anonymous callers on every endpoint', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', '/api/notifications', undefined],
      ['GET', '/api/notifications/unread-count', undefined],
      ['POST', '/api/notifications/read-all', undefined],
      ['PATCH', `/api/notifications/${MISSING_ID}`, { status: 'read' }],
      ['DELETE', `/api/notifications/${MISSING_ID}`, undefined],
      ['GET', '/api/notifications/preferences', undefined],
      ['PUT', '/api/notifications/preferences', { replies: true }],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.request<ErrorBody>(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('OpenAPI', () => {
  it('documents every notifications path', async () => {
    const res = await server.request<{ paths: Record<string, unknown> }>('/api/openapi.json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/notifications',
        '/api/notifications/unread-count',
        '/api/notifications/read-all',
        '/api/notifications/preferences',
        '/api/notifications/{id}',
      ]),
    );
  });
});

describe('review events', () => {
  it('a reply notifies the review author (with the replier, book and excerpt), not a self-reply', async () => {
    const author = await newReader('Tigist Haile');
    const replier = await newReader('Dawit Mekonnen');
    const bookId = freshBook();
    const review = await writeReview(author, bookId);

    expect((await reply(author, review.id, 'Replying to myself')).status).toBe(201);
    expect((await list(author)).body.items).toEqual([]);

    expect((await reply(replier, review.id, 'Loved   your take on this')).status).toBe(201);
    const res = await list(author);
    expect(res.status).toBe(200);
    expect(res.body.unreadCount).toBe(1);
    expect(res.body.total).toBe(1);
    expect(res.body.items).toHaveLength(1);
    const [item] = res.body.items;
    expect(item).toMatchObject({
      kind: 'reviewReply',
      status: 'unread',
      actor: { id: replier.id, name: 'Dawit Mekonnen', profile_picture: null },
      bookId,
      reviewId: review.id,
      clubId: null,
      data: { excerpt: 'Loved your take on this' },
    });
    expect(item!.data.bookTitle).toEqual(expect.any(String));
    expect((await list(replier)).body.items).toEqual([]);
  });

  it('a like notifies the author once per reader per review; dislikes and removals do not', async () => {
    const author = await newReader();
    const fan = await newReader('Fan Reader');
    const critic = await newReader();
    const review = await writeReview(author);

    await react(critic, review.id, 'dislike');
    expect((await list(author)).body.items).toEqual([]);

    await react(fan, review.id, 'like');
    await react(fan, review.id, 'like');
    let items = (await list(author)).body.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'reviewLike', actor: { id: fan.id }, reviewId: review.id });

    // read it, remove the like, like again: still one, unread again
    await patch(author, items[0]!.id, { status: 'read' });
    await react(fan, review.id, null);
    expect(await unread(author)).toBe(0);
    await react(fan, review.id, 'dislike');
    expect(await unread(author)).toBe(0);
    await react(fan, review.id, 'like');
    items = (await list(author)).body.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: items[0]!.id, status: 'unread', kind: 'reviewLike' });

    await react(critic, review.id, 'like');
    expect((await list(author)).body.items.map((n) => n.actor?.id).sort()).toEqual(
      [fan.id, critic.id].sort(),
    );
    // liking one's own review tells no one
    await react(author, review.id, 'like');
    expect((await list(author)).body.items).toHaveLength(2);
  });

  it('a review report notifies every admin, not the reporter or the author', async () => {
    const author = await newReader();
    const reporter = await newReader('Careful Reader');
    const review = await writeReview(author);
    const before = await Promise.all(admins.map(unread));

    const res = await server.request(`/api/reviews/${review.id}/reports`, {
      token: reporter.token,
      body: { reason: 'Spoilers without warning' },
    });
    expect(res.status).toBe(201);
    for (const [index, admin] of admins.entries()) {
      expect(await unread(admin)).toBe(before[index]! + 1);
      const [latest] = (await list(admin)).body.items;
      expect(latest).toMatchObject({
        kind: 'reviewReport',
        actor: { id: reporter.id },
        reviewId: review.id,
        bookId: review.bookId,
        data: { reason: 'Spoilers without warning', reportId: expect.any(String) },
      });
    }
    expect((await list(author)).body.items).toEqual([]);
    expect((await list(reporter)).body.items).toEqual([]);

    // reporting again refreshes the same notification
    await server.request(`/api/reviews/${review.id}/reports`, {
      token: reporter.token,
      body: { reason: 'Spoilers without warning' },
    });
    expect(await unread(admins[0]!)).toBe(before[0]! + 1);
  });

  it('a book report notifies every admin', async () => {
    const reporter = await newReader();
    const bookId = freshBook();
    const before = await Promise.all(admins.map(unread));
    const res = await server.request<{ id: string }>(`/api/books/${encodeURIComponent(bookId)}/reports`, {
      token: reporter.token,
      body: { reason: 'Wrong cover' },
    });
    expect(res.status).toBe(201);
    for (const [index, admin] of admins.entries()) {
      expect(await unread(admin)).toBe(before[index]! + 1);
      const [latest] = (await list(admin)).body.items;
      expect(latest).toMatchObject({
        kind: 'bookReport',
        actor: { id: reporter.id },
        bookId,
        reviewId: null,
        data: { reason: 'Wrong cover', reportId: res.body.id },
      });
    }
  });
});

describe('club and suggestion events', () => {
  const clubId = '11111111-1111-4111-8111-111111111111';

  it('a join request notifies the moderators; a decision notifies the requester', async () => {
    const moderator = await newReader('Club Moderator');
    const requester = await newReader('Keen Reader');
    await server.app.services.events.emit('club.joinRequested', {
      clubId,
      clubName: 'Addis Readers',
      actorId: requester.id,
      moderatorIds: [moderator.id, requester.id],
    });
    const [request] = (await list(moderator)).body.items;
    expect(request).toMatchObject({
      kind: 'clubJoinRequest',
      clubId,
      actor: { id: requester.id },
      data: { clubName: 'Addis Readers' },
    });
    expect((await list(requester)).body.items).toEqual([]);

    await server.app.services.events.emit('club.joinDecided', {
      clubId,
      clubName: 'Addis Readers',
      userId: requester.id,
      approved: true,
    });
    await server.app.services.events.emit('club.joinDecided', {
      clubId,
      clubName: 'Addis Readers',
      userId: requester.id,
      approved: false,
    });
    expect((await list(requester)).body.items.map((n) => n.kind)).toEqual([
      'clubJoinDeclined',
      'clubJoinApproved',
    ]);
  });

  it('a new current book and a meeting notify the members except the actor', async () => {
    const moderator = await newReader();
    const members = [await newReader(), await newReader()];
    const memberIds = [moderator.id, ...members.map((m) => m.id)];
    const bookId = freshBook();
    await server.app.services.events.emit('club.currentBookChanged', {
      clubId,
      clubName: 'Addis Readers',
      bookId,
      bookTitle: 'Fikir Eske Mekabir',
      memberIds,
      actorId: moderator.id,
    });
    await server.app.services.events.emit('club.meetingScheduled', {
      clubId,
      clubName: 'Addis Readers',
      startsAt: '2026-12-01T15:00:00.000Z',
      memberIds,
      actorId: moderator.id,
    });
    for (const member of members) {
      const items = (await list(member)).body.items;
      expect(items.map((n) => n.kind)).toEqual(['clubMeeting', 'clubCurrentBook']);
      expect(items[0]!.data).toEqual({ clubName: 'Addis Readers', startsAt: '2026-12-01T15:00:00.000Z' });
      expect(items[1]).toMatchObject({ bookId, clubId, data: { bookTitle: 'Fikir Eske Mekabir' } });
    }
    expect((await list(moderator)).body.items).toEqual([]);
  });

  it('a book suggestion notifies every admin', async () => {
    const reader = await newReader();
    await server.app.services.events.emit('book.suggested', {
      suggestionId: 'suggestion-1',
      title: 'Oromay',
      actorId: reader.id,
    });
    for (const admin of admins) {
      const [latest] = (await list(admin)).body.items;
      expect(latest).toMatchObject({
        kind: 'bookSuggested',
        actor: { id: reader.id },
        data: { title: 'Oromay', suggestionId: 'suggestion-1' },
      });
    }
  });
});

describe('reading, filtering and deleting', () => {
  async function readerWithReplies(count: number) {
    const author = await newReader();
    const review = await writeReview(author);
    for (let i = 0; i < count; i += 1) await reply(await newReader(`Replier ${i}`), review.id, `Reply ${i}`);
    return author;
  }

  it('lists newest first with paging and a status filter', async () => {
    const author = await readerWithReplies(3);
    const all = (await list(author)).body;
    expect(all.items.map((n) => n.data.excerpt)).toEqual(['Reply 2', 'Reply 1', 'Reply 0']);
    const page2 = (await list(author, '?page=2&pageSize=2')).body;
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3, unreadCount: 3 });
    expect(page2.items.map((n) => n.data.excerpt)).toEqual(['Reply 0']);

    await patch(author, all.items[1]!.id, { status: 'read' });
    const unreadOnly = (await list(author, '?status=unread')).body;
    expect(unreadOnly.items.map((n) => n.data.excerpt)).toEqual(['Reply 2', 'Reply 0']);
    expect(unreadOnly.total).toBe(2);
    const readOnly = (await list(author, '?status=read')).body;
    expect(readOnly.items.map((n) => n.data.excerpt)).toEqual(['Reply 1']);
    expect(readOnly.unreadCount).toBe(2);

    const bad = await list(author, '?status=archived&pageSize=500');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['pageSize', 'status']);
  });

  it('marks read and unread, marks all read, deletes', async () => {
    const author = await readerWithReplies(2);
    const [first, second] = (await list(author)).body.items;
    const read = await patch(author, first!.id, { status: 'read' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: first!.id, status: 'read' });
    expect(await unread(author)).toBe(1);
    expect((await patch(author, first!.id, { status: 'unread' })).body.status).toBe('unread');
    expect(await unread(author)).toBe(2);
    expect((await patch(author, first!.id, { status: 'gone' })).status).toBe(400);

    const all = await server.request<UnreadCount>('/api/notifications/read-all', {
      method: 'POST',
      token: author.token,
    });
    expect(all.body).toEqual({ unreadCount: 0 });
    expect((await list(author)).body.items.map((n) => n.status)).toEqual(['read', 'read']);

    expect((await remove(author, second!.id)).status).toBe(204);
    expect((await list(author)).body.items.map((n) => n.id)).toEqual([first!.id]);
    expect((await remove(author, second!.id)).status).toBe(404);
  });

  it("404 on another reader's notification (and it stays as it was)", async () => {
    const author = await readerWithReplies(1);
    const stranger = await newReader();
    const [item] = (await list(author)).body.items;
    const own = await server.request<Notification>(`/api/notifications/${item!.id}`, { token: author.token });
    expect(own.body).toEqual(item);
    expect((await server.request(`/api/notifications/${item!.id}`, { token: stranger.token })).status).toBe(
      404,
    );
    const patched = await patch(stranger, item!.id, { status: 'read' });
    expect(patched.status).toBe(404);
    expect(patched.body.error.code).toBe('NOT_FOUND');
    expect((await remove(stranger, item!.id)).status).toBe(404);
    expect((await patch(stranger, 'not-a-uuid', { status: 'read' })).status).toBe(400);
    expect((await list(author)).body.items).toMatchObject([{ id: item!.id, status: 'unread' }]);
  });
});

describe('notification choices', () => {
  it('answers the defaults, saves the choices and validates them', async () => {
    const reader = await newReader();
    const got = await server.request<NotificationChoices>('/api/notifications/preferences', {
      token: reader.token,
    });
    expect(got.body).toEqual({
      replies: true,
      reactions: true,
      clubs: true,
      moderation: true,
      newsletter: false,
      follows: true,
      email: DEFAULT_EMAIL_CHOICES,
    });
    // `follows` came later: a client that does not send it keeps it on.
    const choices = { replies: false, reactions: true, clubs: false, moderation: true, newsletter: true };
    const saved = await saveChoices(reader, choices);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...choices, follows: true, email: DEFAULT_EMAIL_CHOICES });
    expect((await server.request('/api/notifications/preferences', { token: reader.token })).body).toEqual({
      ...choices,
      follows: true,
      email: DEFAULT_EMAIL_CHOICES,
    });
    // Turned off, nobody's follow is announced.
    await saveChoices(reader, { ...choices, follows: false });
    const fan = await newReader();
    await server.request(`/api/readers/${reader.id}/follow`, { method: 'POST', token: fan.token });
    const list = await server.request<{ items: unknown[] }>('/api/notifications', { token: reader.token });
    expect(list.body.items).toEqual([]);
    const bad = await saveChoices(reader, { ...choices, replies: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('replies');
  });

  it('a reader who turned replies or likes off gets none; club choices cover club events', async () => {
    const author = await newReader();
    const other = await newReader();
    await saveChoices(author, {
      replies: false,
      reactions: false,
      clubs: false,
      moderation: true,
      newsletter: false,
    });
    const review = await writeReview(author);
    expect((await reply(other, review.id)).status).toBe(201);
    await react(other, review.id, 'like');
    await server.app.services.events.emit('club.meetingScheduled', {
      clubId: '22222222-2222-4222-8222-222222222222',
      clubName: 'Quiet Club',
      startsAt: '2026-12-01T15:00:00.000Z',
      memberIds: [author.id],
      actorId: other.id,
    });
    expect((await list(author)).body.items).toEqual([]);

    await saveChoices(author, {
      replies: true,
      reactions: false,
      clubs: false,
      moderation: true,
      newsletter: false,
    });
    await reply(other, review.id);
    expect((await list(author)).body.items.map((n) => n.kind)).toEqual(['reviewReply']);
  });
});

describe('live push', () => {
  function open(token: string): Promise<Socket> {
    const socket = connect(server.url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('sends notification:new with the unread count to the recipient only', async () => {
    const author = await newReader();
    const replier = await newReader('Live Replier');
    const review = await writeReview(author);
    const [authorSocket, replierSocket] = await Promise.all([open(author.token), open(replier.token)]);
    const replierGot: NotificationPush[] = [];
    replierSocket.on('notification:new', (push: NotificationPush) => replierGot.push(push));
    try {
      const received = new Promise<NotificationPush>((resolve) =>
        authorSocket.once('notification:new', resolve),
      );
      expect((await reply(replier, review.id, 'Live hello')).status).toBe(201);
      const push = await received;
      expect(push.unreadCount).toBe(1);
      expect(push.notification).toMatchObject({
        kind: 'reviewReply',
        status: 'unread',
        actor: { id: replier.id, name: 'Live Replier' },
        reviewId: review.id,
        data: { excerpt: 'Live hello' },
      });
      const [stored] = (await list(author)).body.items;
      expect(push.notification.id).toBe(stored!.id);
      expect(replierGot).toEqual([]);

      // Reading it on another device tells every socket of the reader the new count.
      const changed = new Promise<{ unreadCount: number }>((resolve) =>
        authorSocket.once('notification:changed', resolve),
      );
      await patch(author, stored!.id, { status: 'read' });
      expect(await changed).toEqual({ unreadCount: 0 });
    } finally {
      authorSocket.disconnect();
      replierSocket.disconnect();
    }
  });
});

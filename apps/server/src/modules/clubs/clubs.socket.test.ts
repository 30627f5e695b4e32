import {
  rooms,
  type ClubMessage,
  type ClubMessageList,
  type ClubRecentPayload,
  type ErrorBody,
} from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clubMessages } from '../../db/schema/index.js';
import {
  collectMessages,
  connectedSocket,
  createClub,
  joinRoom,
  nextEvent,
  roundTrip,
  sendMessage,
  waitFor,
  type ChatSocket,
} from '../../../test/clubs-helpers.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
const open: ChatSocket[] = [];

/** The chat's digest, shortened: every 100 ms, messages from 300 ms old. */
const DIGEST = { intervalMs: 100, settleMs: 300, spanMs: 15_000 };

beforeAll(async () => {
  server = await startTestServer({ chatDigest: DIGEST });
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(() => server?.close());

async function socketFor(token: string, lang?: 'en' | 'am'): Promise<ChatSocket> {
  const socket = await connectedSocket(server.url, token, { lang });
  open.push(socket);
  return socket;
}

async function history(clubId: string, token: string, query = ''): Promise<ClubMessageList> {
  const result = await server.request<ClubMessageList & ErrorBody>(`/api/clubs/${clubId}/messages${query}`, {
    token,
  });
  expect(result.status).toBe(200);
  return result.body;
}

/** A public club with a moderator and one more member. */
async function clubOfTwo(fields: Record<string, unknown> = {}) {
  const owner = await signUp(server, { fullName: 'Tsion Owner' });
  const member = await signUp(server, { fullName: 'Dawit Member' });
  const club = await createClub(server.request, owner.token, fields);
  const joined = await server.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: member.token });
  expect(joined.status).toBe(200);
  if (club.visibility === 'private') {
    const approved = await server.request(`/api/clubs/${club.id}/requests/${member.response.user.id}`, {
      token: owner.token,
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(204);
  }
  return { owner, member, club };
}

describe('club:join', () => {
  it('refuses outsiders (FORBIDDEN for public clubs, NOT_FOUND for private and unknown ones)', async () => {
    const { club } = await clubOfTwo();
    const { club: hidden } = await clubOfTwo({ visibility: 'private' });
    const outsider = await signUp(server);
    const socket = await socketFor(outsider.token);
    expect(await joinRoom(socket, club.id)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Only members of this club can do that',
    });
    expect(await joinRoom(socket, hidden.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await joinRoom(socket, '00000000-0000-4000-8000-000000000000')).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await socket.timeout(5000).emitWithAck('club:join', { clubId: 'nope' })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    // The socket was not put in the rooms.
    expect(await server.app.realtime.io.in(rooms.club(club.id)).fetchSockets()).toHaveLength(0);
    const refused = await sendMessage(socket, club.id, 'let me in');
    expect(refused).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await sendMessage(socket, hidden.id, 'let me in')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await server.db.select().from(clubMessages).where(eq(clubMessages.clubId, club.id))).toEqual([]);
  });

  it('puts members in the club room', async () => {
    const { member, club } = await clubOfTwo({ visibility: 'private' });
    const socket = await socketFor(member.token);
    expect(await joinRoom(socket, club.id)).toEqual({ ok: true, data: { clubId: club.id } });
    const inRoom = await server.app.realtime.io.in(rooms.club(club.id)).fetchSockets();
    expect(inRoom.map((remote) => remote.id)).toEqual([socket.id]);
    expect(await socket.timeout(5000).emitWithAck('club:leave', { clubId: club.id })).toEqual({
      ok: true,
      data: { clubId: club.id },
    });
    expect(await server.app.realtime.io.in(rooms.club(club.id)).fetchSockets()).toHaveLength(0);
  });
});

describe('club:message', () => {
  it('stores the message first, acks it, broadcasts it to the room, and GET /messages shows it', async () => {
    const { owner, member, club } = await clubOfTwo();
    const sender = await socketFor(owner.token);
    const listener = await socketFor(member.token);
    await joinRoom(sender, club.id);
    await joinRoom(listener, club.id);
    const received = collectMessages(listener);
    const echoed = collectMessages(sender);

    const ack = await sendMessage(sender, club.id, '  Selam <script>alert(1)</script>  ', 'c-1');
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const stored: ClubMessage = ack.data;
    expect(stored).toMatchObject({
      clubId: club.id,
      content: 'Selam <script>alert(1)</script>',
      user: { id: owner.response.user.id, name: 'Tsion Owner', profile_picture: null },
    });
    const [row] = await server.db.select().from(clubMessages).where(eq(clubMessages.id, stored.id));
    expect(row?.content).toBe('Selam <script>alert(1)</script>');

    await waitFor(() => received.length === 1 && echoed.length === 1, 5000, 'the broadcast');
    expect(received[0]).toEqual(stored);
    expect(echoed[0]).toEqual(stored);
    expect((await history(club.id, member.token)).items).toEqual([stored]);
  });

  it('validates the text (blank, too long) in the socket’s language', async () => {
    const { owner, club } = await clubOfTwo();
    const socket = await socketFor(owner.token, 'am');
    await joinRoom(socket, club.id);
    expect(await sendMessage(socket, club.id, '   ')).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'እባክዎ መልዕክት ይጻፉ',
    });
    expect(await sendMessage(socket, club.id, 'x'.repeat(2001))).toMatchObject({
      ok: false,
      code: 'VALIDATION',
      message: 'መልዕክቱ ከ2000 ፊደላት መብለጥ የለበትም',
    });
    expect(await sendMessage(socket, club.id, 'x'.repeat(2000))).toMatchObject({ ok: true });
  });

  it('limits each user to 5 messages in 5 seconds', async () => {
    const { owner, club } = await clubOfTwo();
    const socket = await socketFor(owner.token);
    await joinRoom(socket, club.id);
    const acks = [];
    for (let i = 0; i < 6; i += 1) acks.push(await sendMessage(socket, club.id, `message ${i}`));
    expect(acks.slice(0, 5).every((ack) => ack.ok)).toBe(true);
    expect(acks[5]).toMatchObject({
      ok: false,
      code: 'RATE_LIMITED',
      message: 'You are sending messages too quickly. Please wait a few seconds.',
    });
    const limited = acks[5];
    expect(limited && !limited.ok && limited.retryAfterMs).toBeGreaterThan(0);
    expect((await history(club.id, owner.token)).items).toHaveLength(5);
  });

  it('stops reaching a member who left, on every socket of theirs', async () => {
    const { owner, member, club } = await clubOfTwo();
    const sender = await socketFor(owner.token);
    const leaver = await socketFor(member.token);
    await joinRoom(sender, club.id);
    await joinRoom(leaver, club.id);
    const received = collectMessages(leaver);
    const removed = nextEvent(leaver, 'club:removed');
    const left = await server.request(`/api/clubs/${club.id}/membership`, {
      method: 'DELETE',
      token: member.token,
    });
    expect(left.status).toBe(204);
    expect(await removed).toEqual({ clubId: club.id });
    expect(await sendMessage(sender, club.id, 'after you left')).toMatchObject({ ok: true });
    expect(await sendMessage(leaver, club.id, 'still here?')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    // The room is sent to before the sender's ack, and the leaver's refused send was answered on
    // its own connection after anything sent to it before: nothing can still be on its way.
    expect(received).toEqual([]);
  });
});

describe('reconnection catch-up', () => {
  it('returns exactly the messages after the last one seen, in order, with paging', async () => {
    const { owner, member, club } = await clubOfTwo();
    const sender = await socketFor(owner.token);
    await joinRoom(sender, club.id);
    const first = await sendMessage(sender, club.id, 'one');
    if (!first.ok) throw new Error('send failed');

    // The member was offline for these.
    const missed: string[] = [];
    for (const text of ['two', 'three', 'four', 'five']) {
      const ack = await sendMessage(sender, club.id, text);
      if (ack.ok) missed.push(ack.data.id);
    }
    const member2 = await socketFor(member.token);
    expect(await joinRoom(member2, club.id)).toMatchObject({ ok: true });

    const page1 = await history(club.id, member.token, `?after=${first.data.id}&limit=3`);
    expect(page1.items.map((item) => item.content)).toEqual(['two', 'three', 'four']);
    expect(page1.hasMore).toBe(true);
    const page2 = await history(club.id, member.token, `?after=${page1.items.at(-1)!.id}&limit=3`);
    expect(page2.items.map((item) => item.content)).toEqual(['five']);
    expect(page2.hasMore).toBe(false);
    expect([...page1.items, ...page2.items].map((item) => item.id)).toEqual(missed);

    // Older history, newest last.
    const latest = await history(club.id, member.token, '?limit=2');
    expect(latest.items.map((item) => item.content)).toEqual(['four', 'five']);
    expect(latest.hasMore).toBe(true);
    const older = await history(club.id, member.token, `?before=${latest.items[0]!.id}&limit=10`);
    expect(older.items.map((item) => item.content)).toEqual(['one', 'two', 'three']);
    expect(older.hasMore).toBe(false);
  });
});

describe('club:recent (the digest of recent messages)', () => {
  it('lists to the room a message stored but never broadcast, sends a list once, and tells nobody else', async () => {
    const { owner, member, club } = await clubOfTwo();
    const { member: elsewhere, club: other } = await clubOfTwo();
    const reader = await socketFor(member.token);
    await joinRoom(reader, club.id);
    const digests: ClubRecentPayload[] = [];
    reader.on('club:recent', (digest) => digests.push(digest));
    const live = collectMessages(reader);
    const outside = await socketFor(elsewhere.token);
    await joinRoom(outside, other.id);
    const heardOutside: ClubRecentPayload[] = [];
    outside.on('club:recent', (digest) => heardOutside.push(digest));

    const sender = await socketFor(owner.token);
    const sent = await sendMessage(sender, club.id, 'sent live');
    if (!sent.ok) throw new Error('send failed');
    // What a node killed between storing a message and publishing it leaves behind.
    const [orphan] = await server.db
      .insert(clubMessages)
      .values({ clubId: club.id, userId: owner.response.user.id, content: 'stored, never broadcast' })
      .returning();
    await waitFor(() => digests.some((digest) => digest.ids.includes(orphan!.id)), 5000, 'the digest');
    expect(digests.at(-1)).toEqual({ clubId: club.id, ids: [sent.data.id, orphan!.id] });
    expect(live.map((message) => message.id)).toEqual([sent.data.id]);
    // A reader who lacks it fetches the latest page, as the web client does.
    const latest = await history(club.id, member.token, '?limit=100');
    expect(latest.items.map((message) => message.id)).toEqual([sent.data.id, orphan!.id]);

    // The same list is not sent again; other rooms never hear this club's.
    const heard = digests.length;
    await new Promise((resolve) => setTimeout(resolve, DIGEST.intervalMs * 5));
    expect(digests).toHaveLength(heard);
    expect(heardOutside).toEqual([]);
    expect(digests.every((digest) => digest.clubId === club.id)).toBe(true);
  });
});

describe('ended sessions', () => {
  it('disconnect the user’s sockets (all, all but one, or one session)', async () => {
    const account = await signUp(server);
    const first = await socketFor(account.token);
    const gone = new Promise<string>((resolve) => first.once('disconnect', resolve));
    await server.app.services.events.emit('user.sessionsEnded', { userId: account.response.user.id });
    expect(await gone).toBe('io server disconnect');

    const keep = await socketFor(account.token);
    const [remote] = await server.app.realtime.io.in(rooms.user(account.response.user.id)).fetchSockets();
    const sessionId = remote?.data.actor.sessionId;
    expect(sessionId).toBeDefined();
    await server.app.services.events.emit('user.sessionsEnded', {
      userId: account.response.user.id,
      exceptSessionId: sessionId,
    });
    // The sockets were dropped before emit resolved; a drop of this one would come before this answer.
    await roundTrip(keep);
    expect(keep.connected).toBe(true);
    const dropped = new Promise<string>((resolve) => keep.once('disconnect', resolve));
    await server.app.services.events.emit('user.sessionsEnded', {
      userId: account.response.user.id,
      sessionId,
    });
    expect(await dropped).toBe('io server disconnect');
  });

  it('logging out drops that session’s sockets and keeps the other session’s', async () => {
    const account = await signUp(server);
    const login = await server.request<{ token: string }>('/api/auth/login', {
      body: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(200);
    const leaving = await socketFor(account.token);
    const staying = await socketFor(login.body.token);
    const gone = new Promise<string>((resolve) => leaving.once('disconnect', resolve));
    expect((await server.request('/api/auth/logout', { method: 'POST', token: account.token })).status).toBe(
      204,
    );
    expect(await gone).toBe('io server disconnect');
    // The logout answers after the sockets are dropped; a drop of this one would come before this answer.
    await roundTrip(staying);
    expect(staying.connected).toBe(true);
  });
});

describe('club:members (the live member list)', () => {
  it('tells the moderator, outside the chat room, when a reader joins a public club', async () => {
    const owner = await signUp(server, { fullName: 'Tsion Owner' });
    const club = await createClub(server.request, owner.token);
    const moderator = await socketFor(owner.token);
    const told = nextEvent(moderator, 'club:members');
    const newcomer = await signUp(server, { fullName: 'Meron Newcomer' });
    expect(
      (await server.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: newcomer.token })).status,
    ).toBe(200);
    expect(await told).toEqual({ clubId: club.id });
  });

  it('tells members in the club room, and the moderator of a private club on a request and its approval', async () => {
    const { owner, member, club } = await clubOfTwo({ visibility: 'private' });
    const moderator = await socketFor(owner.token);
    const inRoom = await socketFor(member.token);
    expect((await joinRoom(inRoom, club.id)).ok).toBe(true);

    const asker = await signUp(server, { fullName: 'Lidya Asker' });
    const requestSeen = nextEvent(moderator, 'club:members');
    await server.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: asker.token });
    expect(await requestSeen).toEqual({ clubId: club.id });

    const moderatorSeesJoin = nextEvent(moderator, 'club:members');
    const roomSeesJoin = nextEvent(inRoom, 'club:members');
    const approved = await server.request(`/api/clubs/${club.id}/requests/${asker.response.user.id}`, {
      token: owner.token,
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(204);
    expect(await moderatorSeesJoin).toEqual({ clubId: club.id });
    expect(await roomSeesJoin).toEqual({ clubId: club.id });

    // A member leaving updates the list too, in the room and for the moderator outside it.
    const roomSeesLeave = nextEvent(inRoom, 'club:members');
    const moderatorSeesLeave = nextEvent(moderator, 'club:members');
    await server.request(`/api/clubs/${club.id}/membership`, { method: 'DELETE', token: asker.token });
    expect(await roomSeesLeave).toEqual({ clubId: club.id });
    expect(await moderatorSeesLeave).toEqual({ clubId: club.id });
  });

  it('tells nobody outside the club', async () => {
    const owner = await signUp(server, { fullName: 'Tsion Owner' });
    const club = await createClub(server.request, owner.token);
    const stranger = await signUp(server, { fullName: 'Yonas Stranger' });
    const strangerSocket = await socketFor(stranger.token);
    const heard: unknown[] = [];
    strangerSocket.on('club:members', (payload) => heard.push(payload));
    const moderator = await socketFor(owner.token);
    const told = nextEvent(moderator, 'club:members');
    const newcomer = await signUp(server, { fullName: 'Meron Newcomer' });
    await server.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: newcomer.token });
    await told;
    // The list went to every socket at once; had the stranger's, it came before this answer.
    await roundTrip(strangerSocket);
    expect(heard).toEqual([]);
  });
});

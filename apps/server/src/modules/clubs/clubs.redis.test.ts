/**
 * Club chat across two server nodes joined by the Redis adapter (TEST_REDIS_URL; `.ci/run` sets it).
 * With TEST_DATABASE_URL (PostgreSQL) the nodes are two separate processes over one fresh database;
 * on PGlite (one process only) they are two apps in this process sharing the file's database, each
 * with its own Socket.IO server and its own Redis adapter. Without TEST_REDIS_URL the suite is
 * skipped; with it, an unreachable Redis fails the suite.
 */
import type { ClubMessageList, ClubRecentPayload, ErrorBody, LoginResponse } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { CHAT_DIGEST } from '../../config.js';
import { createFetch, signUp, startTestServer, type TestFetch } from '../../../test/helpers.js';
import { createThrowawayDatabase, startServerNode } from '../../../test/server-process.js';

const redisUrl = process.env.TEST_REDIS_URL;
const maintenanceUrl = process.env.TEST_DATABASE_URL;

interface Node {
  url: string;
  request: TestFetch;
}

describe.skipIf(!redisUrl)('club chat on two nodes with Redis', () => {
  const nodes: Node[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const sockets: ChatSocket[] = [];
  let mode = '';

  beforeAll(async () => {
    const url = redisUrl!;
    if (maintenanceUrl) {
      mode = 'processes';
      const database = await createThrowawayDatabase(maintenanceUrl, 'nebab_chat');
      cleanups.push(() => database.drop());
      // One after the other: the first migrates the new database.
      for (let i = 0; i < 2; i += 1) {
        const node = await startServerNode({ databaseUrl: database.url, redisUrl: url });
        cleanups.unshift(() => node.stop());
        nodes.push({ url: node.url, request: createFetch(node.url) });
      }
    } else {
      mode = 'in-process';
      for (let i = 0; i < 2; i += 1) {
        const server = await startTestServer({ redisUrl: url });
        cleanups.unshift(() => server.close());
        nodes.push({ url: server.url, request: server.request });
      }
    }
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  });

  async function socketOn(node: Node, token: string): Promise<ChatSocket> {
    const socket = await connectedSocket(node.url, token);
    sockets.push(socket);
    return socket;
  }

  it('runs both nodes on the Redis adapter', async () => {
    expect(mode).toBe(maintenanceUrl ? 'processes' : 'in-process');
    for (const node of nodes) {
      expect((await node.request('/api/health')).body).toMatchObject({
        realtime: 'redis',
        db: mode === 'processes' ? 'postgres' : 'pglite',
      });
    }
  });

  it('delivers a message sent to node 1 to a member connected to node 2, stored once', async () => {
    const [one, two] = nodes as [Node, Node];
    const owner = await signUp(one, { fullName: 'Node One' });
    const member = await signUp(two, { fullName: 'Node Two' });
    const club = await createClub(one.request, owner.token);
    expect(
      (await two.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: member.token })).status,
    ).toBe(200);

    const sender = await socketOn(one, owner.token);
    const receiver = await socketOn(two, member.token);
    expect(await joinRoom(sender, club.id)).toMatchObject({ ok: true });
    expect(await joinRoom(receiver, club.id)).toMatchObject({ ok: true });
    const received = collectMessages(receiver);
    const echoed = collectMessages(sender);

    const ack = await sendMessage(sender, club.id, 'across the nodes');
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    await waitFor(() => received.length >= 1 && echoed.length >= 1, 5000, 'the cross-node broadcast');
    expect(received).toEqual([ack.data]);
    expect(echoed).toEqual([ack.data]);

    // And back: node 2 to node 1.
    const back = await sendMessage(receiver, club.id, 'and back');
    if (!back.ok) throw new Error(`send failed: ${back.code}`);
    await waitFor(() => echoed.length === 2, 5000, 'the reply on node 1');
    expect(echoed[1]).toEqual(back.data);

    const history = await one.request<ClubMessageList & ErrorBody>(`/api/clubs/${club.id}/messages`, {
      token: owner.token,
    });
    expect(history.body.items.map((item) => item.id)).toEqual([ack.data.id, back.data.id]);
  });

  it('sends the digest of recent messages to each node’s own sockets, once per list', async () => {
    const [one, two] = nodes as [Node, Node];
    const owner = await signUp(one);
    const member = await signUp(two);
    const club = await createClub(one.request, owner.token);
    await two.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: member.token });
    const onOne = await socketOn(one, owner.token);
    const onTwo = await socketOn(two, member.token);
    await joinRoom(onOne, club.id);
    await joinRoom(onTwo, club.id);
    const heard: Record<'one' | 'two', ClubRecentPayload[]> = { one: [], two: [] };
    onOne.on('club:recent', (digest) => heard.one.push(digest));
    onTwo.on('club:recent', (digest) => heard.two.push(digest));

    const ack = await sendMessage(onOne, club.id, 'listed a few seconds later');
    if (!ack.ok) throw new Error(`send failed: ${ack.code}`);
    const { settleMs, intervalMs } = CHAT_DIGEST;
    await waitFor(
      () => heard.one.length > 0 && heard.two.length > 0,
      settleMs + intervalMs * 3,
      'the digests',
    );
    await new Promise((resolve) => setTimeout(resolve, intervalMs * 2));
    // One list from each node to its own sockets: not one more from the other node.
    expect(heard).toEqual({
      one: [{ clubId: club.id, ids: [ack.data.id] }],
      two: [{ clubId: club.id, ids: [ack.data.id] }],
    });
  }, 20_000);

  it('takes a member who leaves on node 1 out of the room on node 2', async () => {
    const [one, two] = nodes as [Node, Node];
    const owner = await signUp(one);
    const member = await signUp(one);
    const club = await createClub(one.request, owner.token);
    await one.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: member.token });
    const receiver = await socketOn(two, member.token);
    const sender = await socketOn(two, owner.token);
    await joinRoom(receiver, club.id);
    await joinRoom(sender, club.id);
    const removed = nextEvent(receiver, 'club:removed');
    expect(
      (await one.request(`/api/clubs/${club.id}/membership`, { method: 'DELETE', token: member.token }))
        .status,
    ).toBe(204);
    expect(await removed).toEqual({ clubId: club.id });
    const received = collectMessages(receiver);
    const echoed = collectMessages(sender);
    expect(await sendMessage(sender, club.id, 'after leaving')).toMatchObject({ ok: true });
    await waitFor(() => echoed.length === 1, 5000, 'the echo');
    // Both sockets are on node 2, which sends to the room's local sockets at once, before the ack:
    // had the receiver been sent the message, it came before this answer.
    await roundTrip(receiver);
    expect(received).toEqual([]);
  });

  it('counts one chat rate limit per user across the nodes', async () => {
    const [one, two] = nodes as [Node, Node];
    const owner = await signUp(one);
    const club = await createClub(one.request, owner.token);
    const onOne = await socketOn(one, owner.token);
    const onTwo = await socketOn(two, owner.token);
    const acks = [];
    for (let i = 0; i < 6; i += 1)
      acks.push(await sendMessage(i % 2 === 0 ? onOne : onTwo, club.id, `m${i}`));
    expect(acks.slice(0, 5).every((ack) => ack.ok)).toBe(true);
    expect(acks[5]).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
  });

  it('drops the sockets of ended sessions on the other node', async () => {
    const [one, two] = nodes as [Node, Node];
    const account = await signUp(one);
    const login = await one.request<LoginResponse & ErrorBody>('/api/auth/login', {
      body: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(200);
    const other = await socketOn(two, login.body.token);
    const gone = new Promise<string>((resolve) => other.once('disconnect', resolve));
    // Sign out everywhere else, from the first session on node 1.
    expect(
      (await one.request('/api/account/sessions', { method: 'DELETE', token: account.token })).status,
    ).toBe(204);
    expect(await gone).toBe('io server disconnect');
  });
});

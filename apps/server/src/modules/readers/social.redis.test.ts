/**
 * The social pushes across two server nodes joined by the Redis adapter (TEST_REDIS_URL): a feed
 * entry made on one node reaches a follower connected to the other, and a chat message skips the
 * readers blocked with its sender on both nodes. Two apps in this process over the file's database.
 */
import type { FeedEntry } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectMessages,
  connectedSocket,
  createClub,
  joinRoom,
  roundTrip,
  sendMessage,
  waitFor,
  type ChatSocket,
} from '../../../test/clubs-helpers.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { follow, insertGenreBook, newReader } from '../../../test/social-helpers.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('social pushes on two nodes with Redis', () => {
  const nodes: TestServer[] = [];
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) nodes.push(await startTestServer({ redisUrl: redisUrl! }));
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const node of nodes) await node.close();
  });

  async function socketOn(node: TestServer, token: string): Promise<ChatSocket> {
    const socket = await connectedSocket(node.url, token);
    sockets.push(socket);
    return socket;
  }

  it('sends a feed entry made on node 1 to a follower on node 2', async () => {
    const [one, two] = nodes as [TestServer, TestServer];
    const actor = await newReader(one);
    const follower = await newReader(two);
    await follow(two, follower, actor);
    const socket = await socketOn(two, follower.token);
    const received: FeedEntry[] = [];
    socket.on('feed:new', ({ entry }) => received.push(entry));
    const book = await insertGenreBook(one, 'Across the nodes');
    await one.request('/api/reading-list', {
      token: actor.token,
      body: { bookId: book, status: 'wantToRead' },
    });
    await one.request(`/api/reading-list/${book}`, {
      method: 'PATCH',
      token: actor.token,
      body: { status: 'currentlyReading' },
    });
    await waitFor(() => received.length === 1, 5000, 'the entry on node 2');
    expect(received[0]).toMatchObject({ kind: 'started', book: { title: 'Across the nodes' } });
  });

  it('keeps a chat message from a reader blocked with its sender, on both nodes', async () => {
    const [one, two] = nodes as [TestServer, TestServer];
    const sender = await newReader(one);
    const blocker = await newReader(two);
    const friend = await newReader(two);
    const club = await createClub(one.request, sender.token);
    for (const member of [blocker, friend])
      await two.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: member.token });
    await two.request(`/api/readers/${sender.id}/block`, { method: 'POST', token: blocker.token });
    const senderSocket = await socketOn(one, sender.token);
    const blockerSocket = await socketOn(two, blocker.token);
    const friendSocket = await socketOn(two, friend.token);
    for (const socket of [senderSocket, blockerSocket, friendSocket])
      expect(await joinRoom(socket, club.id)).toMatchObject({ ok: true });
    const atBlocker = collectMessages(blockerSocket);
    const atFriend = collectMessages(friendSocket);
    expect(await sendMessage(senderSocket, club.id, 'hello from node 1')).toMatchObject({ ok: true });
    await waitFor(() => atFriend.length === 1, 5000, 'the message on node 2');
    // Node 2 sent the broadcast to all its sockets in the room at once (the friend has it): had the
    // blocker been sent it, it came before this answer.
    await roundTrip(blockerSocket);
    expect(atBlocker).toEqual([]);
  });
});

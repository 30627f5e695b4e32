import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { rooms } from '@nebab/shared';
import { signUp, startTestServer, type TestServer } from '../../test/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function open(
  auth: Record<string, unknown>,
): Promise<{ socket: Socket; error?: Error & { data?: { code?: string } } }> {
  const socket = connect(server.url, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, error }));
  });
}

describe('Socket.IO at /socket.io', () => {
  it('accepts a handshake with a live session token and puts the socket in its user room', async () => {
    const account = await signUp(server);
    const { socket, error } = await open({ token: account.token });
    try {
      expect(error).toBeUndefined();
      expect(socket.connected).toBe(true);
      const members = await server.app.realtime.io.in(rooms.user(account.response.user.id)).fetchSockets();
      expect(members).toHaveLength(1);
      expect(members[0]?.data.actor.userId).toBe(account.response.user.id);
    } finally {
      socket.disconnect();
    }
  });

  it.each([
    ['no token', {}],
    ['an unknown token', { token: 'nope' }],
  ])('refuses a handshake with %s', async (_name, auth) => {
    const { socket, error } = await open(auth);
    socket.disconnect();
    expect(error?.message).toBe('UNAUTHENTICATED');
    expect(error?.data?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token that was logged out', async () => {
    const account = await signUp(server);
    await server.request('/api/auth/logout', { method: 'POST', token: account.token });
    const { socket, error } = await open({ token: account.token });
    socket.disconnect();
    expect(error?.message).toBe('UNAUTHENTICATED');
  });
});

describe('a node shutting down', () => {
  it('drops its sockets so that clients reconnect (a rolling restart), not as sent away for good', async () => {
    const node = await startTestServer();
    const account = await signUp(node);
    const socket = connect(node.url, {
      path: '/socket.io',
      auth: { token: account.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      await node.close();
      // 'io server disconnect' would stop socket.io-client from reconnecting at all.
      expect(await gone).toBe('transport close');
    } finally {
      socket.disconnect();
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('with REDIS_URL (TEST_REDIS_URL set)', () => {
  it('sees sockets of another node through the Redis adapter', async () => {
    const redisUrl = process.env.TEST_REDIS_URL!;
    const [nodeA, nodeB] = await Promise.all([startTestServer({ redisUrl }), startTestServer({ redisUrl })]);
    const socket = connect(nodeB.url, {
      path: '/socket.io',
      autoConnect: false,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      expect((await nodeA.request('/api/health')).body).toMatchObject({ realtime: 'redis' });
      const account = await signUp(nodeA);
      socket.auth = { token: account.token };
      socket.connect();
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const seenFromA = await nodeA.app.realtime.io.in(rooms.user(account.response.user.id)).fetchSockets();
      expect(seenFromA).toHaveLength(1);
    } finally {
      socket.disconnect();
      await Promise.all([nodeA.close(), nodeB.close()]);
    }
  });
});

/**
 * A Redis outage under two nodes (issue 16): the test's own redis-server is killed for a while and
 * started again on the same port. Neither node may exit; REST keeps answering with `/api/health`
 * naming Redis as down; chat keeps working within a node; across nodes it resumes once Redis is back.
 * With TEST_DATABASE_URL the nodes are two processes on one PostgreSQL database; on PGlite they are
 * two apps in this process. Runs in the Redis suite (TEST_REDIS_URL set, as `.ci/run` does), which
 * also means redis-server is installed.
 */
import type { ErrorBody, LoginResponse } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectMessages,
  connectedSocket,
  createClub,
  joinRoom,
  sendMessage,
  waitFor,
  type ChatSocket,
} from '../../test/clubs-helpers.js';
import { createFetch, signUp, startTestServer, type TestFetch } from '../../test/helpers.js';
import { startRedisProcess, type RedisProcess } from '../../test/redis-process.js';
import { createThrowawayDatabase, startServerNode } from '../../test/server-process.js';

const maintenanceUrl = process.env.TEST_DATABASE_URL;

interface Node {
  url: string;
  request: TestFetch;
  running(): boolean;
  output(): string;
}

interface Health {
  status: string;
  redis?: string;
}

describe.skipIf(!process.env.TEST_REDIS_URL)('a Redis outage under two nodes', () => {
  const nodes: Node[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const sockets: ChatSocket[] = [];
  let redis: RedisProcess;

  beforeAll(async () => {
    redis = await startRedisProcess();
    cleanups.push(() => redis.stop());
    if (maintenanceUrl) {
      const database = await createThrowawayDatabase(maintenanceUrl, 'nebab_outage');
      cleanups.push(() => database.drop());
      for (let i = 0; i < 2; i += 1) {
        const node = await startServerNode({ databaseUrl: database.url, redisUrl: redis.url });
        cleanups.unshift(() => node.stop());
        nodes.push({
          url: node.url,
          request: createFetch(node.url),
          running: node.running,
          output: node.output,
        });
      }
    } else {
      for (let i = 0; i < 2; i += 1) {
        const server = await startTestServer({ redisUrl: redis.url });
        cleanups.unshift(() => server.close());
        nodes.push({ url: server.url, request: server.request, running: () => true, output: () => '' });
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

  async function redisStateOf(node: Node): Promise<string | undefined> {
    return (await node.request<Health>('/api/health')).body?.redis;
  }

  it('stays up through the outage and resumes chat across nodes after it', async () => {
    const [one, two] = nodes as [Node, Node];
    const owner = await signUp(one, { fullName: 'Outage Owner' });
    const local = await signUp(one, { fullName: 'Outage Local' });
    const remote = await signUp(two, { fullName: 'Outage Remote' });
    const club = await createClub(one.request, owner.token);
    for (const reader of [local, remote])
      expect(
        (await one.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: reader.token })).status,
      ).toBe(200);

    const sender = await socketOn(one, owner.token);
    const sameNode = await socketOn(one, local.token);
    const otherNode = await socketOn(two, remote.token);
    for (const socket of [sender, sameNode, otherNode])
      expect(await joinRoom(socket, club.id)).toMatchObject({ ok: true });
    const onSameNode = collectMessages(sameNode);
    const onOtherNode = collectMessages(otherNode);
    for (const node of nodes) expect(await redisStateOf(node)).toBe('up');

    await redis.stop();

    // Stored and acknowledged, and delivered within the node.
    const during = await sendMessage(sender, club.id, 'while redis is down');
    expect(during).toMatchObject({ ok: true });
    await waitFor(() => onSameNode.length === 1, 5000, 'the same-node delivery');

    // Past the Redis client's timeouts (the node used to exit ~5 s after such a message).
    await new Promise((resolve) => setTimeout(resolve, 7000));
    for (const node of nodes) {
      expect(node.running(), node.output()).toBe(true);
      const health = await node.request<Health>('/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'degraded', redis: 'down' });
    }
    // REST keeps working, rate limits included (counted locally meanwhile).
    const login = await one.request<LoginResponse & ErrorBody>('/api/auth/login', {
      body: { email: local.email, password: local.password },
    });
    expect(login.status).toBe(200);

    await redis.start();
    const deadline = Date.now() + 20_000;
    for (const node of nodes) {
      while ((await redisStateOf(node)) !== 'up') {
        if (Date.now() > deadline) throw new Error(`redis not back on a node: ${node.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    // The adapter's subscriber is back too: a message crosses the nodes again.
    const after = await sendMessage(sender, club.id, 'after the outage');
    expect(after).toMatchObject({ ok: true });
    await waitFor(
      () => onOtherNode.some((message) => message.content === 'after the outage'),
      10_000,
      'the cross-node delivery after the outage',
    );
    for (const node of nodes) expect(node.running(), node.output()).toBe(true);
  }, 90_000);
});

/**
 * Rate limits on two server nodes sharing one Redis (TEST_REDIS_URL; `.ci/run` sets it): two apps
 * in this process over the file's database (PGlite, or PostgreSQL with TEST_DATABASE_URL), each
 * with its own Redis client, like two processes behind a load balancer. Attempts spread over both
 * nodes hit the configured limit, not twice it. Each test uses its own key prefix, so parallel
 * runs and the other tests never share counters. Without TEST_REDIS_URL the suite is skipped; with
 * it, an unreachable Redis fails the suite.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorBody } from '@nebab/shared';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { AppConfig } from '../../config.js';
import {
  acquireTestDatabase,
  createFetch,
  freePort,
  releaseTestDatabase,
  signUp,
  testConfig,
  uniqueEmail,
  type TestFetch,
} from '../../../test/helpers.js';

const redisUrl = process.env.TEST_REDIS_URL;

interface Node {
  request: TestFetch;
}

describe.skipIf(!redisUrl)('rate limits on two nodes sharing Redis', () => {
  const cleanups: Array<() => Promise<void>> = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
  });

  /** Two nodes with these limits and a fresh key prefix; returns the nodes and the prefix. */
  async function twoNodes(authRateLimit: AppConfig['authRateLimit']): Promise<[Node, Node, string]> {
    const prefix = `nebab:rl:test-${randomUUID()}:`;
    cleanups.push(async () => {
      const inspector = createClient({ url: redisUrl, socket: { reconnectStrategy: false } });
      await inspector.connect();
      const keys = await inspector.keys(`${prefix}*`);
      if (keys.length > 0) await inspector.del(keys);
      await inspector.close();
    });
    const nodes: Node[] = [];
    for (let i = 0; i < 2; i += 1) {
      const database = await acquireTestDatabase();
      cleanups.unshift(() => releaseTestDatabase());
      const port = await freePort();
      const app: FastifyInstance = await buildApp(testConfig(port, { redisUrl, authRateLimit }), {
        database,
        rateLimitKeyPrefix: prefix,
      });
      cleanups.unshift(() => app.close());
      await app.listen({ port, host: '127.0.0.1' });
      nodes.push({ request: createFetch(`http://127.0.0.1:${port}`) });
    }
    return [nodes[0]!, nodes[1]!, prefix];
  }

  function expectRateLimited(res: { status: number; headers: Headers; body: ErrorBody }, windowSeconds = 60) {
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  }

  it('counts failed logins per email across the nodes', async () => {
    const [one, two, prefix] = await twoNodes({ perIp: 1_000, perEmail: 4, windowMs: 60_000 });
    const account = await signUp(one);
    const attempt = (node: Node, password = 'Wrong@Pass123') =>
      node.request<ErrorBody>('/api/auth/login', { body: { email: account.email, password } });
    // Two failures on each node: each alone has seen only half the limit.
    for (let i = 0; i < 4; i += 1) expect((await attempt(i % 2 === 0 ? one : two)).status).toBe(401);
    expectRateLimited(await attempt(one, account.password));
    expectRateLimited(await attempt(two, account.password));

    // The counter lives in Redis under the run's prefix and expires with its window.
    const inspector = createClient({ url: redisUrl, socket: { reconnectStrategy: false } });
    await inspector.connect();
    try {
      const key = `${prefix}login-failures-email:${account.email}`;
      expect(await inspector.get(key)).toBe('4');
      expect(await inspector.pTTL(key)).toBeGreaterThan(0);
    } finally {
      await inspector.close();
    }
  });

  it('evaluates at most the limit of 60 parallel wrong passwords spread over both nodes', async () => {
    const [one, two] = await twoNodes({ perIp: 1_000, perEmail: 10, windowMs: 60_000 });
    const account = await signUp(one);
    const statuses = await Promise.all(
      Array.from(
        { length: 60 },
        async (_, i) =>
          (
            await (i % 2 === 0 ? one : two).request('/api/auth/login', {
              body: { email: account.email, password: 'Wrong@Pass123' },
            })
          ).status,
      ),
    );
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(50);
  });

  it('counts every login and signup attempt per IP across the nodes', async () => {
    const [one, two] = await twoNodes({ perIp: 4, perEmail: 1_000, windowMs: 60_000 });
    for (let i = 0; i < 4; i += 1) {
      const res = await (i % 2 === 0 ? one : two).request('/api/auth/login', {
        body: { email: uniqueEmail(), password: 'Wrong@Pass123' },
      });
      expect(res.status).toBe(401);
    }
    expectRateLimited(await one.request<ErrorBody>('/api/auth/login', { body: {} }));
    expectRateLimited(await two.request<ErrorBody>('/api/auth/login', { body: {} }));

    for (let i = 0; i < 4; i += 1)
      expect((await (i % 2 === 0 ? two : one).request('/api/auth/signup', { body: {} })).status).toBe(400);
    expectRateLimited(await one.request<ErrorBody>('/api/auth/signup', { body: {} }));
    expectRateLimited(await two.request<ErrorBody>('/api/auth/signup', { body: {} }));
  });

  it("counts an account's wrong passwords on the settings page across the nodes", async () => {
    const [one, two] = await twoNodes({ perIp: 1_000, perEmail: 1_000, windowMs: 60_000 });
    const account = await signUp(one);
    const change = (node: Node, currentPassword: string) =>
      node.request<ErrorBody>('/api/auth/password', {
        method: 'PUT',
        token: account.token,
        body: { currentPassword, newPassword: 'Brand@New2025', confirmPassword: 'Brand@New2025' },
      });
    // SECOND_FACTOR_FAILURES_PER_USER (10) wrong passwords, five on each node.
    for (let i = 0; i < 10; i += 1)
      expect((await change(i % 2 === 0 ? one : two, 'Wrong@Pass123')).status).toBe(400);
    // The window is 15 minutes.
    expectRateLimited(await change(one, account.password), 15 * 60);
    expectRateLimited(await change(two, account.password), 15 * 60);
  });
});

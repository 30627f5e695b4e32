/**
 * The Redis rate limiter. The fallback test needs no Redis; the others run against a real Redis
 * when TEST_REDIS_URL is set (`.ci/run` sets it) and fail, not skip, when that Redis cannot be
 * reached. Every run uses its own key prefix, so parallel runs never share counters.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter, redisRateLimiters, type RedisScripting } from './rate-limiter-redis.js';
import { closeRedis, openRedis, type RedisClient } from './redis.js';
import { silentLogger } from './logger.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe('createRedisRateLimiter when Redis fails', () => {
  it('counts in memory and reports the error', async () => {
    const broken: RedisScripting = {
      eval: () => Promise.reject(new Error('connection lost')),
      del: () => Promise.reject(new Error('connection lost')),
    };
    const errors: string[] = [];
    const limiter = createRedisRateLimiter(
      broken,
      'login',
      { limit: 2, windowMs: 60_000 },
      { onError: (error, name) => errors.push(`${name}: ${(error as Error).message}`) },
    );
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect(await limiter.hit('a')).toMatchObject({ allowed: false, remaining: 0 });
    expect((await limiter.check('a')).allowed).toBe(false);
    await limiter.reset('a');
    expect((await limiter.check('a')).allowed).toBe(true);
    expect(errors).toHaveLength(6);
    expect(errors[0]).toBe('login: connection lost');
  });

  it('treats a malformed reply as a failure', async () => {
    const odd: RedisScripting = { eval: async () => 'OK', del: async () => 1 };
    let failures = 0;
    const limiter = createRedisRateLimiter(
      odd,
      'x',
      { limit: 1, windowMs: 60_000 },
      { onError: () => (failures += 1) },
    );
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
    expect(failures).toBe(2);
  });
});

describe.skipIf(!redisUrl)('redisRateLimiters on a real Redis', () => {
  const prefix = `nebab:rl:test-${randomUUID()}:`;
  let client: RedisClient;
  /** A plain client to look at the keys. */
  let inspector: ReturnType<typeof createClient>;
  const onError = (error: unknown) => {
    throw error;
  };

  beforeAll(async () => {
    client = await openRedis(redisUrl!, silentLogger);
    inspector = createClient({ url: redisUrl, socket: { reconnectStrategy: false } });
    await inspector.connect();
  });

  afterAll(async () => {
    if (inspector?.isOpen) {
      const keys = await inspector.keys(`${prefix}*`);
      if (keys.length > 0) await inspector.del(keys);
      await inspector.close();
    }
    if (client) await closeRedis(client);
  });

  it('allows `limit` hits per window, then refuses with the wait', async () => {
    const limiters = redisRateLimiters(client, { keyPrefix: prefix, onError });
    expect(limiters.kind).toBe('redis');
    const limiter = limiters.create('basic', { limit: 2, windowMs: 30_000 });
    expect(await limiter.hit('a')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 30 });
    expect(await limiter.hit('a')).toMatchObject({ allowed: true, remaining: 0 });
    const refused = await limiter.hit('a');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect((await limiter.hit('b')).allowed).toBe(true);
  });

  it('keeps one expiring key per window under the prefix and the limiter name', async () => {
    const limiter = redisRateLimiters(client, { keyPrefix: prefix, onError }).create('keys', {
      limit: 5,
      windowMs: 20_000,
    });
    await limiter.hit('user-1');
    await limiter.hit('user-1');
    const key = `${prefix}keys:user-1`;
    expect(key.startsWith('nebab:rl:')).toBe(true);
    expect(await inspector.get(key)).toBe('2');
    const ttl = await inspector.pTTL(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(20_000);
  });

  it('gives a stray key without expiry one on the next hit', async () => {
    const key = `${prefix}stray:k`;
    await inspector.set(key, '1');
    const limiter = redisRateLimiters(client, { keyPrefix: prefix, onError }).create('stray', {
      limit: 5,
      windowMs: 10_000,
    });
    expect(await limiter.hit('k')).toMatchObject({ allowed: true, remaining: 3 });
    expect(await inspector.pTTL(key)).toBeGreaterThan(0);
  });

  it('checks without counting and resets', async () => {
    const limiter = redisRateLimiters(client, { keyPrefix: prefix, onError }).create('check', {
      limit: 1,
      windowMs: 30_000,
    });
    expect(await limiter.check('a')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect((await limiter.check('a')).allowed).toBe(true);
    await limiter.hit('a');
    const locked = await limiter.check('a');
    expect(locked).toMatchObject({ allowed: false, remaining: 0 });
    expect(locked.retryAfterSeconds).toBeGreaterThan(0);
    await limiter.reset('a');
    expect((await limiter.check('a')).allowed).toBe(true);
    expect(await inspector.exists(`${prefix}check:a`)).toBe(0);
  });

  it('opens a new window when the old one expires', async () => {
    const limiter = redisRateLimiters(client, { keyPrefix: prefix, onError }).create('expiry', {
      limit: 1,
      windowMs: 200,
    });
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await limiter.hit('a')).allowed).toBe(true);
  });

  it('shares one count between nodes, even for simultaneous hits', async () => {
    const other = await openRedis(redisUrl!, silentLogger);
    try {
      const options = { limit: 10, windowMs: 30_000 };
      const nodeOne = redisRateLimiters(client, { keyPrefix: prefix, onError }).create('shared', options);
      const nodeTwo = redisRateLimiters(other, { keyPrefix: prefix, onError }).create('shared', options);
      const verdicts = await Promise.all(
        Array.from({ length: 25 }, (_, i) => (i % 2 === 0 ? nodeOne : nodeTwo).hit('ip')),
      );
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
      expect((await nodeOne.check('ip')).allowed).toBe(false);
      expect((await nodeTwo.check('ip')).allowed).toBe(false);
    } finally {
      await closeRedis(other);
    }
  });

  it('keeps different limiter names and prefixes apart', async () => {
    const options = { limit: 1, windowMs: 30_000 };
    const one = redisRateLimiters(client, { keyPrefix: prefix, onError }).create('apart-1', options);
    const two = redisRateLimiters(client, { keyPrefix: prefix, onError }).create('apart-2', options);
    const otherRun = redisRateLimiters(client, { keyPrefix: `${prefix}other:`, onError }).create(
      'apart-1',
      options,
    );
    await one.hit('k');
    expect((await one.check('k')).allowed).toBe(false);
    expect((await two.check('k')).allowed).toBe(true);
    expect((await otherRun.check('k')).allowed).toBe(true);
  });
});

describe.skipIf(!redisUrl)('openRedis', () => {
  it('fails at once when Redis cannot be reached instead of waiting forever', async () => {
    await expect(openRedis('redis://127.0.0.1:1', silentLogger)).rejects.toThrow();
  });
});

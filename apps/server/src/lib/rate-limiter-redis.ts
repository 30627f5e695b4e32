import {
  createMemoryRateLimiter,
  rateLimitVerdict,
  type RateLimiter,
  type RateLimiters,
  type RateLimitOptions,
} from './rate-limiter.js';

/** The two commands the shared limiters use (a node-redis client has them). */
export interface RedisScripting {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

/** Where every limiter key lives unless told otherwise (tests pass a unique one per run). */
export const RATE_LIMIT_KEY_PREFIX = 'nebab:rl:';

/**
 * Counts one attempt and returns [used, ms left]. Atomic: INCR and the window's expiry happen in
 * one script, so a crash between them cannot leave a counter that never expires (a key without a
 * TTL, whatever its origin, gets one here).
 */
const HIT_SCRIPT = `
local used = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {used, ttl}
`;

/** Returns [used, ms left] without counting. */
const CHECK_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
return {used, ttl}
`;

/** Gives one attempt back, never below zero and never reviving an expired window. */
const UNDO_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then used = redis.call('DECR', KEYS[1]) end
return {used, redis.call('PTTL', KEYS[1])}
`;

function counts(reply: unknown): { used: number; ttlMs: number } {
  if (!Array.isArray(reply) || reply.length !== 2) throw new Error('unexpected rate-limit script reply');
  const used = Number(reply[0]);
  const ttlMs = Number(reply[1]);
  if (!Number.isFinite(used) || !Number.isFinite(ttlMs))
    throw new Error('unexpected rate-limit script reply');
  return { used, ttlMs };
}

export interface RedisRateLimitersOptions {
  /** Default `nebab:rl:`. */
  keyPrefix?: string;
  /** Called when Redis fails; the limiter then counts in this process's memory for that call. */
  onError: (error: unknown, limiter: string) => void;
}

/**
 * Fixed windows shared by every node through Redis: one key `<prefix><name>:<key>` per window,
 * expiring with it. When Redis fails, the node falls back to counting in its own memory (logged)
 * rather than refusing every attempt or letting every attempt through.
 */
export function createRedisRateLimiter(
  client: RedisScripting,
  name: string,
  options: RateLimitOptions,
  settings: RedisRateLimitersOptions,
): RateLimiter {
  const fallback = createMemoryRateLimiter(options);
  const prefix = `${settings.keyPrefix ?? RATE_LIMIT_KEY_PREFIX}${name}:`;
  const run = async (script: string, key: string) =>
    counts(await client.eval(script, { keys: [prefix + key], arguments: [String(options.windowMs)] }));

  return {
    async hit(key) {
      try {
        const { used, ttlMs } = await run(HIT_SCRIPT, key);
        return rateLimitVerdict(options, used, ttlMs, true);
      } catch (error) {
        settings.onError(error, name);
        return fallback.hit(key);
      }
    },
    async check(key) {
      try {
        const { used, ttlMs } = await run(CHECK_SCRIPT, key);
        return rateLimitVerdict(options, used, ttlMs, false);
      } catch (error) {
        settings.onError(error, name);
        return fallback.check(key);
      }
    },
    async undo(key) {
      await fallback.undo(key);
      try {
        await run(UNDO_SCRIPT, key);
      } catch (error) {
        settings.onError(error, name);
      }
    },
    async reset(key) {
      await fallback.reset(key);
      try {
        await client.del(prefix + key);
      } catch (error) {
        settings.onError(error, name);
      }
    },
  };
}

/** Limiters of one app counting in Redis (REDIS_URL). */
export function redisRateLimiters(client: RedisScripting, settings: RedisRateLimitersOptions): RateLimiters {
  return {
    kind: 'redis',
    create: (name, options) => createRedisRateLimiter(client, name, options, settings),
  };
}

import { createFixedWindowLimiter } from '../lib/rate-limiter.js';

/** The verdict of one counted chat message. */
export interface ChatLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts chat messages per key (a user) in fixed windows. */
export interface ChatRateLimiter {
  hit(key: string): Promise<ChatLimitVerdict>;
}

export interface ChatLimitOptions {
  limit: number;
  windowMs: number;
}

/** This process's memory: right for one node; with several, each node counts on its own. */
export function createMemoryChatLimiter(options: ChatLimitOptions): ChatRateLimiter {
  const limiter = createFixedWindowLimiter(options);
  return {
    hit: async (key) => {
      const verdict = limiter.hit(key);
      return { allowed: verdict.allowed, retryAfterSeconds: verdict.retryAfterSeconds };
    },
  };
}

/** The few Redis commands the shared limiter needs (a node-redis client provides them). */
export interface RedisCounter {
  multi(): {
    set(
      key: string,
      value: string,
      options: { condition: 'NX'; expiration: { type: 'PX'; value: number } },
    ): RedisCounterMulti;
  };
}
interface RedisCounterMulti {
  incr(key: string): RedisCounterMulti;
  pTTL(key: string): RedisCounterMulti;
  exec(): Promise<unknown[]>;
}

/**
 * One window per key shared by every node through Redis (SET NX PX, INCR, PTTL in one MULTI), so a
 * user's sockets on several nodes share one limit. When Redis fails, the node falls back to counting
 * in memory (logged) rather than refusing every message.
 */
export function createRedisChatLimiter(
  client: RedisCounter,
  options: ChatLimitOptions,
  onError: (error: unknown) => void,
): ChatRateLimiter {
  const fallback = createMemoryChatLimiter(options);
  return {
    async hit(key) {
      const redisKey = `nebab:chat-limit:${key}`;
      try {
        const replies = await client
          .multi()
          .set(redisKey, '0', { condition: 'NX', expiration: { type: 'PX', value: options.windowMs } })
          .incr(redisKey)
          .pTTL(redisKey)
          .exec();
        const used = Number(replies[1]);
        const ttlMs = Number(replies[2]);
        if (!Number.isFinite(used)) throw new Error('unexpected INCR reply');
        return {
          allowed: used <= options.limit,
          retryAfterSeconds: Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : options.windowMs) / 1000)),
        };
      } catch (error) {
        onError(error);
        return fallback.hit(key);
      }
    },
  };
}

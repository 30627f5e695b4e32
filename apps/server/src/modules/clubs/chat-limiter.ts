import { CLUB_LIMITS } from '@nebab/shared';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter.js';

/** Counts chat messages per key (a user); only `hit` is needed. */
export type ChatRateLimiter = Pick<RateLimiter, 'hit'>;

/**
 * The club chat's limit, counted by the app's limiters: in Redis when REDIS_URL is set, so a user's
 * sockets on several nodes share one limit.
 */
export function createChatLimiter(rateLimiters: RateLimiters): ChatRateLimiter {
  return rateLimiters.create('club-chat', {
    limit: CLUB_LIMITS.messagesPerWindow,
    windowMs: CLUB_LIMITS.messageWindowMs,
  });
}

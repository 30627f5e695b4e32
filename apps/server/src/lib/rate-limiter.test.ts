import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimiter, memoryRateLimiters, rateLimitVerdict } from './rate-limiter.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('createMemoryRateLimiter', () => {
  it('allows `limit` hits per window and tells how long to wait', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const limiter = createMemoryRateLimiter({ limit: 2, windowMs: 10_000 });
    expect(await limiter.hit('a')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 10 });
    expect(await limiter.hit('a')).toMatchObject({ allowed: true, remaining: 0 });
    vi.advanceTimersByTime(4_000);
    expect(await limiter.hit('a')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 6 });
    expect((await limiter.hit('b')).allowed).toBe(true);
    vi.advanceTimersByTime(6_000);
    expect(await limiter.hit('a')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('checks without counting', async () => {
    const limiter = createMemoryRateLimiter({ limit: 1, windowMs: 60_000 });
    expect(await limiter.check('a')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect((await limiter.check('a')).allowed).toBe(true);
    await limiter.hit('a');
    expect(await limiter.check('a')).toMatchObject({ allowed: false, remaining: 0 });
    await limiter.reset('a');
    expect((await limiter.check('a')).allowed).toBe(true);
  });

  it('forgets windows that ended, even for keys never asked about again', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const limiter = createMemoryRateLimiter({ limit: 1, windowMs: 1_000 });
    await limiter.hit('old');
    vi.advanceTimersByTime(61_000);
    await limiter.hit('new');
    expect((await limiter.check('old')).allowed).toBe(true);
    expect((await limiter.hit('old')).allowed).toBe(true);
  });
});

describe('memoryRateLimiters', () => {
  it('gives each named limiter its own counters', async () => {
    const limiters = memoryRateLimiters();
    expect(limiters.kind).toBe('memory');
    const one = limiters.create('one', { limit: 1, windowMs: 60_000 });
    const two = limiters.create('two', { limit: 1, windowMs: 60_000 });
    await one.hit('k');
    expect((await one.check('k')).allowed).toBe(false);
    expect((await two.check('k')).allowed).toBe(true);
  });
});

describe('rateLimitVerdict', () => {
  it('rounds the wait up to whole seconds, at least one while a window is open', () => {
    const options = { limit: 3, windowMs: 60_000 };
    expect(rateLimitVerdict(options, 4, 1_001, true)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 2,
    });
    expect(rateLimitVerdict(options, 3, 0, true).retryAfterSeconds).toBe(1);
    expect(rateLimitVerdict(options, 3, 5_000, false).allowed).toBe(false);
    expect(rateLimitVerdict(options, 2, 5_000, false)).toMatchObject({ allowed: true, remaining: 1 });
  });
});

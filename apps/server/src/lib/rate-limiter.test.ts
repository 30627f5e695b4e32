import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFixedWindowLimiter } from './rate-limiter.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('createFixedWindowLimiter', () => {
  it('allows `limit` hits per window and tells how long to wait', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const limiter = createFixedWindowLimiter({ limit: 2, windowMs: 10_000 });
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 0 });
    vi.advanceTimersByTime(4_000);
    expect(limiter.hit('a')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 6 });
    expect(limiter.hit('b').allowed).toBe(true);
    vi.advanceTimersByTime(6_000);
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('checks without counting', () => {
    const limiter = createFixedWindowLimiter({ limit: 1, windowMs: 60_000 });
    expect(limiter.check('a').allowed).toBe(true);
    expect(limiter.check('a').allowed).toBe(true);
    limiter.hit('a');
    expect(limiter.check('a').allowed).toBe(false);
    limiter.reset('a');
    expect(limiter.check('a').allowed).toBe(true);
  });
});

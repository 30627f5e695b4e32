import { now } from './time.js';

/** The verdict of one counted attempt. */
export interface RateLimitResult {
  allowed: boolean;
  /** Attempts left in the current window after this one. */
  remaining: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter kept in this process's memory. Fine for one node; with several nodes
 * behind a load balancer each counts alone, so the limit becomes N × limit. Moving the counters
 * to Redis (INCR + PEXPIRE on the same keys) is the step when REDIS_URL is set and that matters.
 */
export interface RateLimiter {
  /** Counts one attempt for `key` and tells whether it is within the limit. */
  hit(key: string): RateLimitResult;
  /** Tells whether `key` is already over the limit, without counting. */
  check(key: string): RateLimitResult;
  reset(key: string): void;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Sweep stale windows at most this often, so the map stays bounded by the active keys. */
const SWEEP_EVERY_MS = 60_000;

export function createFixedWindowLimiter(options: { limit: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, Window>();
  let lastSweep = 0;

  const sweep = (at: number) => {
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };

  const current = (key: string, at: number): Window | undefined => {
    const window = windows.get(key);
    if (window && window.resetAt > at) return window;
    if (window) windows.delete(key);
    return undefined;
  };

  const verdict = (window: Window | undefined, at: number, counted: boolean): RateLimitResult => {
    const used = window?.count ?? 0;
    const allowed = counted ? used <= options.limit : used < options.limit;
    return {
      allowed,
      remaining: Math.max(0, options.limit - used),
      retryAfterSeconds: window ? Math.max(1, Math.ceil((window.resetAt - at) / 1000)) : 0,
    };
  };

  return {
    hit(key) {
      const at = now().getTime();
      sweep(at);
      let window = current(key, at);
      if (!window) {
        window = { count: 0, resetAt: at + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return verdict(window, at, true);
    },
    check(key) {
      const at = now().getTime();
      return verdict(current(key, at), at, false);
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

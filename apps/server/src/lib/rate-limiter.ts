import { now } from './time.js';

/** The verdict of one counted attempt. */
export interface RateLimitResult {
  allowed: boolean;
  /** Attempts left in the current window after this one. */
  remaining: number;
  /** Seconds until the window resets (0 when no window is open). */
  retryAfterSeconds: number;
}

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

/**
 * A fixed-window counter per key. Asynchronous because the shared implementation
 * (`rate-limiter-redis.ts`) asks Redis; the memory one answers at once.
 */
export interface RateLimiter {
  /** Counts one attempt for `key` and tells whether it is within the limit. */
  hit(key: string): Promise<RateLimitResult>;
  /** Tells whether `key` is already over the limit, without counting. */
  check(key: string): Promise<RateLimitResult>;
  /**
   * Gives back one attempt `hit` counted (never below zero). A limit on failures counts each attempt
   * before the slow check (so parallel attempts cannot all slip in) and gives it back on success.
   */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * Counts an attempt before running `check` (argon2, a TOTP code…) and refuses it, without running
 * the check, when the limit is already reached: the Nth parallel attempt past the limit is never
 * evaluated. A check that succeeds (or throws) gives its attempt back, so only failures count.
 */
export async function limitFailures(
  limiter: RateLimiter,
  key: string,
  check: () => Promise<boolean>,
  refuse: (verdict: RateLimitResult) => Error,
): Promise<boolean> {
  const verdict = await limiter.hit(key);
  if (!verdict.allowed) throw refuse(verdict);
  let ok = false;
  try {
    ok = await check();
    return ok;
  } finally {
    if (ok) await limiter.undo(key);
  }
}

/**
 * Makes the app's limiters. `name` keeps each limiter's keys apart (a Redis key is
 * `<prefix><name>:<key>`). One factory per app: memory by default, Redis when REDIS_URL is set, so
 * every node of a deployment counts against the same limit.
 */
export interface RateLimiters {
  kind: 'memory' | 'redis';
  create(name: string, options: RateLimitOptions): RateLimiter;
}

/** The verdict for `used` attempts in a window that ends in `ttlMs` (`counted`: this call was one). */
export function rateLimitVerdict(
  options: RateLimitOptions,
  used: number,
  ttlMs: number,
  counted: boolean,
): RateLimitResult {
  return {
    allowed: counted ? used <= options.limit : used < options.limit,
    remaining: Math.max(0, options.limit - used),
    retryAfterSeconds: used > 0 ? Math.max(1, Math.ceil(Math.max(ttlMs, 0) / 1000)) : 0,
  };
}

interface Window {
  count: number;
  resetAt: number;
}

/** Sweep stale windows at most this often, so the map stays bounded by the active keys. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A fixed-window counter kept in this process's memory: right for one node. With several nodes
 * each would count alone (N × limit), which is why the app uses the Redis one when REDIS_URL is set.
 */
export function createMemoryRateLimiter(options: RateLimitOptions): RateLimiter {
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

  return {
    async hit(key) {
      const at = now().getTime();
      sweep(at);
      let window = current(key, at);
      if (!window) {
        window = { count: 0, resetAt: at + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return rateLimitVerdict(options, window.count, window.resetAt - at, true);
    },
    async check(key) {
      const at = now().getTime();
      const window = current(key, at);
      return rateLimitVerdict(options, window?.count ?? 0, window ? window.resetAt - at : 0, false);
    },
    async undo(key) {
      const window = current(key, now().getTime());
      if (window && window.count > 0) window.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** Limiters in this process's memory (no REDIS_URL; tests). */
export function memoryRateLimiters(): RateLimiters {
  return { kind: 'memory', create: (_name, options) => createMemoryRateLimiter(options) };
}

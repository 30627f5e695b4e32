import type { AppConfig } from '../../config.js';
import { RateLimitedError } from '../../lib/errors.js';
import { createFixedWindowLimiter, type RateLimitResult } from '../../lib/rate-limiter.js';

/**
 * Brute-force limits of the account endpoints: every attempt counts per IP; per email, signup
 * counts every attempt and login only the failed ones. In-memory (see lib/rate-limiter.ts).
 */
export function createAuthThrottle(limits: AppConfig['authRateLimit']) {
  const perIp = createFixedWindowLimiter({ limit: limits.perIp, windowMs: limits.windowMs });
  const signupPerEmail = createFixedWindowLimiter({ limit: limits.perEmail, windowMs: limits.windowMs });
  const loginFailuresPerEmail = createFixedWindowLimiter({
    limit: limits.perEmail,
    windowMs: limits.windowMs,
  });

  const enforce = (...results: RateLimitResult[]) => {
    const refused = results.filter((result) => !result.allowed);
    if (refused.length > 0)
      throw new RateLimitedError(Math.max(...refused.map((result) => result.retryAfterSeconds)));
  };

  return {
    /** Before a signup is looked at. `email` is whatever the body carried (normalised here). */
    signupAttempt(ip: string, email: string | undefined): void {
      const results = [perIp.hit(`signup:${ip}`)];
      if (email) results.push(signupPerEmail.hit(email));
      enforce(...results);
    },

    /** Before a login is looked at: counts the IP, refuses an email with too many failures. */
    loginAttempt(ip: string, email: string | undefined): void {
      const results = [perIp.hit(`login:${ip}`)];
      if (email) results.push(loginFailuresPerEmail.check(email));
      enforce(...results);
    },

    /** After a wrong email or password. */
    loginFailed(email: string): void {
      loginFailuresPerEmail.hit(email);
    },
  };
}

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;

/** The email of a raw (not yet validated) body, normalised like the shared schema does, or undefined. */
export function emailOfRawBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const email = (body as Record<string, unknown>).email;
  if (typeof email !== 'string') return undefined;
  const normalized = email.trim().toLowerCase();
  return normalized === '' ? undefined : normalized.slice(0, 254);
}

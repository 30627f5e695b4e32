import type { AppConfig } from '../../config.js';
import { RateLimitedError } from '../../lib/errors.js';
import { limitFailures, type RateLimiters, type RateLimitResult } from '../../lib/rate-limiter.js';

/**
 * Brute-force limits of the account endpoints: every attempt counts per IP; per email, signup
 * counts every attempt and login only the failed ones. Counted by the app's `rateLimiters`: in
 * memory on one node, in Redis (shared by every node) when REDIS_URL is set.
 */
export function createAuthThrottle(limits: AppConfig['authRateLimit'], rateLimiters: RateLimiters) {
  const window = { windowMs: limits.windowMs };
  const perIp = rateLimiters.create('auth-ip', { limit: limits.perIp, ...window });
  const signupPerEmail = rateLimiters.create('signup-email', { limit: limits.perEmail, ...window });
  const loginFailuresPerEmail = rateLimiters.create('login-failures-email', {
    limit: limits.perEmail,
    ...window,
  });

  const enforce = (results: RateLimitResult[]) => {
    const refused = results.filter((result) => !result.allowed);
    if (refused.length > 0)
      throw new RateLimitedError(Math.max(...refused.map((result) => result.retryAfterSeconds)));
  };

  return {
    /** Before a signup is looked at. `email` is whatever the body carried (normalised here). */
    async signupAttempt(ip: string, email: string | undefined): Promise<void> {
      enforce(await Promise.all([perIp.hit(`signup:${ip}`), ...(email ? [signupPerEmail.hit(email)] : [])]));
    },

    /** Before a login is looked at: counts the IP, refuses an email with too many failures. */
    async loginAttempt(ip: string, email: string | undefined): Promise<void> {
      enforce(
        await Promise.all([perIp.hit(`login:${ip}`), ...(email ? [loginFailuresPerEmail.check(email)] : [])]),
      );
    },

    /**
     * Runs the password check of a login for `email` (normalised) with the email's failure count
     * taken first: past the limit it answers 429 without checking, so parallel guesses cannot all
     * be evaluated; a right password gives its count back.
     */
    checkLoginPassword(email: string, check: () => Promise<boolean>): Promise<boolean> {
      return limitFailures(
        loginFailuresPerEmail,
        email,
        check,
        (verdict) => new RateLimitedError(verdict.retryAfterSeconds),
      );
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

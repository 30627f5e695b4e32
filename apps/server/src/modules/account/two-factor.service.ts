import type { Db } from '../../db/client.js';
import { RateLimitedError, UnauthenticatedError, ValidationError } from '../../lib/errors.js';
import { hashToken, newSessionToken } from '../../lib/ids.js';
import { limitFailures, type RateLimiters } from '../../lib/rate-limiter.js';
import { addMinutes, now } from '../../lib/time.js';
import type { AccountRepository } from './account.repository.js';
import { matchTotp, normalizeRecoveryCode } from './totp.js';

/** A challenge lives this long after the password was right. */
const CHALLENGE_TTL_MINUTES = 5;
/** Wrong codes one challenge takes before it is void (the password must be given again). */
export const CHALLENGE_MAX_FAILURES = 5;
/** Wrong codes (or passwords, on the settings page) per account and window before 429. */
export const SECOND_FACTOR_FAILURES_PER_USER = 10;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface TwoFactorDeps {
  db: Db;
  account: AccountRepository;
  /** Counts the failures per account (shared by every node with REDIS_URL). */
  rateLimiters: RateLimiters;
}

/**
 * The second factor of sign-in: TOTP codes (each accepted once), one-time recovery codes, and the
 * short-lived challenges that stand between a right password and a session.
 */
export function createTwoFactor({ db, account, rateLimiters }: TwoFactorDeps) {
  const failuresPerUser = rateLimiters.create('second-factor-failures', {
    limit: SECOND_FACTOR_FAILURES_PER_USER,
    windowMs: FAILURE_WINDOW_MS,
  });

  /**
   * Runs a check of a code or password the account's owner typed, with the failure counted first:
   * past the limit it answers 429 without checking (parallel guesses cannot all be evaluated), and
   * a check that passes gives its count back.
   */
  function guardedCheck(userId: string, check: () => Promise<boolean>): Promise<boolean> {
    return limitFailures(
      failuresPerUser,
      userId,
      check,
      (verdict) => new RateLimitedError(verdict.retryAfterSeconds),
    );
  }

  async function isEnabled(userId: string, tx: Db = db): Promise<boolean> {
    return !!(await account.findTotp(userId, tx))?.enabledAt;
  }

  /** True when `code` is a fresh authenticator code or an unused recovery code; uses it up. */
  async function useCode(userId: string, code: string, tx: Db = db): Promise<boolean> {
    const totp = await account.findTotp(userId, tx);
    if (!totp?.enabledAt) return false;
    const compact = code.replace(/\s+/g, '');
    const step = matchTotp(totp.secret, compact, now(), totp.lastUsedStep);
    if (step !== null) return account.useTotpStep(userId, step, {}, tx);
    const recovery = normalizeRecoveryCode(code);
    if (recovery) return account.useRecoveryCode(userId, hashToken(recovery), now(), tx);
    return false;
  }

  /** Opens a challenge for a user whose password was right; returns its token. */
  async function startChallenge(userId: string): Promise<string> {
    const token = newSessionToken();
    const at = now();
    await account.purgeChallenges(at);
    await account.createChallenge({
      userId,
      tokenHash: hashToken(token),
      expiresAt: addMinutes(at, CHALLENGE_TTL_MINUTES),
    });
    return token;
  }

  /**
   * Checks the code of a challenge and closes it; returns the user id. 401 when the challenge is
   * unknown, expired or used up; 400 `code` for a wrong code; 429 after too many wrong codes.
   */
  async function completeChallenge(challenge: string, code: string): Promise<string> {
    const row = await account.findLiveChallenge(hashToken(challenge), now());
    if (!row) throw new UnauthenticatedError('account.challengeExpired');
    // The attempt is counted on the challenge before the code is looked at: the sixth of sixty
    // parallel guesses finds the challenge used up and is never evaluated.
    const attempt = await account.countChallengeAttempt(row.id, CHALLENGE_MAX_FAILURES);
    if (attempt === null) {
      await account.deleteChallenge(row.id);
      throw new UnauthenticatedError('account.challengeExpired');
    }
    if (!(await guardedCheck(row.userId, () => useCode(row.userId, code)))) {
      if (attempt >= CHALLENGE_MAX_FAILURES) await account.deleteChallenge(row.id);
      throw new ValidationError({ code: 'account.codeWrong' }, 'account.codeWrong');
    }
    if (!(await account.deleteChallenge(row.id))) throw new UnauthenticatedError('account.challengeExpired');
    return row.userId;
  }

  return { isEnabled, useCode, startChallenge, completeChallenge, guardedCheck };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;

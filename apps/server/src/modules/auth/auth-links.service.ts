import { LANGUAGES, type Language } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow } from '../../db/schema/index.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import { hashToken, newSessionToken } from '../../lib/ids.js';
import type { JobQueue } from '../../lib/job-queue.js';
import type { Logger } from '../../lib/logger.js';
import { hashPassword } from '../../lib/passwords.js';
import { now } from '../../lib/time.js';
import type { MailService } from '../mail/mail.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { Actor } from '../../lib/actor.js';
import type { AuthRepository } from './auth.repository.js';
import type { AuthTokenRow } from '../../db/schema/index.js';
import type { AuthTokenPurpose, AuthTokensRepository } from './auth-tokens.repository.js';

/** The pg-boss queue of "forgot password" requests: `{ email, language }`. */
export const FORGOT_QUEUE = 'auth-forgot';
/** A reset link works once, for one hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** An address confirmation link works once, for two days. */
export const VERIFY_TTL_HOURS = 48;
/** A link deleting an account without a password works once, for one hour. */
export const DELETE_TTL_MS = 60 * 60 * 1000;

export interface AuthLinksDeps {
  db: Db;
  users: UsersRepository;
  authRepo: AuthRepository;
  tokens: AuthTokensRepository;
  mail: MailService;
  events: DomainEvents;
  logger: Logger;
}

const invalidLink = () => new ValidationError({ token: 'validation.linkInvalid' });

/** The account's own language, else the one of the request that led to the mail. */
function languageOf(user: UserRow, fallback: Language): Language {
  return LANGUAGES.find((code) => code === user.language) ?? fallback;
}

/**
 * What the auth module sends by mail: password-reset links (and, for an account without a password,
 * a mail saying to sign in with Google) and links confirming the login or recovery address.
 */
export function createAuthLinks(deps: AuthLinksDeps) {
  const { db, users, authRepo, tokens, mail, events, logger } = deps;
  let queue: JobQueue | null = null;

  async function issue(
    user: UserRow,
    purpose: AuthTokenPurpose,
    email: string,
    ttlMs: number,
  ): Promise<string> {
    const token = newSessionToken();
    await tokens.create({
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      email,
      expiresAt: new Date(now().getTime() + ttlMs),
    });
    return token;
  }

  /** The "forgot password" job: whatever the address, the request answered the same before this ran. */
  async function handleForgot({ email, language }: { email: string; language: Language }): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user || user.status !== 'active') return;
    const lang = languageOf(user, language);
    // The login address last: once its mail went out, the whole request was handled.
    const recipients = [user.email];
    if (user.recoveryEmail && user.recoveryEmailVerifiedAt) recipients.unshift(user.recoveryEmail);
    if (!user.passwordHash) {
      const link = mail.link('/login');
      for (const to of recipients)
        await mail.send('password-google', {
          to,
          language: lang,
          data: { name: user.name, email: user.email, link },
        });
      return;
    }
    const token = await issue(user, 'password-reset', user.email, RESET_TTL_MS);
    const link = mail.link('/reset-password', { token });
    for (const to of recipients)
      await mail.send('password-reset', {
        to,
        language: lang,
        data: { name: user.name, email: user.email, link },
      });
  }

  async function sendVerification(
    user: UserRow,
    purpose: 'verify-email' | 'verify-recovery',
    language: Language,
  ) {
    const email = purpose === 'verify-email' ? user.email : user.recoveryEmail;
    if (!email) return;
    const token = await issue(user, purpose, email, VERIFY_TTL_HOURS * 60 * 60 * 1000);
    const link = mail.link('/verify-email', { token });
    const lang = languageOf(user, language);
    if (purpose === 'verify-recovery')
      await mail.send('recovery-verify', {
        to: email,
        language: lang,
        data: { name: user.name, email, accountEmail: user.email, link, hours: VERIFY_TTL_HOURS },
      });
    else
      await mail.send('verify-email', {
        to: email,
        language: lang,
        data: { name: user.name, email, link, hours: VERIFY_TTL_HOURS },
      });
  }

  /** The new login address confirmed its link: it becomes the account's, confirmed; the old one is told. */
  async function changeEmail(
    used: AuthTokenRow,
    at: Date,
    tx: Db,
  ): Promise<{ user: UserRow; old: string } | false> {
    const user = await users.findById(used.userId, tx);
    if (!user || user.status !== 'active') return false;
    if (user.email === used.email) return false;
    if (await users.findByEmail(used.email, tx)) throw new ConflictError('auth.emailTaken', 'token');
    const updated = await users.update(
      user.id,
      {
        email: used.email,
        emailVerifiedAt: at,
        // The new login address cannot stay the recovery address too.
        ...(user.recoveryEmail === used.email ? { recoveryEmail: null, recoveryEmailVerifiedAt: null } : {}),
      },
      tx,
    );
    if (!updated) return false;
    // Other pending changes, and links sent to the old address, confirm nothing any more.
    await tokens.voidAll(user.id, 'email-change', at, tx);
    await tokens.voidAll(user.id, 'password-reset', at, tx);
    await tokens.voidAll(user.id, 'verify-email', at, tx);
    return { user: updated, old: user.email };
  }

  return {
    /**
     * POST /api/auth/password/forgot: queues the request and returns. Known, unknown and Google-only
     * addresses cost the caller the same single insert, so neither the answer nor its time tells them apart.
     */
    async forgotPassword(email: string, language: Language): Promise<void> {
      if (!queue) throw new Error('auth links: the job queue has not started');
      await queue.send(FORGOT_QUEUE, { email, language }, { retryLimit: 5 });
    },

    /**
     * POST /api/auth/password/reset: a live reset link sets the password; the link and every other
     * reset link of the account die, and every session ends. 400 for a used, expired or unknown link.
     */
    async resetPassword(input: { token: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction(async (tx) => {
        const at = now();
        const used = await tokens.consume(hashToken(input.token), ['password-reset'], at, tx);
        if (!used) return undefined;
        const user = await users.findById(used.userId, tx);
        if (!user || user.status !== 'active' || user.email !== used.email) return undefined;
        await users.update(user.id, { passwordHash }, tx);
        await tokens.voidAll(user.id, 'password-reset', at, tx);
        await authRepo.revokeAllSessions(user.id, at, tx);
        return user.id;
      });
      if (!userId) throw invalidLink();
      await events.emit('user.sessionsEnded', { userId });
    },

    /** A new account: a link confirming its address (a failure is logged; the account stands). */
    async afterSignup(user: UserRow, language: Language): Promise<void> {
      await sendVerification(user, 'verify-email', language).catch((error: unknown) =>
        logger.error({ err: error, userId: user.id }, 'auth: the confirmation mail could not be queued'),
      );
    },

    /** The recovery address changed: it receives a link confirming it. */
    recoveryEmailChanged: (user: UserRow, language: Language) =>
      sendVerification(user, 'verify-recovery', language),

    /** POST /api/auth/email/resend: a new confirmation link, unless the address is confirmed already. */
    async resendVerification(actor: Actor, language: Language): Promise<void> {
      const user = await users.findById(actor.userId);
      if (!user || user.emailVerifiedAt) return;
      await sendVerification(user, 'verify-email', language);
    },

    /**
     * POST /api/auth/email/verify: confirms the address the link was sent to, if it is still the
     * account's; a link of an email change makes its address the login address (409 when another
     * account took it meanwhile) and tells the old address.
     */
    async verifyEmail(token: string, language: Language = 'en'): Promise<void> {
      const outcome = await db
        .transaction(async (tx) => {
          const at = now();
          const used = await tokens.consume(
            hashToken(token),
            ['verify-email', 'verify-recovery', 'email-change'],
            at,
            tx,
          );
          if (!used) return false;
          if (used.purpose === 'email-change') return changeEmail(used, at, tx);
          const user = await users.findById(used.userId, tx);
          if (!user) return false;
          if (used.purpose === 'verify-email' && user.email === used.email) {
            await users.update(user.id, { emailVerifiedAt: at }, tx);
            return true;
          }
          if (used.purpose === 'verify-recovery' && user.recoveryEmail === used.email) {
            await users.update(user.id, { recoveryEmailVerifiedAt: at }, tx);
            return true;
          }
          return false;
        })
        .catch((error: unknown) => {
          // Another account took the address between the check and the update.
          if (isUniqueViolation(error, 'users_email_unique'))
            throw new ConflictError('auth.emailTaken', 'token');
          throw error;
        });
      if (!outcome) throw invalidLink();
      if (outcome === true) return;
      const { user, old } = outcome;
      await mail
        .send('email-changed', {
          to: old,
          language: languageOf(user, language),
          data: {
            name: user.name,
            email: old,
            newEmail: user.email,
            link: mail.link('/dashboard/settings', { section: 'security' }),
          },
        })
        .catch((error: unknown) =>
          logger.error(
            { err: error, userId: user.id },
            'auth: the old address could not be told of the change',
          ),
        );
    },

    /**
     * An email change the account service checked (password right, address free): the new address
     * gets the link that makes the change (earlier pending changes die), the old one a heads-up.
     */
    async requestEmailChange(user: UserRow, newEmail: string, language: Language): Promise<void> {
      await tokens.voidAll(user.id, 'email-change', now());
      const token = await issue(user, 'email-change', newEmail, VERIFY_TTL_HOURS * 60 * 60 * 1000);
      const lang = languageOf(user, language);
      await mail.send('email-change-confirm', {
        to: newEmail,
        language: lang,
        data: {
          name: user.name,
          email: newEmail,
          oldEmail: user.email,
          link: mail.link('/verify-email', { token }),
          hours: VERIFY_TTL_HOURS,
        },
      });
      await mail.send('email-change-requested', {
        to: user.email,
        language: lang,
        data: {
          name: user.name,
          email: user.email,
          newEmail,
          link: mail.link('/dashboard/settings', { section: 'security' }),
        },
      });
    },

    /** An account without a password asked to leave: its login address gets a one-hour deletion link. */
    async requestDeletion(user: UserRow, language: Language): Promise<void> {
      const token = await issue(user, 'account-delete', user.email, DELETE_TTL_MS);
      await mail.send('account-delete-confirm', {
        to: user.email,
        language: languageOf(user, language),
        data: { name: user.name, email: user.email, link: mail.link('/delete-account', { token }) },
      });
    },

    /**
     * Uses a deletion link inside the caller's transaction (so a refused deletion leaves it unused):
     * the account it deletes, if the link is live and the account still has that address.
     */
    async consumeDeletion(token: string, tx: Db): Promise<string> {
      const used = await tokens.consume(hashToken(token), ['account-delete'], now(), tx);
      if (!used) throw invalidLink();
      const user = await users.findById(used.userId, tx);
      if (!user || user.status === 'deleted' || user.email !== used.email) throw invalidLink();
      return user.id;
    },

    async startWorker(jobs: JobQueue): Promise<void> {
      queue = jobs;
      await jobs.work<{ email: string; language: Language }>(FORGOT_QUEUE, handleForgot);
    },
  };
}

export type AuthLinks = ReturnType<typeof createAuthLinks>;

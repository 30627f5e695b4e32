import { newPasswordSchema, type UserStats } from '@nebab/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { UsersRepository } from './users.repository.js';
import type { Logger } from '../../lib/logger.js';

export interface UsersServiceDeps {
  users: UsersRepository;
  logger: Logger;
}

/** The dashboard's counts: the tiles of `UserStats` and the books given up (didNotFinish). */
export type UserCounts = UserStats & { didNotFinish: number };

/** A user with the counts the profile shows. */
export interface UserWithCounts {
  row: UserRow;
  counts: UserCounts;
}

export function createUsersService({ users, logger }: UsersServiceDeps) {
  /**
   * The one place that computes a user's counts: booksRead = completed reading list entries,
   * readingList = every entry, reviewsWritten = the user's reviews that are not deleted,
   * didNotFinish = entries given up (counted apart from booksRead).
   */
  async function getUserCounts(userId: string): Promise<UserCounts> {
    const { total, completed, didNotFinish } = await users.countReadingList(userId);
    const reviewsWritten = await users.countReviews(userId);
    return { booksRead: completed, readingList: total, reviewsWritten, didNotFinish };
  }

  /** The signed-in user's profile; 404 when the account is gone. */
  async function getUser(userId: string): Promise<UserWithCounts> {
    const row = await users.findById(userId);
    if (!row) throw new NotFoundError();
    return { row, counts: await getUserCounts(userId) };
  }

  /** Makes an existing account an admin; 404 when no account has that email. */
  async function promoteToAdmin(email: string): Promise<UserRow> {
    const row = await users.findByEmail(email.trim().toLowerCase());
    if (!row) throw new NotFoundError();
    if (row.role === 'admin') return row;
    const updated = await users.update(row.id, { role: 'admin' });
    if (!updated) throw new NotFoundError();
    return updated;
  }

  /**
   * First-admin bootstrap (ADMIN_EMAIL / ADMIN_PASSWORD): creates the admin when missing,
   * otherwise promotes the existing account without touching its password.
   */
  async function ensureAdmin(
    email: string,
    password: string | undefined,
  ): Promise<'created' | 'promoted' | 'unchanged' | 'skipped'> {
    const normalized = email.trim().toLowerCase();
    const existing = await users.findByEmail(normalized);
    if (existing) {
      if (existing.role === 'admin') return 'unchanged';
      await users.update(existing.id, { role: 'admin' });
      logger.info({ email: normalized }, 'promoted the configured admin');
      return 'promoted';
    }
    if (!password) {
      logger.warn(
        { email: normalized },
        'ADMIN_EMAIL has no account and ADMIN_PASSWORD is not set: no admin created',
      );
      return 'skipped';
    }
    if (!newPasswordSchema.safeParse(password).success) {
      logger.warn('ADMIN_PASSWORD does not meet the signup password rules; change it after the first login');
    }
    try {
      await users.create({
        name: 'Administrator',
        email: normalized,
        passwordHash: await hashPassword(password),
        role: 'admin',
        authProvider: 'password',
      });
    } catch (error) {
      // Another node created it at the same moment: promote instead.
      if (isUniqueViolation(error)) return ensureAdmin(email, undefined);
      throw error;
    }
    logger.info({ email: normalized }, 'created the configured admin');
    return 'created';
  }

  return { getUserCounts, getUser, promoteToAdmin, ensureAdmin };
}

export type UsersService = ReturnType<typeof createUsersService>;

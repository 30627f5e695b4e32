import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestampTz } from './columns.js';
import { ownerUserId } from './users.js';

/**
 * One-time links mailed by the auth module: a password reset (one hour) or the confirmation of an
 * address (`verify-email` for the login email, `verify-recovery` for the recovery email; `email` is
 * the address the link confirms, so a link for an address changed since confirms nothing), a change
 * of the login address (`email-change`, 48 hours: `email` is the new address, mailed the link) or the
 * deletion of an account without a password (`account-delete`, one hour). Only the
 * SHA-256 of a token is stored; `used_at` makes it single use.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: ownerUserId(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_unique').on(t.tokenHash),
    index('auth_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check(
      'auth_tokens_purpose_check',
      sql`${t.purpose} IN ('password-reset', 'verify-email', 'verify-recovery', 'email-change', 'account-delete')`,
    ),
  ],
);

export type AuthTokenRow = typeof authTokens.$inferSelect;

import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestampTz } from './columns.js';
import { ownerUserId } from './users.js';

/**
 * A reader's TOTP authenticator (RFC 6238). The row exists from enrolment; two-factor sign-in is on
 * once `enabled_at` is set. `last_used_step` is the time step of the last accepted code, so a code
 * is never accepted twice.
 */
export const userTotp = pgTable('user_totp', {
  userId: ownerUserId().primaryKey(),
  /** Base32 secret shared with the authenticator app. */
  secret: text('secret').notNull(),
  enabledAt: timestampTz('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export type UserTotpRow = typeof userTotp.$inferSelect;

/** One-time recovery codes of two-factor sign-in; only the SHA-256 of a code is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: ownerUserId(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A password that was right, waiting for the second factor. The client holds the challenge token
 * (only its SHA-256 is stored); it expires after a few minutes and after a few wrong codes.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    userId: ownerUserId(),
    tokenHash: text('token_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('login_challenges_token_hash_unique').on(t.tokenHash),
    index('login_challenges_user_id_idx').on(t.userId),
  ],
);

export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

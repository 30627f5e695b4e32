import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestampTz } from './columns.js';
import { ownerUserId } from './users.js';

/**
 * Server-side sessions behind the bearer tokens. Only the SHA-256 of a token is stored,
 * so a database dump cannot be replayed. A session ends when revoked or expired.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: ownerUserId(),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    lastSeenAt: timestampTz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;

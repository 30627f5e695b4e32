import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, type EmailChoicesPatch, type NotificationData } from '@nebab/shared';
import { books } from './books.js';
import { id, timestamps, timestampTz } from './columns.js';
import { reviews } from './reviews.js';
import { users } from './users.js';

const kindList = sql.raw(NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(', '));

/**
 * Spec §3 Notification: one row per recipient. The message is built by the client from `kind` and
 * `data`; the target ids lead to the book, review or club. `dedupe_key` keeps one row per
 * (recipient, key) for events that must not pile up (a reader liking the same review again).
 * Clubs and suggestions live in other modules, so `club_id` is a plain id (no foreign key).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    bookId: text('book_id').references(() => books.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id'),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    status: text('status').notNull().default('unread'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt),
    uniqueIndex('notifications_recipient_dedupe_unique').on(t.recipientId, t.dedupeKey),
    check('notifications_status_check', sql`${t.status} IN ('unread', 'read')`),
    check('notifications_kind_check', sql`${t.kind} IN (${kindList})`),
  ],
);

/** The reader's notification choices; no row means the defaults (`DEFAULT_NOTIFICATION_CHOICES`). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  replies: boolean('replies').notNull().default(true),
  reactions: boolean('reactions').notNull().default(true),
  clubs: boolean('clubs').notNull().default(true),
  moderation: boolean('moderation').notNull().default(true),
  newsletter: boolean('newsletter').notNull().default(false),
  follows: boolean('follows').notNull().default(true),
  /** Email per kind, only the kinds the reader changed (the others: `DEFAULT_EMAIL_CHOICES`). */
  email: jsonb('email').$type<EmailChoicesPatch>().notNull().default({}),
  ...timestamps,
});

/**
 * Notification mail, per reader: the token of the unsubscribe link every notification mail carries
 * (random, 32 bytes, base64url) and when the last daily digest was claimed. The claim is taken in
 * the transaction that stores the digest in the outbox, so two nodes never both send one.
 */
export const notificationMail = pgTable(
  'notification_mail',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    lastDigestAt: timestampTz('last_digest_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_mail_token_unique').on(t.unsubscribeToken)],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
export type NotificationMailRow = typeof notificationMail.$inferSelect;

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps, timestampTz } from './columns.js';

/**
 * The newsletter module's subscribers: one row per address, in the language the reader subscribed in.
 * Double opt-in: a row is pending until the mailed link (its token only stored hashed, expiring) is
 * opened; only rows with `confirmed_at` receive issues. `unsubscribe_token` is the one-click link of
 * every issue: kept as it is (it must be written into each issue, and all it can do is remove this
 * row). Unsubscribing deletes the row.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    confirmedAt: timestampTz('confirmed_at'),
    /** SHA-256 of the token of the last confirmation link mailed; cleared once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestampTz('confirm_expires_at'),
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_unique').on(t.email),
    uniqueIndex('newsletter_subscriptions_confirm_token_unique').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscriptions_unsubscribe_token_unique').on(t.unsubscribeToken),
  ],
);

/**
 * Issues written by admins, in both languages. `status`: `draft` → `sending` (a pg-boss job walks the
 * confirmed subscribers in id order, `cursor` = the last one queued, so a job taken over after its node
 * died goes on from there) → `sent` (every message is in the mail outbox). Delivery progress is the
 * mail module's (its messages carry `batch` = `newsletter:<id>`).
 */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: id(),
    subjectEn: text('subject_en').notNull(),
    subjectAm: text('subject_am').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyAm: text('body_am').notNull(),
    status: text('status').notNull().default('draft'),
    /** Confirmed subscribers when sending began; the messages queued once it is sent. */
    total: integer('total').notNull().default(0),
    queued: integer('queued').notNull().default(0),
    /** Only subscribers confirmed by then receive it. */
    sendStartedAt: timestampTz('send_started_at'),
    cursor: text('cursor'),
    /** A job at work on it (another job waits until this is stale). */
    claimedAt: timestampTz('claimed_at'),
    sentAt: timestampTz('sent_at'),
    ...timestamps,
  },
  (t) => [
    check('newsletter_issues_status_check', sql`${t.status} IN ('draft', 'sending', 'sent')`),
    index('newsletter_issues_created_idx').on(t.createdAt),
  ],
);

export type NewsletterSubscriptionRow = typeof newsletterSubscriptions.$inferSelect;
export type NewsletterIssueRow = typeof newsletterIssues.$inferSelect;

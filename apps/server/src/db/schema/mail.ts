import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps, timestampTz } from './columns.js';

/**
 * The mail module's outbox: one row per message, rendered when queued (subject, text and HTML in the
 * recipient's language) and delivered by a pg-boss job. `status`: `queued` → `sending` (claimed by one
 * node; a claim older than the job's expiry is taken again) → `sent`, or `failed` when the server
 * refused it for good (5xx) or the temporary failures ran out. The bodies hold one-time links, so they
 * are cleared once the message is sent or failed; subject, recipient and outcome stay for admins.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    /** The template (`password-reset`, `verify-email`, …). */
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** `<uuid@host of PUBLIC_URL>`: the same on every attempt, so a receiver can drop a duplicate. */
    messageId: text('message_id').notNull(),
    /**
     * Newsletter and notification mail: the one-click unsubscribe URL (RFC 8058), sent as
     * `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
     */
    unsubscribeUrl: text('unsubscribe_url'),
    /** Files sent with the message (a meeting's `.ics`), text content; cleared with the bodies. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** A mailing the message belongs to (`newsletter:<issue id>`): its progress is counted by it. */
    batch: text('batch'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestampTz('claimed_at'),
    sentAt: timestampTz('sent_at'),
    /** The last failure (an SMTP reply or a connection error), for admins. */
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    check('mail_messages_status_check', sql`${t.status} IN ('queued', 'sending', 'sent', 'failed')`),
    check('mail_messages_language_check', sql`${t.language} IN ('en', 'am')`),
    index('mail_messages_status_created_idx').on(t.status, t.createdAt),
    index('mail_messages_batch_idx').on(t.batch, t.status),
  ],
);

/** A text attachment (an iCalendar event): stored with the message until it is sent. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export type MailMessageRow = typeof mailMessages.$inferSelect;

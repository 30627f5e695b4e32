import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps, timestampTz } from './columns.js';
import { users } from './users.js';

/**
 * A message sent through the contact form (`/contact`), from a visitor or a signed-in reader
 * (`user_id`, kept null when the account goes). Admins read them at `/admin/messages`; `handled_at`
 * marks one dealt with.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The interface language the sender wrote from (a reply in the same language). */
    language: text('language').notNull().default('en'),
    status: text('status').notNull().default('new'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestampTz('handled_at'),
    ...timestamps,
  },
  (t) => [
    check('contact_messages_status_check', sql`${t.status} IN ('new', 'handled')`),
    check('contact_messages_message_check', sql`char_length(${t.message}) BETWEEN 1 AND 5000`),
    index('contact_messages_status_created_idx').on(t.status, t.createdAt),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;

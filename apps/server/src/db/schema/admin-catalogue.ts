import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { id, timestamps, timestampTz } from './columns.js';
import { ownerUserId, users } from './users.js';

/**
 * Site settings (`/admin/settings`): one row per key, the value as JSON. Known keys and their
 * defaults: `DEFAULT_SITE_SETTINGS` of @nebab/shared; a missing row means the default.
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

/**
 * A reader's suggestion of a book for the catalogue. Approval makes a `local-…` book (`book_id`);
 * rejection keeps the reason the reader sees.
 */
export const bookSuggestions = pgTable(
  'book_suggestions',
  {
    id: id(),
    userId: ownerUserId(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    isbn: text('isbn'),
    language: text('language').notNull(),
    note: text('note'),
    status: text('status').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    bookId: text('book_id').references(() => books.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestampTz('decided_at'),
    ...timestamps,
  },
  (t) => [
    check('book_suggestions_status_check', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
    index('book_suggestions_status_created_idx').on(t.status, t.createdAt),
    index('book_suggestions_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export type BookSuggestionRow = typeof bookSuggestions.$inferSelect;

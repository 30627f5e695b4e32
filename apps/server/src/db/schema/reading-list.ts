import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { id, timestamps, timestampTz } from './columns.js';
import { ownerUserId } from './users.js';

/**
 * Spec §3 Reading list entry + Favorite: one row per (user, book), enforced by the database.
 * A favourite is only allowed once the book is being read or finished (spec §4).
 */
export const readingListEntries = pgTable(
  'reading_list_entries',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: text('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    isFavorite: boolean('is_favorite').notNull().default(false),
    currentPage: integer('current_page'),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
    ...timestamps,
  },
  (t) => [
    unique('reading_list_entries_user_book_unique').on(t.userId, t.bookId),
    check(
      'reading_list_entries_status_check',
      sql`${t.status} IN ('wantToRead', 'currentlyReading', 'completed')`,
    ),
    check('reading_list_entries_favorite_check', sql`NOT ${t.isFavorite} OR ${t.status} <> 'wantToRead'`),
    check('reading_list_entries_current_page_check', sql`${t.currentPage} IS NULL OR ${t.currentPage} >= 0`),
    index('reading_list_entries_user_updated_idx').on(t.userId, t.updatedAt),
    index('reading_list_entries_book_idx').on(t.bookId),
  ],
);

export type ReadingListEntryRow = typeof readingListEntries.$inferSelect;
export type NewReadingListEntryRow = typeof readingListEntries.$inferInsert;

import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { ownerUserId } from './users.js';

/** A reader's goal for one (Gregorian) year: books to finish, optionally pages. */
export const readingGoals = pgTable(
  'reading_goals',
  {
    userId: ownerUserId(),
    year: integer('year').notNull(),
    books: integer('books').notNull(),
    pages: integer('pages'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.year] }),
    check('reading_goals_books_check', sql`${t.books} BETWEEN 1 AND 1000`),
    check('reading_goals_pages_check', sql`${t.pages} IS NULL OR ${t.pages} BETWEEN 1 AND 1000000`),
  ],
);

export type ReadingGoalRow = typeof readingGoals.$inferSelect;

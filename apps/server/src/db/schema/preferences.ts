import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { users } from './users.js';

/** Reading preferences (spec §3): one row per user; no row means the onboarding wizard is still due. */
export const preferences = pgTable('preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  languages: jsonb('languages').$type<string[]>().notNull(),
  genres: jsonb('genres').$type<string[]>().notNull(),
  ageGroup: text('age_group'),
  bookLength: text('book_length'),
  authors: jsonb('authors').$type<string[]>().notNull().default([]),
  ...timestamps,
});

export type PreferencesRow = typeof preferences.$inferSelect;

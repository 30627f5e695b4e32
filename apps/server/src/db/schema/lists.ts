import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { id, timestamps, timestampTz } from './columns.js';
import { ownerUserId, users } from './users.js';

/**
 * Readers' book lists (module `lists`). `vote_count` and `item_count` are kept by the database
 * (triggers of the custom migration `book_list_counts`), so the genre ranking reads them from the
 * row. `genre` is the owner's pick when `genre_chosen`, else the genre most of its books share.
 */
export const bookLists = pgTable(
  'book_lists',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility').notNull().default('public'),
    mode: text('mode').notNull().default('open'),
    genre: text('genre'),
    genreChosen: boolean('genre_chosen').notNull().default(false),
    voteCount: integer('vote_count').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('book_lists_visibility_check', sql`${t.visibility} IN ('public', 'private')`),
    check('book_lists_mode_check', sql`${t.mode} IN ('open', 'curated')`),
    check('book_lists_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 120`),
    check('book_lists_description_check', sql`char_length(${t.description}) <= 2000`),
    index('book_lists_owner_idx').on(t.ownerId, t.updatedAt),
    index('book_lists_genre_rank_idx')
      .on(t.genre, t.voteCount.desc(), t.itemCount.desc(), t.createdAt.desc())
      .where(sql`${t.visibility} = 'public'`),
  ],
);

/** A book on a list; `position` is the owner's order (curated lists), `vote_count` its votes. */
export const bookListItems = pgTable(
  'book_list_items',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => bookLists.id, { onDelete: 'cascade' }),
    bookId: text('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    voteCount: integer('vote_count').notNull().default(0),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'book_list_items_pk', columns: [t.listId, t.bookId] }),
    index('book_list_items_book_idx').on(t.bookId),
  ],
);

/** One reader's vote for a book of an open list. */
export const bookListVotes = pgTable(
  'book_list_votes',
  {
    listId: uuid('list_id').notNull(),
    bookId: text('book_id').notNull(),
    userId: ownerUserId(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'book_list_votes_pk', columns: [t.listId, t.bookId, t.userId] }),
    foreignKey({
      name: 'book_list_votes_item_fk',
      columns: [t.listId, t.bookId],
      foreignColumns: [bookListItems.listId, bookListItems.bookId],
    }).onDelete('cascade'),
    index('book_list_votes_user_idx').on(t.userId),
  ],
);

export type BookListRow = typeof bookLists.$inferSelect;
export type NewBookListRow = typeof bookLists.$inferInsert;
export type BookListItemRow = typeof bookListItems.$inferSelect;

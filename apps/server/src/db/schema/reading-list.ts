import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { id, timestamps, timestampTz } from './columns.js';
import { ownerUserId } from './users.js';

/**
 * Spec §3 Reading list entry + Favorite: one row per (user, book), enforced by the database.
 * A favourite is only allowed while the book is being read or once finished (spec §4).
 * `started_at` / `finished_at` mirror the entry's latest read (`reading_list_reads`).
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
    /** Copies the reader owns (Goodreads' "Owned Copies"). */
    ownedCopies: integer('owned_copies').notNull().default(0),
    /**
     * Reads known to have happened without dates (an import's Read Count beyond its dated reads);
     * the export's Read Count is the ended reads plus these.
     */
    undatedReads: integer('undated_reads').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('reading_list_entries_user_book_unique').on(t.userId, t.bookId),
    check(
      'reading_list_entries_status_check',
      sql`${t.status} IN ('wantToRead', 'currentlyReading', 'completed', 'didNotFinish')`,
    ),
    check(
      'reading_list_entries_favorite_check',
      sql`NOT ${t.isFavorite} OR ${t.status} IN ('currentlyReading', 'completed')`,
    ),
    check('reading_list_entries_current_page_check', sql`${t.currentPage} IS NULL OR ${t.currentPage} >= 0`),
    check('reading_list_entries_owned_copies_check', sql`${t.ownedCopies} BETWEEN 0 AND 1000`),
    check('reading_list_entries_undated_reads_check', sql`${t.undatedReads} BETWEEN 0 AND 1000`),
    index('reading_list_entries_user_updated_idx').on(t.userId, t.updatedAt),
    index('reading_list_entries_book_idx').on(t.bookId),
  ],
);

export type ReadingListEntryRow = typeof readingListEntries.$inferSelect;
export type NewReadingListEntryRow = typeof readingListEntries.$inferInsert;

/**
 * One read of a book on a reader's list: under way (outcome NULL, at most one per entry) or ended
 * (completed, or didNotFinish with the page where the reader stopped). Re-reads add rows; every past
 * read stays. Removing the book from the list removes its reads.
 */
export const readingListReads = pgTable(
  'reading_list_reads',
  {
    id: id(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => readingListEntries.id, { onDelete: 'cascade' }),
    /** Denormalised owner, so a reader's whole history is one index scan (stats). */
    userId: ownerUserId(),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
    outcome: text('outcome'),
    stoppedPage: integer('stopped_page'),
    ...timestamps,
  },
  (t) => [
    check(
      'reading_list_reads_outcome_check',
      sql`${t.outcome} IS NULL OR ${t.outcome} IN ('completed', 'didNotFinish')`,
    ),
    check('reading_list_reads_finished_check', sql`(${t.outcome} IS NULL) = (${t.finishedAt} IS NULL)`),
    check(
      'reading_list_reads_dates_check',
      sql`${t.startedAt} IS NULL OR ${t.finishedAt} IS NULL OR ${t.finishedAt} >= ${t.startedAt}`,
    ),
    check('reading_list_reads_stopped_page_check', sql`${t.stoppedPage} IS NULL OR ${t.stoppedPage} >= 0`),
    uniqueIndex('reading_list_reads_open_unique')
      .on(t.entryId)
      .where(sql`${t.outcome} IS NULL`),
    index('reading_list_reads_entry_idx').on(t.entryId, t.startedAt),
    index('reading_list_reads_user_idx').on(t.userId, t.finishedAt),
  ],
);

export type ReadingListReadRow = typeof readingListReads.$inferSelect;
export type NewReadingListReadRow = typeof readingListReads.$inferInsert;

/** A progress update of a read: the page reached or a percentage, with an optional short note. */
export const readingProgress = pgTable(
  'reading_progress',
  {
    id: id(),
    readId: uuid('read_id')
      .notNull()
      .references(() => readingListReads.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    page: integer('page'),
    percent: real('percent'),
    note: text('note'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('reading_progress_one_measure_check', sql`(${t.page} IS NULL) <> (${t.percent} IS NULL)`),
    check('reading_progress_page_check', sql`${t.page} IS NULL OR ${t.page} >= 0`),
    check('reading_progress_percent_check', sql`${t.percent} IS NULL OR ${t.percent} BETWEEN 0 AND 100`),
    check('reading_progress_note_check', sql`${t.note} IS NULL OR char_length(${t.note}) <= 280`),
    index('reading_progress_read_idx').on(t.readId, t.createdAt),
  ],
);

export type ReadingProgressRow = typeof readingProgress.$inferSelect;

/**
 * A reader's own named shelf ("owned", "book club picks"); private to its owner. Names are unique
 * per reader ignoring case. Imported Goodreads shelves land here too.
 */
export const shelves = pgTable(
  'shelves',
  {
    id: id(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('shelves_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    check('shelves_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
  ],
);

export type ShelfRow = typeof shelves.$inferSelect;

/** A book of the reader's list on one of their shelves (a book may be on several). */
export const shelfBooks = pgTable(
  'shelf_books',
  {
    shelfId: uuid('shelf_id')
      .notNull()
      .references(() => shelves.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => readingListEntries.id, { onDelete: 'cascade' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shelfId, t.entryId] }), index('shelf_books_entry_idx').on(t.entryId)],
);

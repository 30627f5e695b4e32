import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { id, timestamps, timestampTz } from './columns.js';
import { ownerUserId } from './users.js';

/**
 * A reader's import of a Goodreads or StoryGraph export: one row per uploaded file. The counters
 * move in the same transaction as the rows they count (modules/imports), so they are always true,
 * whichever node runs the job and however often it is resumed.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    userId: ownerUserId(),
    source: text('source').notNull(),
    status: text('status').notNull().default('queued'),
    fileName: text('file_name'),
    /** Reviews of this import are public (the reader chose so); private otherwise. */
    publicReviews: boolean('public_reviews').notNull().default(false),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    created: integer('created').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
    ...timestamps,
  },
  (t) => [
    check('imports_source_check', sql`${t.source} IN ('goodreads', 'storygraph')`),
    check('imports_status_check', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
    index('imports_user_created_idx').on(t.userId, t.createdAt),
    index('imports_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('queued', 'running')`),
  ],
);

export type ImportRow = typeof imports.$inferSelect;

/**
 * One data row of an import's file, as parsed (`data`), and what became of it: `pending` until a
 * batch handles it; then `matched` (a catalogue book), `created` (a new reader-added book) or
 * `skipped` (with `message`, an i18n key, and `params`). A batch claims its rows with
 * `FOR UPDATE SKIP LOCKED` and marks them in its own transaction, so a row is applied exactly once.
 */
export const importRows = pgTable(
  'import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** The row's line in the file (the header is row 1). */
    row: integer('row').notNull(),
    data: jsonb('data').notNull(),
    outcome: text('outcome').notNull().default('pending'),
    bookId: text('book_id').references(() => books.id, { onDelete: 'set null' }),
    message: text('message'),
    params: jsonb('params'),
    /**
     * Why the row has its book: goodreadsId, isbn13, isbn10, title (title + author in the catalogue),
     * search (catalogue search), created (a new reader-added book), corrected (the reader picked it in
     * the report), none (the reader said no book: what the row did was undone).
     */
    via: text('via'),
    /** The row added the reader's reading-list entry / review of its book (a correction takes them away). */
    addedEntry: boolean('added_entry').notNull().default(false),
    addedReview: boolean('added_review').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'import_rows_pk', columns: [t.importId, t.row] }),
    check('import_rows_outcome_check', sql`${t.outcome} IN ('pending', 'matched', 'created', 'skipped')`),
    index('import_rows_pending_idx')
      .on(t.importId, t.row)
      .where(sql`${t.outcome} = 'pending'`),
  ],
);

export type ImportRowRow = typeof importRows.$inferSelect;

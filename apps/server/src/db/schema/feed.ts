import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FEED_KINDS } from '@nebab/shared';
import { books } from './books.js';
import { clubs } from './clubs.js';
import { id, timestampTz } from './columns.js';
import { bookLists } from './lists.js';
import { users } from './users.js';

const kindList = sql.raw(FEED_KINDS.map((kind) => `'${kind}'`).join(', '));

/** What a feed entry shows besides its targets. */
export interface FeedEntryData {
  /** The start of a review (`reviewed`). */
  excerpt?: string;
}

/**
 * The activity feed (module `feed`): one row per thing a reader did, written by the feed's own
 * listeners of the domain events. `seq` orders the feed (newest first) and is its cursor; a repeat
 * of the same thing (`dedupe_key` per actor) moves the row to the top instead of adding one. Who may
 * see a row is decided when it is read (privacy, follows, blocks), never stored.
 */
export const feedEntries = pgTable(
  'feed_entries',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    bookId: text('book_id').references(() => books.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id'),
    rating: integer('rating'),
    listId: uuid('list_id').references(() => bookLists.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<FeedEntryData>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feed_entries_seq_unique').on(t.seq),
    uniqueIndex('feed_entries_actor_dedupe_unique').on(t.actorId, t.dedupeKey),
    index('feed_entries_actor_seq_idx').on(t.actorId, t.seq),
    index('feed_entries_review_idx').on(t.reviewId),
    check('feed_entries_kind_check', sql`${t.kind} IN (${kindList})`),
  ],
);

export type FeedEntryRow = typeof feedEntries.$inferSelect;
export type NewFeedEntryRow = typeof feedEntries.$inferInsert;

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { id, timestamps, timestampTz } from './columns.js';
import { ownerUserId } from './users.js';

/**
 * Spec §3 Review: one per (user, book), enforced by the database; a second submission replaces
 * the first. Comments are plain trimmed text. Deleting marks the status, the row stays.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: text('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    visibility: text('visibility').notNull().default('public'),
    /** The comment gives away the plot: hidden from others until they choose to see it. */
    spoiler: boolean('spoiler').notNull().default(false),
    status: text('status').notNull().default('approved'),
    /**
     * Written by a library import and not since by the reader in Nebab: its visibility and date are the
     * import's. Writing or editing it in Nebab clears this and gives it the reader's default and today.
     */
    imported: boolean('imported').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    unique('reviews_user_book_unique').on(t.userId, t.bookId),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_visibility_check', sql`${t.visibility} IN ('public', 'private')`),
    check('reviews_status_check', sql`${t.status} IN ('approved', 'rejected', 'flagged', 'deleted')`),
    // An empty comment is a rating without words (an imported Goodreads rating); the API asks for text.
    check('reviews_comment_check', sql`char_length(${t.comment}) <= 5000`),
    index('reviews_book_created_idx').on(t.bookId, t.createdAt),
    /** The public review feed (`GET /api/reviews`): newest approved public reviews first. */
    index('reviews_public_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved' AND ${t.visibility} = 'public'`),
  ],
);

/** One reaction per user per review; the counts are computed from this table. */
export const reviewReactions = pgTable(
  'review_reactions',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    type: text('type').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('review_reactions_review_user_unique').on(t.reviewId, t.userId),
    check('review_reactions_type_check', sql`${t.type} IN ('like', 'dislike')`),
  ],
);

/** Spec §3 Reply: plain trimmed text, shown oldest first. */
export const reviewReplies = pgTable(
  'review_replies',
  {
    id: id(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    text: text('text').notNull(),
    ...timestamps,
  },
  (t) => [
    check('review_replies_text_check', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
    index('review_replies_review_created_idx').on(t.reviewId, t.createdAt),
  ],
);

/** Reports of a review; one per reporter (a repeated report does not count twice). */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: id(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    unique('review_reports_review_user_unique').on(t.reviewId, t.userId),
    check('review_reports_status_check', sql`${t.status} IN ('open', 'resolved', 'dismissed')`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;
export type ReviewReplyRow = typeof reviewReplies.$inferSelect;

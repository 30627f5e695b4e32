import type { ReviewFeedQuery, ReviewReactionType } from '@nebab/shared';
import { and, asc, count, desc, eq, getTableColumns, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  books,
  reviewReactions,
  reviewReplies,
  reviewReports,
  reviews,
  type ReviewReplyRow,
  type ReviewRow,
} from '../../db/schema/index.js';
import { bookCardColumns, PUBLIC_BOOK, TILE_FIELDS, type BookCard } from '../books/book-card.js';
import { joinReader, READER_CARD_COLUMNS, type ReaderCard } from '../users/reader-card.js';
import { findReaderCard } from '../users/users.read-model.js';

/** The author a review or reply shows: the reader card. */
export type ReviewAuthor = ReaderCard;

export interface ReactionCounts {
  likes: number;
  dislikes: number;
  mine: ReviewReactionType | null;
}

export interface ReplyWithAuthor {
  reply: ReviewReplyRow;
  author: ReviewAuthor;
}

export interface ReviewWithAuthor {
  review: ReviewRow;
  author: ReviewAuthor;
}

/** A review with everything the Review shape shows. */
export interface ReviewDetails extends ReviewWithAuthor {
  reactions: ReactionCounts;
  replies: ReplyWithAuthor[];
}

/** The details of a review written a moment ago: it has no reactions or replies yet. */
export function newReviewDetails(row: ReviewWithAuthor): ReviewDetails {
  return { ...row, reactions: { likes: 0, dislikes: 0, mine: null }, replies: [] };
}

export interface ReviewFields {
  rating: number;
  comment: string;
  visibility: string;
  /** The comment gives away the plot. */
  spoiler?: boolean;
}

/** The card fields a feed review shows of its book. */
const FEED_BOOK_FIELDS = [...TILE_FIELDS, 'genres', 'language'] as const;

export interface FeedReview extends ReviewWithAuthor {
  book: Pick<BookCard, (typeof FEED_BOOK_FIELDS)[number]>;
  reactions: ReactionCounts;
  replyCount: number;
}

/** Reads and writes `reviews` and its reactions, replies and reports. Every method takes an optional transaction. */
export function createReviewsRepository(db: Db) {
  async function reactionsFor(
    reviewIds: string[],
    userId: string | null,
    tx: Db,
  ): Promise<Map<string, ReactionCounts>> {
    const result = new Map<string, ReactionCounts>();
    for (const id of reviewIds) result.set(id, { likes: 0, dislikes: 0, mine: null });
    if (reviewIds.length === 0) return result;
    const rows = await tx
      .select({
        reviewId: reviewReactions.reviewId,
        likes: sql<number>`(count(*) FILTER (WHERE ${reviewReactions.type} = 'like'))::int`,
        dislikes: sql<number>`(count(*) FILTER (WHERE ${reviewReactions.type} = 'dislike'))::int`,
        mine: userId
          ? sql<ReviewReactionType | null>`max(${reviewReactions.type}) FILTER (WHERE ${reviewReactions.userId} = ${userId})`
          : sql<null>`NULL`,
      })
      .from(reviewReactions)
      .where(inArray(reviewReactions.reviewId, reviewIds))
      .groupBy(reviewReactions.reviewId);
    for (const row of rows) {
      result.set(row.reviewId, {
        likes: Number(row.likes),
        dislikes: Number(row.dislikes),
        mine: row.mine ?? null,
      });
    }
    return result;
  }

  async function repliesFor(
    reviewIds: string[],
    tx: Db,
    hidden: readonly string[],
  ): Promise<Map<string, ReplyWithAuthor[]>> {
    const result = new Map<string, ReplyWithAuthor[]>();
    for (const id of reviewIds) result.set(id, []);
    if (reviewIds.length === 0) return result;
    const rows = await tx
      .select({ reply: reviewReplies, author: READER_CARD_COLUMNS })
      .from(reviewReplies)
      .innerJoin(...joinReader(reviewReplies.userId))
      .where(
        and(
          inArray(reviewReplies.reviewId, reviewIds),
          hidden.length > 0 ? notInArray(reviewReplies.userId, [...hidden]) : undefined,
        ),
      )
      .orderBy(asc(reviewReplies.createdAt), asc(reviewReplies.id));
    for (const row of rows) result.get(row.reply.reviewId)?.push(row);
    return result;
  }

  /** The Review shape's details; replies by readers in `hidden` (blocked either way) are left out. */
  async function withDetails(
    rows: ReviewWithAuthor[],
    viewerId: string | null,
    tx: Db,
    hidden: readonly string[] = [],
  ): Promise<ReviewDetails[]> {
    const ids = rows.map((row) => row.review.id);
    const [reactions, replies] = await Promise.all([
      reactionsFor(ids, viewerId, tx),
      repliesFor(ids, tx, hidden),
    ]);
    return rows.map((row) => ({
      ...row,
      reactions: reactions.get(row.review.id) ?? { likes: 0, dislikes: 0, mine: null },
      replies: replies.get(row.review.id) ?? [],
    }));
  }

  return {
    withDetails,

    /**
     * The public review feed: approved public reviews of active books, newest first, filtered by the
     * book's genre and language and the review's stars; private, rejected, flagged and deleted
     * reviews never appear, nor reviews and replies (in `replyCount`) by readers in `hidden`. One page
     * with the total of the filter.
     */
    async feed(
      query: ReviewFeedQuery,
      hidden: readonly string[] = [],
      tx: Db = db,
    ): Promise<{ rows: FeedReview[]; total: number }> {
      const filter = and(
        eq(reviews.status, 'approved'),
        hidden.length > 0 ? notInArray(reviews.userId, [...hidden]) : undefined,
        eq(reviews.visibility, 'public'),
        PUBLIC_BOOK,
        query.genre ? sql`${books.genres} @> ARRAY[${query.genre}]::text[]` : undefined,
        query.language ? eq(books.language, query.language) : undefined,
        query.rating ? eq(reviews.rating, query.rating) : undefined,
      );
      const [found, [counted]] = await Promise.all([
        tx
          .select({ review: reviews, author: READER_CARD_COLUMNS, book: bookCardColumns(FEED_BOOK_FIELDS) })
          .from(reviews)
          .innerJoin(books, eq(books.id, reviews.bookId))
          .innerJoin(...joinReader(reviews.userId))
          .where(filter)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        tx.select({ n: count() }).from(reviews).innerJoin(books, eq(books.id, reviews.bookId)).where(filter),
      ]);
      const ids = found.map((row) => row.review.id);
      const [reactions, replyCounts] = await Promise.all([
        reactionsFor(ids, null, tx),
        ids.length === 0
          ? Promise.resolve([])
          : tx
              .select({ reviewId: reviewReplies.reviewId, n: count() })
              .from(reviewReplies)
              .where(
                and(
                  inArray(reviewReplies.reviewId, ids),
                  hidden.length > 0 ? notInArray(reviewReplies.userId, [...hidden]) : undefined,
                ),
              )
              .groupBy(reviewReplies.reviewId),
      ]);
      const repliesOf = new Map(replyCounts.map((row) => [row.reviewId, Number(row.n)]));
      return {
        rows: found.map((row) => ({
          ...row,
          reactions: reactions.get(row.review.id) ?? { likes: 0, dislikes: 0, mine: null },
          replyCount: repliesOf.get(row.review.id) ?? 0,
        })),
        total: Number(counted?.n ?? 0),
      };
    },

    /**
     * A book's reviews as `viewerId` sees them: approved public ones plus the viewer's own (any
     * visibility, any status but deleted), newest first; none by readers in `hidden`.
     */
    async listForBook(
      bookId: string,
      viewerId: string | null,
      hidden: readonly string[] = [],
      tx: Db = db,
    ): Promise<ReviewWithAuthor[]> {
      const publicOnes = and(eq(reviews.status, 'approved'), eq(reviews.visibility, 'public'));
      return tx
        .select({ review: reviews, author: READER_CARD_COLUMNS })
        .from(reviews)
        .innerJoin(...joinReader(reviews.userId))
        .where(
          and(
            eq(reviews.bookId, bookId),
            ne(reviews.status, 'deleted'),
            viewerId ? or(publicOnes, eq(reviews.userId, viewerId)) : publicOnes,
            hidden.length > 0 ? notInArray(reviews.userId, [...hidden]) : undefined,
          ),
        )
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
    },

    /**
     * The author's latest approved public reviews of active books, newest first, and how many there
     * are (a profile: the count is of the reviews it may show).
     */
    async publicByAuthor(authorId: string, limit: number, tx: Db = db) {
      const shown = and(
        eq(reviews.userId, authorId),
        eq(reviews.status, 'approved'),
        eq(reviews.visibility, 'public'),
        PUBLIC_BOOK,
      );
      const [rows, [counted]] = await Promise.all([
        tx
          .select({ review: reviews, book: bookCardColumns(TILE_FIELDS) })
          .from(reviews)
          .innerJoin(books, eq(books.id, reviews.bookId))
          .where(shown)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit),
        tx.select({ n: count() }).from(reviews).innerJoin(books, eq(books.id, reviews.bookId)).where(shown),
      ]);
      return { rows, total: Number(counted?.n ?? 0) };
    },

    async findById(id: string, tx: Db = db): Promise<ReviewWithAuthor | undefined> {
      const [row] = await tx
        .select({ review: reviews, author: READER_CARD_COLUMNS })
        .from(reviews)
        .innerJoin(...joinReader(reviews.userId))
        .where(eq(reviews.id, id))
        .limit(1);
      return row;
    },

    /** How a reader signs reviews (the author of the Review shape), or undefined for no such reader. */
    async author(userId: string, tx: Db = db): Promise<ReviewAuthor | undefined> {
      return findReaderCard(tx, userId);
    },

    /** The reader's review of the book (any status), or undefined. */
    async findMine(userId: string, bookId: string, tx: Db = db): Promise<ReviewRow | undefined> {
      const [row] = await tx
        .select()
        .from(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.bookId, bookId)))
        .limit(1);
      return row;
    },

    /** The review row, locked until the transaction ends. */
    async findForUpdate(id: string, tx: Db): Promise<ReviewRow | undefined> {
      const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).limit(1).for('update');
      return row;
    },

    /**
     * Writes the reader's review of the book in one statement: a new row, or the existing one
     * replaced (a deleted review comes back approved; a flagged or rejected one keeps its status; an
     * imported one becomes the reader's own, dated now).
     * `inserted` tells which; the unique (user_id, book_id) makes concurrent submissions safe.
     */
    async upsert(
      userId: string,
      bookId: string,
      fields: ReviewFields,
      tx: Db = db,
    ): Promise<{ review: ReviewRow; inserted: boolean }> {
      const [row] = await tx
        .insert(reviews)
        .values({ userId, bookId, ...fields, status: 'approved' })
        .onConflictDoUpdate({
          target: [reviews.userId, reviews.bookId],
          set: {
            rating: fields.rating,
            comment: fields.comment,
            visibility: fields.visibility,
            spoiler: fields.spoiler ?? false,
            status: sql`CASE WHEN ${reviews.status} = 'deleted' THEN 'approved' ELSE ${reviews.status} END`,
            createdAt: sql`CASE WHEN ${reviews.imported} THEN now() ELSE ${reviews.createdAt} END`,
            imported: false,
            updatedAt: sql`now()`,
          },
        })
        .returning({ ...getTableColumns(reviews), inserted: sql<boolean>`(xmax = 0)` });
      if (!row) throw new Error('reviews.upsert returned no row');
      const { inserted, ...review } = row;
      return { review, inserted: Boolean(inserted) };
    },

    async update(
      id: string,
      patch: Partial<ReviewFields> & { status?: string; imported?: boolean; createdAt?: Date },
      tx: Db = db,
    ): Promise<ReviewRow | undefined> {
      const [row] = await tx
        .update(reviews)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(reviews.id, id))
        .returning();
      return row;
    },

    async insertReply(reviewId: string, userId: string, text: string, tx: Db = db): Promise<ReviewReplyRow> {
      const [row] = await tx.insert(reviewReplies).values({ reviewId, userId, text }).returning();
      if (!row) throw new Error('reviews.insertReply returned no row');
      return row;
    },

    async findAuthor(userId: string, tx: Db = db): Promise<ReviewAuthor | undefined> {
      return findReaderCard(tx, userId);
    },

    /** Sets (or with null removes) the user's one reaction to the review. */
    async setReaction(
      reviewId: string,
      userId: string,
      type: ReviewReactionType | null,
      tx: Db = db,
    ): Promise<void> {
      if (type === null) {
        await tx
          .delete(reviewReactions)
          .where(and(eq(reviewReactions.reviewId, reviewId), eq(reviewReactions.userId, userId)));
        return;
      }
      await tx
        .insert(reviewReactions)
        .values({ reviewId, userId, type })
        .onConflictDoUpdate({ target: [reviewReactions.reviewId, reviewReactions.userId], set: { type } });
    },

    /** Likes, dislikes and the user's own reaction, counted from the reactions table. */
    async reactionCounts(reviewId: string, userId: string | null, tx: Db = db): Promise<ReactionCounts> {
      const counts = await reactionsFor([reviewId], userId, tx);
      return counts.get(reviewId) ?? { likes: 0, dislikes: 0, mine: null };
    },

    /** Records the user's report (a repeated report keeps the first) and answers the distinct reporters. */
    async report(reviewId: string, userId: string, reason: string, tx: Db = db): Promise<number> {
      await tx.insert(reviewReports).values({ reviewId, userId, reason }).onConflictDoNothing();
      const [row] = await tx
        .select({ count: sql<number>`count(DISTINCT ${reviewReports.userId})::int` })
        .from(reviewReports)
        .where(eq(reviewReports.reviewId, reviewId));
      return Number(row?.count ?? 0);
    },

    /** The id of the user's report of the review (for the `report.created` event). */
    async reportId(reviewId: string, userId: string, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ id: reviewReports.id })
        .from(reviewReports)
        .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.userId, userId)))
        .limit(1);
      return row?.id;
    },

    /** The ratings of the reader's reviews that are not deleted, with when each was written (stats). */
    async ratingsBy(userId: string, tx: Db = db): Promise<{ rating: number; createdAt: Date }[]> {
      return tx
        .select({ rating: reviews.rating, createdAt: reviews.createdAt })
        .from(reviews)
        .where(and(eq(reviews.userId, userId), ne(reviews.status, 'deleted')));
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;

import type { ReportKind, ReportStatus, ReviewStatus } from '@nebab/shared';
import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  bookReports,
  books,
  preferences,
  reviewReports,
  reviews,
  sessions,
  users,
  type ReviewRow,
  type UserRow,
} from '../../db/schema/index.js';
import { escapeLike, selectRows } from '../../db/sql-helpers.js';
import { bookCardColumns, COVER_FIELDS, type BookCard } from '../books/book-card.js';
import { anonymisedAccount } from '../users/users.erase.js';

/** A person as the admin screens show them (the presenter names deleted accounts). */
export interface PersonRef {
  id: string;
  name: string;
  profilePicture: string | null;
  status: string;
}

/** A book as the admin screens name it: title, primary author and cover. */
export type BookRef = Pick<BookCard, 'title' | (typeof COVER_FIELDS)[number]> & { author: string | null };

export interface UserWithCounts {
  user: UserRow;
  booksRead: number;
  reviewsWritten: number;
}

export interface AdminReviewRow {
  review: ReviewRow;
  author: PersonRef;
  book: BookRef;
  reportsCount: number;
  openReportsCount: number;
}

export interface ReviewReportRow {
  id: string;
  reason: string;
  status: string;
  createdAt: Date;
  reporter: PersonRef;
}

export interface ReportRow {
  id: string;
  kind: ReportKind;
  reason: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
  reporter: PersonRef;
  book: BookRef;
  review: { id: string; comment: string; status: string; author: PersonRef } | null;
}

export interface Page<T> {
  items: T[];
  total: number;
}

const PERSON = {
  id: users.id,
  name: users.name,
  profilePicture: users.profilePicture,
  status: users.status,
};
const BOOK = { ...bookCardColumns(['title', ...COVER_FIELDS]), author: books.primaryAuthor };

/**
 * Reads and writes what the admin People & Moderation screens need: users (with counts), reviews
 * (with their book, author and report counts) and the book and review reports. Every method takes
 * an optional transaction.
 */
export function createAdminModerationRepository(db: Db) {
  // Correlated counts. Drizzle leaves columns unqualified in single-table selects, so the outer
  // columns are named with their table here.
  const booksRead = sql<number>`(SELECT count(*)::int FROM reading_list_entries rl WHERE rl.user_id = "users"."id" AND rl.status = 'completed')`;
  const reviewsWritten = sql<number>`(SELECT count(*)::int FROM reviews rv WHERE rv.user_id = "users"."id" AND rv.status <> 'deleted')`;
  const reportsCount = sql<number>`(SELECT count(*)::int FROM review_reports rp WHERE rp.review_id = "reviews"."id")`;
  const openReportsCount = sql<number>`(SELECT count(*)::int FROM review_reports rp WHERE rp.review_id = "reviews"."id" AND rp.status = 'open')`;

  return {
    /** Accounts that are not deleted, newest first; `q` matches name or email. */
    async listUsers(
      options: { q?: string; page: number; pageSize: number },
      tx: Db = db,
    ): Promise<Page<UserWithCounts>> {
      const conditions: SQL[] = [ne(users.status, 'deleted')];
      if (options.q) {
        const pattern = `%${escapeLike(options.q)}%`;
        conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
      }
      const where = and(...conditions);
      const rows = await tx
        .select({ user: users, booksRead, reviewsWritten })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(options.pageSize)
        .offset((options.page - 1) * options.pageSize);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where);
      return {
        items: rows.map((row) => ({
          user: row.user,
          booksRead: Number(row.booksRead),
          reviewsWritten: Number(row.reviewsWritten),
        })),
        total: Number(count?.n ?? 0),
      };
    },

    async findUser(id: string, tx: Db = db): Promise<UserWithCounts | undefined> {
      const [row] = await tx
        .select({ user: users, booksRead, reviewsWritten })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row
        ? { user: row.user, booksRead: Number(row.booksRead), reviewsWritten: Number(row.reviewsWritten) }
        : undefined;
    },

    /** The user row, locked until the transaction ends. */
    async lockUser(id: string, tx: Db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
      return row;
    },

    /** Ends every session of the user: their tokens answer 401 from now on. */
    async deleteSessions(userId: string, tx: Db = db): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    /**
     * Removes an account by anonymising it: no name, email, password, Google link, picture or
     * personal details, no sessions or preferences; status `deleted` (hidden from lists, cannot sign
     * in). Reviews, replies and reports stay, shown as "Deleted reader".
     */
    async anonymiseUser(id: string, tx: Db): Promise<void> {
      await tx.update(users).set(anonymisedAccount(id)).where(eq(users.id, id));
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(preferences).where(eq(preferences.userId, id));
    },

    /** Reviews with their author, book and report counts, most recently updated first. */
    async listReviews(
      options: { status: ReviewStatus | 'all'; page: number; pageSize: number },
      tx: Db = db,
    ): Promise<Page<AdminReviewRow>> {
      const where = options.status === 'all' ? undefined : eq(reviews.status, options.status);
      const rows = await tx
        .select({ review: reviews, author: PERSON, book: BOOK, reportsCount, openReportsCount })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(books, eq(books.id, reviews.bookId))
        .where(where)
        .orderBy(desc(reviews.updatedAt), desc(reviews.id))
        .limit(options.pageSize)
        .offset((options.page - 1) * options.pageSize);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(reviews)
        .where(where);
      return {
        items: rows.map((row) => ({
          ...row,
          reportsCount: Number(row.reportsCount),
          openReportsCount: Number(row.openReportsCount),
        })),
        total: Number(count?.n ?? 0),
      };
    },

    async findReview(id: string, tx: Db = db): Promise<AdminReviewRow | undefined> {
      const [row] = await tx
        .select({ review: reviews, author: PERSON, book: BOOK, reportsCount, openReportsCount })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(books, eq(books.id, reviews.bookId))
        .where(eq(reviews.id, id))
        .limit(1);
      return row
        ? { ...row, reportsCount: Number(row.reportsCount), openReportsCount: Number(row.openReportsCount) }
        : undefined;
    },

    /** The review row, locked until the transaction ends. */
    async lockReview(id: string, tx: Db): Promise<ReviewRow | undefined> {
      const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).limit(1).for('update');
      return row;
    },

    async setReviewStatus(id: string, status: ReviewStatus, tx: Db = db): Promise<void> {
      await tx
        .update(reviews)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(reviews.id, id));
    },

    /** Closes the review's open reports with `status`. */
    async closeOpenReviewReports(reviewId: string, status: ReportStatus, tx: Db = db): Promise<void> {
      await tx
        .update(reviewReports)
        .set({ status })
        .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.status, 'open')));
    },

    /** The reports of a review, newest first, with their reporters. */
    async reportsOfReview(reviewId: string, tx: Db = db): Promise<ReviewReportRow[]> {
      return tx
        .select({
          id: reviewReports.id,
          reason: reviewReports.reason,
          status: reviewReports.status,
          createdAt: reviewReports.createdAt,
          reporter: PERSON,
        })
        .from(reviewReports)
        .innerJoin(users, eq(users.id, reviewReports.userId))
        .where(eq(reviewReports.reviewId, reviewId))
        .orderBy(desc(reviewReports.createdAt), desc(reviewReports.id));
    },

    /** Book and review reports in one queue, newest first. */
    async listReports(
      options: { status: ReportStatus | 'all'; kind: ReportKind | 'all'; page: number; pageSize: number },
      tx: Db = db,
    ): Promise<Page<ReportRow>> {
      const statusOf = (column: SQL) =>
        options.status === 'all' ? sql`TRUE` : sql`${column} = ${options.status}`;
      const parts: SQL[] = [];
      if (options.kind !== 'review') {
        parts.push(
          sql`SELECT 'book' AS kind, br.id, br.created_at FROM book_reports br WHERE ${statusOf(sql`br.status`)}`,
        );
      }
      if (options.kind !== 'book') {
        parts.push(
          sql`SELECT 'review' AS kind, rr.id, rr.created_at FROM review_reports rr WHERE ${statusOf(sql`rr.status`)}`,
        );
      }
      const union = sql.join(parts, sql` UNION ALL `);
      const page = await selectRows<{ kind: ReportKind; id: string }>(
        tx,
        sql`SELECT kind, id FROM (${union}) q ORDER BY created_at DESC, id DESC
            LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`,
      );
      const [counted] = await selectRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM (${union}) q`);
      const found = new Map<string, ReportRow>();
      const bookIds = page.filter((row) => row.kind === 'book').map((row) => row.id);
      const reviewIds = page.filter((row) => row.kind === 'review').map((row) => row.id);
      for (const row of await findBookReports(bookIds, tx)) found.set(row.id, row);
      for (const row of await findReviewReports(reviewIds, tx)) found.set(row.id, row);
      return {
        items: page.map((row) => found.get(row.id)).filter((row): row is ReportRow => Boolean(row)),
        total: Number(counted?.n ?? 0),
      };
    },

    /** Sets the status of the book or review report with that id; undefined when there is none. */
    async setReportStatus(id: string, status: ReportStatus, tx: Db = db): Promise<ReportRow | undefined> {
      const [review] = await tx
        .update(reviewReports)
        .set({ status })
        .where(eq(reviewReports.id, id))
        .returning({ id: reviewReports.id });
      if (review) return (await findReviewReports([id], tx))[0];
      const [book] = await tx
        .update(bookReports)
        .set({ status })
        .where(eq(bookReports.id, id))
        .returning({ id: bookReports.id });
      if (book) return (await findBookReports([id], tx))[0];
      return undefined;
    },
  };

  async function findBookReports(ids: string[], tx: Db): Promise<ReportRow[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        id: bookReports.id,
        reason: bookReports.reason,
        status: bookReports.status,
        createdAt: bookReports.createdAt,
        updatedAt: bookReports.updatedAt,
        reporter: PERSON,
        book: BOOK,
      })
      .from(bookReports)
      .innerJoin(users, eq(users.id, bookReports.userId))
      .innerJoin(books, eq(books.id, bookReports.bookId))
      .where(inArray(bookReports.id, ids));
    return rows.map((row) => ({ ...row, kind: 'book' as const, review: null }));
  }

  async function findReviewReports(ids: string[], tx: Db): Promise<ReportRow[]> {
    if (ids.length === 0) return [];
    const authors = alias(users, 'review_author');
    const rows = await tx
      .select({
        id: reviewReports.id,
        reason: reviewReports.reason,
        status: reviewReports.status,
        createdAt: reviewReports.createdAt,
        updatedAt: reviewReports.updatedAt,
        reporter: PERSON,
        book: BOOK,
        reviewId: reviews.id,
        reviewComment: reviews.comment,
        reviewStatus: reviews.status,
        author: {
          id: authors.id,
          name: authors.name,
          profilePicture: authors.profilePicture,
          status: authors.status,
        },
      })
      .from(reviewReports)
      .innerJoin(users, eq(users.id, reviewReports.userId))
      .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
      .innerJoin(authors, eq(authors.id, reviews.userId))
      .innerJoin(books, eq(books.id, reviews.bookId))
      .where(inArray(reviewReports.id, ids));
    return rows.map((row) => ({
      id: row.id,
      kind: 'review' as const,
      reason: row.reason,
      status: row.status,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      reporter: row.reporter,
      book: row.book,
      review: { id: row.reviewId, comment: row.reviewComment, status: row.reviewStatus, author: row.author },
    }));
  }
}

export type AdminModerationRepository = ReturnType<typeof createAdminModerationRepository>;

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reviews, type ReviewRow } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';

/** A rating (and maybe words) an import brings for one book. */
export interface ImportReview {
  bookId: string;
  rating: number;
  /** Plain text; empty for a rating without words. */
  comment: string;
  spoiler: boolean;
  visibility: 'public' | 'private';
  /** When the reader wrote it, as far as the export tells (Date Read, else Date Added). */
  writtenAt: Date | null;
}

/**
 * Whole-batch writes of reviews (imports) and the reviews' part of a book merge, inside the
 * caller's transaction. The rating triggers keep each book's figures, as for any review write.
 */
export function createReviewsImportRepository(db: Db) {
  return {
    /**
     * Adds the reader's reviews that are missing, and brings existing ones to the imported rating,
     * words and spoiler mark when they differ (their visibility stays the reader's choice). A review
     * the reader deleted stays deleted. A second import of the same file writes nothing. Answers the
     * books whose review it added.
     */
    async importReviews(userId: string, items: readonly ImportReview[], tx: Db = db): Promise<Set<string>> {
      if (items.length === 0) return new Set();
      const existing = new Map(
        (
          await tx
            .select()
            .from(reviews)
            .where(
              and(
                eq(reviews.userId, userId),
                inArray(
                  reviews.bookId,
                  items.map((item) => item.bookId),
                ),
              ),
            )
        ).map((row: ReviewRow) => [row.bookId, row]),
      );
      const fresh = [];
      for (const item of items) {
        const found = existing.get(item.bookId);
        if (!found) {
          const at = item.writtenAt ?? new Date();
          fresh.push({
            userId,
            bookId: item.bookId,
            rating: item.rating,
            comment: item.comment,
            spoiler: item.spoiler,
            visibility: item.visibility,
            imported: true,
            createdAt: at,
            updatedAt: at,
          });
          continue;
        }
        if (found.status === 'deleted') continue;
        if (found.rating === item.rating && found.comment === item.comment && found.spoiler === item.spoiler)
          continue;
        await tx
          .update(reviews)
          .set({ rating: item.rating, comment: item.comment, spoiler: item.spoiler })
          .where(eq(reviews.id, found.id));
      }
      if (fresh.length === 0) return new Set();
      const added = await tx
        .insert(reviews)
        .values(fresh)
        .onConflictDoNothing()
        .returning({ bookId: reviews.bookId });
      return new Set(added.map((row) => row.bookId));
    },

    /**
     * An import report's "none" or another book: takes away the reader's review of the book that the
     * import wrote, unless the reader has written it in Nebab since (`imported` cleared).
     */
    async removeImported(userId: string, bookId: string, tx: Db): Promise<void> {
      await tx
        .delete(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.bookId, bookId), eq(reviews.imported, true)));
    },

    /**
     * A merge's part: reviews of `fromId` move to `toId`; a reader who reviewed both keeps the
     * target's review (the other goes, with its replies and reactions). Answers the reviews moved.
     */
    async moveBook(fromId: string, toId: string, tx: Db): Promise<number> {
      await tx.execute(sql`
        DELETE FROM reviews f USING reviews t
        WHERE f.book_id = ${fromId} AND t.book_id = ${toId} AND t.user_id = f.user_id`);
      const moved = await selectRows<{ id: string }>(
        tx,
        sql`UPDATE reviews SET book_id = ${toId} WHERE book_id = ${fromId} RETURNING id`,
      );
      return moved.length;
    },
  };
}

export type ReviewsImportRepository = ReturnType<typeof createReviewsImportRepository>;

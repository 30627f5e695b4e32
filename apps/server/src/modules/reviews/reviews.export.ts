import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reviewReactions, reviewReplies, reviews } from '../../db/schema/index.js';

/** The reader's reviews (every status), the replies they wrote and the reactions they gave. */
export async function exportReviews(db: Db, userId: string) {
  const [written, replies, reactions] = await Promise.all([
    db
      .select({
        id: reviews.id,
        bookId: reviews.bookId,
        rating: reviews.rating,
        comment: reviews.comment,
        visibility: reviews.visibility,
        spoiler: reviews.spoiler,
        status: reviews.status,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(reviews.createdAt),
    db
      .select({
        id: reviewReplies.id,
        reviewId: reviewReplies.reviewId,
        text: reviewReplies.text,
        createdAt: reviewReplies.createdAt,
      })
      .from(reviewReplies)
      .where(eq(reviewReplies.userId, userId))
      .orderBy(reviewReplies.createdAt),
    db
      .select({
        reviewId: reviewReactions.reviewId,
        type: reviewReactions.type,
        createdAt: reviewReactions.createdAt,
      })
      .from(reviewReactions)
      .where(eq(reviewReactions.userId, userId))
      .orderBy(reviewReactions.createdAt),
  ]);
  return { reviews: written, replies, reactions };
}

/** The reader's reviews by book id (the Goodreads export's My Rating / My Review), deleted ones left out. */
export async function reviewsByBook(db: Db, userId: string) {
  const rows = await db
    .select({
      bookId: reviews.bookId,
      rating: reviews.rating,
      comment: reviews.comment,
      spoiler: reviews.spoiler,
      status: reviews.status,
    })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  return new Map(rows.filter((row) => row.status !== 'deleted').map((row) => [row.bookId, row]));
}

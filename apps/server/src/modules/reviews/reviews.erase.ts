import { eq } from 'drizzle-orm';
import { reviewReactions, reviewReplies, reviewReports, reviews } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/**
 * The reader's reviews (with the replies, reactions and reports they drew), and the replies,
 * reactions and reports they left on others' reviews. The rows go: the `reviews` triggers take
 * their ratings out of each book's figures in the same transaction.
 */
export const eraseReviews: ReaderEraser = async (reader, tx) => {
  await tx.delete(reviewReactions).where(eq(reviewReactions.userId, reader.id));
  await tx.delete(reviewReplies).where(eq(reviewReplies.userId, reader.id));
  await tx.delete(reviewReports).where(eq(reviewReports.userId, reader.id));
  await tx.delete(reviews).where(eq(reviews.userId, reader.id));
};

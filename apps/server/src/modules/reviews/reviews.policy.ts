import type { ReviewRow } from '../../db/schema/index.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';

/**
 * Who sees a review: nobody once it is deleted; its author always; everyone else only while it is
 * approved and public.
 */
export function canSeeReview(review: ReviewRow, userId: string | null): boolean {
  if (review.status === 'deleted') return false;
  if (userId !== null && review.userId === userId) return true;
  return review.status === 'approved' && review.visibility === 'public';
}

/** Edits and deletes are the author's: 404 when the caller cannot see it (e.g. private), 403 otherwise. */
export function assertAuthor(review: ReviewRow, userId: string): void {
  if (!canSeeReview(review, userId)) throw new NotFoundError();
  if (review.userId !== userId) throw new ForbiddenError();
}

/** Spec §3 Book rating combined with readers' reviews: a weighted mean over both counts. */
export function combineRating(
  catalogue: { rating: number | null; ratingsCount: number },
  reviews: { count: number; sum: number },
): { rating: number | null; ratingsCount: number } {
  const catalogueCount = catalogue.rating === null ? 0 : catalogue.ratingsCount;
  const total = catalogueCount + reviews.count;
  if (reviews.count === 0) return catalogue;
  const catalogueSum = catalogue.rating === null ? 0 : catalogue.rating * catalogueCount;
  return {
    rating: (catalogueSum + reviews.sum) / total,
    ratingsCount: catalogue.ratingsCount + reviews.count,
  };
}

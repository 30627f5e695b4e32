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

import { queryOptions } from '@tanstack/react-query';
import type { ReviewList } from '@nebab/shared';
import { apiRequest } from '../client';
import { reviewKeys } from './keys';

/** GET /api/books/:id/reviews */
export function bookReviewsQueryOptions(bookId: string) {
  return queryOptions({
    queryKey: reviewKeys.forBook(bookId),
    queryFn: ({ signal }) =>
      apiRequest<ReviewList>(`/api/books/${encodeURIComponent(bookId)}/reviews`, { signal }),
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { ReviewFeed, ReviewList } from '@nebab/shared';
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

/** The filters and page of the public review feed (absent filters are left out of the URL). */
export interface ReviewFeedParams {
  genre?: string;
  language?: string;
  rating?: number;
  page: number;
  pageSize: number;
}

/** GET /api/reviews: recent public reviews across the catalogue (the `/reviews` page). */
export function reviewFeedQueryOptions(params: ReviewFeedParams) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return queryOptions({
    queryKey: reviewKeys.feed(params),
    queryFn: ({ signal }) => apiRequest<ReviewFeed>(`/api/reviews?${search.toString()}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

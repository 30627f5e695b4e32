import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ReactionSummary,
  Reply,
  Review,
  ReviewInput,
  ReviewList,
  ReviewReactionType,
} from '@nebab/shared';
import { apiRequest } from '../client';
import { invalidateReaderTaste } from '../recommendations/invalidate';
import { reviewKeys } from './keys';

const reviewPath = (id: string) => `/api/reviews/${encodeURIComponent(id)}`;

function useInvalidateBook(bookId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reviewKeys.forBook(bookId) });
}

/** A saved or deleted review also changes the reader's stats and recommendations. */
function useInvalidateOwnReview(bookId: string) {
  const queryClient = useQueryClient();
  const invalidateBook = useInvalidateBook(bookId);
  return () => {
    invalidateReaderTaste(queryClient);
    // The public feed (`/reviews`) shows it, or no longer does.
    void queryClient.invalidateQueries({ queryKey: ['reviews', 'feed'] });
    return invalidateBook();
  };
}

/** POST /api/books/:id/reviews (new or replacing) or PATCH /api/reviews/:id when editing. */
export function useSaveReviewMutation(bookId: string) {
  const invalidate = useInvalidateOwnReview(bookId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ReviewInput }) =>
      id
        ? apiRequest<Review>(reviewPath(id), { method: 'PATCH', body: input })
        : apiRequest<Review>(`/api/books/${encodeURIComponent(bookId)}/reviews`, {
            method: 'POST',
            body: input,
          }),
    onSettled: invalidate,
  });
}

/** DELETE /api/reviews/:id */
export function useDeleteReviewMutation(bookId: string) {
  const invalidate = useInvalidateOwnReview(bookId);
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(reviewPath(id), { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

/** POST /api/reviews/:id/replies { text } */
export function useReplyMutation(bookId: string, reviewId: string) {
  const invalidate = useInvalidateBook(bookId);
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<Reply>(`${reviewPath(reviewId)}/replies`, { method: 'POST', body: { text } }),
    onSettled: invalidate,
  });
}

/** POST /api/reviews/:id/reports { reason } */
export function useReportReviewMutation(reviewId: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<unknown>(`${reviewPath(reviewId)}/reports`, { method: 'POST', body: { reason } }),
  });
}

function patchReview(list: ReviewList | undefined, id: string, summary: ReactionSummary) {
  if (!list) return list;
  return { items: list.items.map((item) => (item.id === id ? { ...item, ...summary } : item)) };
}

/** PUT /api/reviews/:id/reaction — optimistic, then reconciled with the server's counts. */
export function useReactionMutation(bookId: string, review: Review) {
  const queryClient = useQueryClient();
  const key = reviewKeys.forBook(bookId);
  return useMutation({
    mutationFn: (type: ReviewReactionType | null) =>
      apiRequest<ReactionSummary>(`${reviewPath(review.id)}/reaction`, { method: 'PUT', body: { type } }),
    onMutate: async (type) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ReviewList>(key);
      const current = previous?.items.find((item) => item.id === review.id) ?? review;
      let { likes, dislikes } = current;
      if (current.mine === 'like') likes -= 1;
      if (current.mine === 'dislike') dislikes -= 1;
      if (type === 'like') likes += 1;
      if (type === 'dislike') dislikes += 1;
      queryClient.setQueryData<ReviewList>(key, (list) =>
        patchReview(list, review.id, { likes, dislikes, mine: type }),
      );
      return { previous };
    },
    onError: (_error, _type, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (summary) => {
      queryClient.setQueryData<ReviewList>(key, (list) => patchReview(list, review.id, summary));
    },
  });
}

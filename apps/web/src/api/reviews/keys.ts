import type { ReviewFeedParams } from './queries';

export const reviewKeys = {
  all: () => ['reviews'] as const,
  forBook: (bookId: string) => ['reviews', 'book', bookId] as const,
  feed: (query: ReviewFeedParams) => ['reviews', 'feed', query] as const,
};

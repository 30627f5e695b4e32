import type { RecommendationItem } from '@nebab/shared';
import { presentCover } from '../books/books.presenter.js';
import type { ScoredRecommendation } from './recommendations.service.js';

/** A recommendation as a book card with its reason. */
export function presentRecommendation({ book, reason }: ScoredRecommendation): RecommendationItem {
  return {
    id: book.id,
    title: book.title,
    ...presentCover(book),
    authors: book.authors,
    rating: book.rating,
    reason,
  };
}

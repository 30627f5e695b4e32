import type { RecommendationItem } from '@nebab/shared';
import { coverCandidates } from '../books/books.presenter.js';
import type { ScoredRecommendation } from './recommendations.service.js';

/** A recommendation as a book card with its reason. */
export function presentRecommendation({ book, reason }: ScoredRecommendation): RecommendationItem {
  const candidates = coverCandidates(
    {
      id: book.id,
      isbn10: book.isbn10,
      isbn13: book.isbn13,
      cover_url: book.coverUrl,
      thumbnail_url: book.thumbnailUrl,
      cover_path: book.coverPath,
    },
    'list',
  );
  return {
    id: book.id,
    title: book.title,
    coverImage: candidates[0] ?? null,
    coverCandidates: candidates,
    authors: book.authors,
    rating: book.rating,
    reason,
  };
}

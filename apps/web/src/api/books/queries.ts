import { keepPreviousData, infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BookDetail, GenreListItem } from '@nebab/shared';
import { apiRequest } from '../client';
import { bookKeys, type RelatedSort } from './keys';

const RELATED_PAGE = 9;

/** GET /api/books/:id */
export function bookQueryOptions(id: string) {
  return queryOptions({
    queryKey: bookKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<BookDetail>(`/api/books/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /api/books/:id/related?genre&sort&limit&offset, nine at a time (See More loads the next nine). */
export function relatedBooksQueryOptions(id: string, genre: string | null, sort: RelatedSort) {
  return infiniteQueryOptions({
    queryKey: bookKeys.related(id, genre, sort),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ sort, limit: String(RELATED_PAGE), offset: String(pageParam) });
      if (genre) params.set('genre', genre);
      return apiRequest<{ items: GenreListItem[]; total: number }>(
        `/api/books/${encodeURIComponent(id)}/related?${params.toString()}`,
        { signal },
      );
    },
    initialPageParam: 0,
    // Changing the filter or sort keeps the old list on screen (dimmed) until the new one arrives.
    placeholderData: keepPreviousData,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < (last.total ?? 0) ? loaded : undefined;
    },
  });
}

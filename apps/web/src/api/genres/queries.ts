import { queryOptions } from '@tanstack/react-query';
import type { GenreDetail } from '@nebab/shared';
import { apiRequest } from '../client';
import { genreKeys } from './keys';

/** One genre of `GET /api/genres`. */
export interface GenreSummary {
  slug: string;
  name: string;
  title: string;
  description: string;
}

/** GET /api/genres */
export function genresQueryOptions() {
  return queryOptions({
    queryKey: genreKeys.all(),
    queryFn: ({ signal }) =>
      apiRequest<GenreSummary[] | { items: GenreSummary[] }>('/api/genres', { signal }),
    staleTime: 10 * 60 * 1000,
  });
}

/** GET /api/genres/:slug */
export function genreDetailQueryOptions(slug: string) {
  return queryOptions({
    queryKey: genreKeys.detail(slug),
    queryFn: ({ signal }) =>
      apiRequest<Partial<GenreDetail> & { slug: string }>(`/api/genres/${encodeURIComponent(slug)}`, {
        signal,
      }),
    staleTime: 5 * 60 * 1000,
  });
}

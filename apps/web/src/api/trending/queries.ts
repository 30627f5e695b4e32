import { queryOptions } from '@tanstack/react-query';
import type { TrendingCard } from '@nebab/shared';
import { apiRequest } from '../client';
import { trendingKeys } from './keys';

/** GET /api/books/trending?limit= */
export function trendingQueryOptions(limit = 10) {
  return queryOptions({
    queryKey: trendingKeys.list(limit),
    queryFn: ({ signal }) =>
      apiRequest<{ items: TrendingCard[] }>(`/api/books/trending?limit=${limit}`, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

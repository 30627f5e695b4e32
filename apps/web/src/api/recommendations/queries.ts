import { queryOptions } from '@tanstack/react-query';
import type { RecommendationsResponse } from '@nebab/shared';
import { apiRequest } from '../client';
import { recommendationsKeys } from './keys';

/** Books asked for by the recommendations page; the dashboard shows the first 6 of the same list. */
export const RECOMMENDATIONS_PAGE_LIMIT = 24;

/** GET /api/recommendations?limit=: books picked for the reader, each with its reason. */
export function recommendationsQueryOptions(limit = 12) {
  return queryOptions({
    queryKey: recommendationsKeys.list(limit),
    queryFn: () => apiRequest<RecommendationsResponse>(`/api/recommendations?limit=${limit}`),
    staleTime: 60_000,
    retry: false,
  });
}

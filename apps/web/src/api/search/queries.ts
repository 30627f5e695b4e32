import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchQueryInput, SearchResponse, Suggestion } from '@nebab/shared';
import { apiRequest } from '../client';
import { searchKeys } from './keys';

/** Query string of `GET /api/search` from the defined parameters, in a stable order. */
export function searchParamsString(query: SearchQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** GET /api/search — `enabled` is false when there is nothing to search for. */
export function searchQueryOptions(query: SearchQueryInput, enabled = true) {
  return queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) =>
      apiRequest<SearchResponse>(`/api/search?${searchParamsString(query)}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/search/suggest?q= — at most 8 suggestions. */
export function suggestQueryOptions(q: string) {
  return queryOptions({
    queryKey: searchKeys.suggest(q),
    queryFn: ({ signal }) =>
      apiRequest<{ items: Suggestion[] }>(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length > 0,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuthorDetail, AuthorSummary } from '@nebab/shared';
import { apiRequest } from '../client';
import { authorKeys, type AuthorsParams } from './keys';

/** GET /api/authors?q&letter&page&pageSize */
export function authorsQueryOptions(params: AuthorsParams) {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.letter) search.set('letter', params.letter);
  search.set('page', String(params.page));
  search.set('pageSize', String(params.pageSize));
  return queryOptions({
    queryKey: authorKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<{ items: AuthorSummary[]; total: number }>(`/api/authors?${search.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/authors/:name — an author page (404 when the catalogue has no active book of theirs). */
export function authorQueryOptions(name: string) {
  return queryOptions({
    queryKey: authorKeys.detail(name),
    queryFn: ({ signal }) => apiRequest<AuthorDetail>(`/api/authors/${encodeURIComponent(name)}`, { signal }),
  });
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BookListDetail, BookListSummaryList, GenreGroupsPage, GenreListsPage } from '@nebab/shared';
import { apiRequest } from '../client';
import { genreGroupKeys, listKeys } from './keys';

export const listPath = (id: string) => `/api/lists/${encodeURIComponent(id)}`;

/** GET /api/lists/:id */
export function listQueryOptions(id: string) {
  return queryOptions({
    queryKey: listKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<BookListDetail>(listPath(id), { signal }),
  });
}

/** GET /api/me/lists */
export function myListsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: listKeys.mine(),
    queryFn: ({ signal }) => apiRequest<BookListSummaryList>('/api/me/lists', { signal }),
    enabled,
  });
}

/** GET /api/genres/:slug/lists?page=&pageSize= — most voted first. */
export function genreListsQueryOptions(slug: string, page = 1, pageSize = 20) {
  return queryOptions({
    queryKey: listKeys.genre(slug, page, pageSize),
    queryFn: ({ signal }) =>
      apiRequest<GenreListsPage>(
        `/api/genres/${encodeURIComponent(slug)}/lists?page=${page}&pageSize=${pageSize}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/genres/:slug/groups?page=&pageSize= — the genre's public clubs, most members first. */
export function genreGroupsQueryOptions(slug: string, page = 1, pageSize = 24) {
  return queryOptions({
    queryKey: genreGroupKeys.page(slug, page, pageSize),
    queryFn: ({ signal }) =>
      apiRequest<GenreGroupsPage>(
        `/api/genres/${encodeURIComponent(slug)}/groups?page=${page}&pageSize=${pageSize}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

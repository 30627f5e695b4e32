import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminBookDetail,
  AdminBooksResponse,
  AdminStats,
  BookSuggestionList,
  PublicSite,
  ReadingInsights,
  SuggestionStatus,
} from '@nebab/shared';
import { apiRequest } from '../client';
import { statsKeys } from '../stats/keys';
import { adminCatalogueKeys, type AdminBooksParams } from './keys';

/** Rows per page of Manage Books. */
export const ADMIN_BOOKS_PAGE_SIZE = 20;

/** GET /api/admin/stats (spec §3 Admin stats plus open reports and pending suggestions). */
export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: statsKeys.admin(),
    queryFn: ({ signal }) => apiRequest<AdminStats>('/api/admin/stats', { signal }),
    retry: false,
  });
}

/** GET /api/admin/books?q&status&page — server-side search and pagination. */
export function adminBooksQueryOptions(params: AdminBooksParams) {
  return queryOptions({
    queryKey: adminCatalogueKeys.bookList(params),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        page: String(params.page),
        pageSize: String(ADMIN_BOOKS_PAGE_SIZE),
        status: params.status,
      });
      if (params.q.trim()) search.set('q', params.q.trim());
      return apiRequest<AdminBooksResponse>(`/api/admin/books?${search.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/admin/books/:id — the raw editable fields. */
export function adminBookQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminCatalogueKeys.book(id),
    queryFn: ({ signal }) =>
      apiRequest<AdminBookDetail>(`/api/admin/books/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

/** GET /api/admin/books/:id/usage — what a delete also removes. */
export function adminBookUsageQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminCatalogueKeys.usage(id),
    queryFn: ({ signal }) =>
      apiRequest<{ entries: number; reviews: number }>(`/api/admin/books/${encodeURIComponent(id)}/usage`, {
        signal,
      }),
    staleTime: 0,
    retry: false,
  });
}

/** GET /api/admin/reading-lists */
export function readingInsightsQueryOptions() {
  return queryOptions({
    queryKey: adminCatalogueKeys.readingLists(),
    queryFn: ({ signal }) => apiRequest<ReadingInsights>('/api/admin/reading-lists', { signal }),
    retry: false,
  });
}

/** GET /api/admin/settings */
export function siteSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminCatalogueKeys.settings(),
    queryFn: ({ signal }) => apiRequest<PublicSite>('/api/admin/settings', { signal }),
    retry: false,
  });
}

/** GET /api/admin/book-suggestions?status */
export function adminSuggestionsQueryOptions(status: SuggestionStatus) {
  return queryOptions({
    queryKey: adminCatalogueKeys.suggestions(status),
    queryFn: ({ signal }) =>
      apiRequest<BookSuggestionList>(`/api/admin/book-suggestions?status=${status}`, { signal }),
    retry: false,
  });
}

/** GET /api/book-suggestions/mine */
export function mySuggestionsQueryOptions() {
  return queryOptions({
    queryKey: adminCatalogueKeys.mySuggestions(),
    queryFn: ({ signal }) => apiRequest<BookSuggestionList>('/api/book-suggestions/mine', { signal }),
    retry: false,
  });
}

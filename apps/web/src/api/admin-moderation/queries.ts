import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminReportList,
  AdminReportListQuery,
  AdminReviewDetail,
  AdminReviewList,
  AdminReviewListQuery,
  AdminUserList,
  AdminUserListQuery,
} from '@nebab/shared';
import { apiRequest } from '../client';
import { adminModerationKeys } from './keys';

/** `?a=1&b=x` of the defined values. */
function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/admin/users */
export function adminUsersQueryOptions(query: AdminUserListQuery) {
  return queryOptions({
    queryKey: adminModerationKeys.users(query),
    queryFn: ({ signal }) =>
      apiRequest<AdminUserList>(`/api/admin/users${queryString({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/reviews */
export function adminReviewsQueryOptions(query: AdminReviewListQuery) {
  return queryOptions({
    queryKey: adminModerationKeys.reviews(query),
    queryFn: ({ signal }) =>
      apiRequest<AdminReviewList>(`/api/admin/reviews${queryString({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/reviews/:id (View Details) */
export function adminReviewQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminModerationKeys.review(id),
    queryFn: ({ signal }) =>
      apiRequest<AdminReviewDetail>(`/api/admin/reviews/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /api/admin/reports */
export function adminReportsQueryOptions(query: AdminReportListQuery) {
  return queryOptions({
    queryKey: adminModerationKeys.reports(query),
    queryFn: ({ signal }) =>
      apiRequest<AdminReportList>(`/api/admin/reports${queryString({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

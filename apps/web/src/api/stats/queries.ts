import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { statsKeys } from './keys';

/** GET /api/me/stats. */
export interface MeStats {
  booksRead: number;
  readingList: number;
  reviewsWritten: number;
}

/** GET /api/admin/stats (spec §3 Admin stats). */
export interface AdminStats {
  totalUsers: number;
  totalBooks: number;
  totalReviews: number;
  totalReadingLists: number;
}

export function meStatsQueryOptions() {
  return queryOptions({
    queryKey: statsKeys.me(),
    queryFn: () => apiRequest<MeStats>('/api/me/stats'),
    retry: false,
  });
}

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: statsKeys.admin(),
    queryFn: () => apiRequest<AdminStats>('/api/admin/stats'),
    retry: false,
  });
}

import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { statsKeys } from './keys';

/** GET /api/me/stats. */
export interface MeStats {
  booksRead: number;
  readingList: number;
  reviewsWritten: number;
}

export function meStatsQueryOptions() {
  return queryOptions({
    queryKey: statsKeys.me(),
    queryFn: () => apiRequest<MeStats>('/api/me/stats'),
    retry: false,
  });
}

// GET /api/admin/stats: adminStatsQueryOptions in api/admin-catalogue (same key, statsKeys.admin()).

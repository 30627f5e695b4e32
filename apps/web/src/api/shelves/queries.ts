import { queryOptions } from '@tanstack/react-query';
import type { ReadingList, ShelvesResponse } from '@nebab/shared';
import { apiRequest } from '../client';
import { readingListKeys } from '../reading-list/keys';
import { shelvesKeys } from './keys';

/** GET /api/shelves: the reader's own shelves with book counts. */
export function shelvesQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: shelvesKeys.list(),
    queryFn: () => apiRequest<ShelvesResponse>('/api/shelves'),
    enabled,
    retry: false,
  });
}

/** GET /api/reading-list?shelf=<id>: the books of one shelf, grouped by status. */
export function shelfListQueryOptions(shelfId: string) {
  return queryOptions({
    queryKey: [...readingListKeys.all(), 'shelf', shelfId] as const,
    queryFn: () => apiRequest<ReadingList>(`/api/reading-list?shelf=${encodeURIComponent(shelfId)}`),
    retry: false,
  });
}

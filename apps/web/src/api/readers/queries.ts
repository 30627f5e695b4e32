import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { FollowRequestList, ReaderList, ReaderPage, ReaderPrivacy, ReaderProfile } from '@nebab/shared';
import { apiRequest } from '../client';
import { readerKeys } from './keys';

export const readerPath = (id: string) => `/api/readers/${encodeURIComponent(id)}`;

/** GET /api/readers/:id — the profile as the asker may see it (404 when not allowed). */
export function readerProfileQueryOptions(id: string) {
  return queryOptions({
    queryKey: readerKeys.profile(id),
    queryFn: ({ signal }) => apiRequest<ReaderProfile>(readerPath(id), { signal }),
  });
}

/** GET /api/readers/:id/followers|following, page by page (cursor). */
export function readerConnectionsQueryOptions(id: string, side: 'followers' | 'following') {
  return infiniteQueryOptions({
    queryKey: readerKeys.connections(id, side),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<ReaderPage>(
        `${readerPath(id)}/${side}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        {
          signal,
        },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** GET /api/me/privacy */
export function privacyQueryOptions() {
  return queryOptions({
    queryKey: readerKeys.privacy(),
    queryFn: ({ signal }) => apiRequest<ReaderPrivacy>('/api/me/privacy', { signal }),
  });
}

/** GET /api/me/follow-requests */
export function followRequestsQueryOptions() {
  return queryOptions({
    queryKey: readerKeys.requests(),
    queryFn: ({ signal }) => apiRequest<FollowRequestList>('/api/me/follow-requests', { signal }),
  });
}

/** GET /api/me/blocks */
export function blocksQueryOptions() {
  return queryOptions({
    queryKey: readerKeys.blocks(),
    queryFn: ({ signal }) => apiRequest<ReaderList>('/api/me/blocks', { signal }),
  });
}

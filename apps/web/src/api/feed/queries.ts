import { infiniteQueryOptions } from '@tanstack/react-query';
import type { FeedPage } from '@nebab/shared';
import { apiRequest } from '../client';
import { feedKeys } from './keys';

/** GET /api/feed?cursor= — newest first, page by page; `feed:new` pushes patch the first page. */
export function feedQueryOptions() {
  return infiniteQueryOptions({
    queryKey: feedKeys.list(),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<FeedPage>(`/api/feed${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

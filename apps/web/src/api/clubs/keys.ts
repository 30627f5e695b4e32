import type { ClubMeetingsQuery } from '@nebab/shared';

/** What a club list is filtered by (`GET /api/clubs`). */
export interface ClubListFilter {
  q?: string;
  mine?: boolean;
  genre?: string;
}

/** Everything under `['clubs']`, so one invalidation refreshes lists, details and members after a change. */
export const clubKeys = {
  all: () => ['clubs'] as const,
  list: (filter: ClubListFilter) => ['clubs', 'list', filter] as const,
  detail: (id: string) => ['clubs', 'detail', id] as const,
  members: (id: string) => ['clubs', 'detail', id, 'members'] as const,
  requests: (id: string) => ['clubs', 'detail', id, 'requests'] as const,
  topics: (id: string) => ['clubs', 'detail', id, 'topics'] as const,
  topic: (id: string, topicId: string) => ['clubs', 'detail', id, 'topics', topicId] as const,
  meetings: (id: string, when: ClubMeetingsQuery['when']) =>
    ['clubs', 'detail', id, 'meetings', when] as const,
  events: (when: ClubMeetingsQuery['when']) => ['clubs', 'events', when] as const,
  /**
   * A club's chat messages (pages and live ones merged; kept by features/clubs/useClubChat). Outside
   * `['clubs']` so invalidating the clubs never throws the merged history away.
   */
  chat: (id: string) => ['clubChat', id] as const,
};

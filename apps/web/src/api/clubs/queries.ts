import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Club,
  ClubJoinRequestList,
  ClubList,
  ClubMeetingList,
  ClubMeetingsQuery,
  ClubMemberList,
  ClubMessageList,
  ClubTopicDetail,
  ClubTopicList,
} from '@nebab/shared';
import { apiRequest } from '../client';
import { clubKeys, type ClubListFilter } from './keys';

export const clubPath = (id: string) => `/api/clubs/${encodeURIComponent(id)}`;

/** GET /api/clubs?q=&mine=&genre= */
export function clubsQueryOptions(filter: ClubListFilter, enabled = true) {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.mine) params.set('mine', 'true');
  if (filter.genre) params.set('genre', filter.genre);
  const search = params.toString();
  return queryOptions({
    queryKey: clubKeys.list(filter),
    queryFn: ({ signal }) => apiRequest<ClubList>(`/api/clubs${search ? `?${search}` : ''}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/clubs/:id */
export function clubQueryOptions(id: string) {
  return queryOptions({
    queryKey: clubKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Club>(clubPath(id), { signal }),
  });
}

/** GET /api/clubs/:id/members — public clubs, or members of private ones. */
export function clubMembersQueryOptions(id: string, enabled: boolean) {
  return queryOptions({
    queryKey: clubKeys.members(id),
    queryFn: ({ signal }) => apiRequest<ClubMemberList>(`${clubPath(id)}/members`, { signal }),
    enabled,
  });
}

/** GET /api/clubs/:id/requests — moderators only. */
export function clubRequestsQueryOptions(id: string, enabled: boolean) {
  return queryOptions({
    queryKey: clubKeys.requests(id),
    queryFn: ({ signal }) => apiRequest<ClubJoinRequestList>(`${clubPath(id)}/requests`, { signal }),
    enabled,
  });
}

/** GET /api/clubs/:id/topics — newest activity first. */
export function clubTopicsQueryOptions(id: string, enabled: boolean) {
  return queryOptions({
    queryKey: clubKeys.topics(id),
    queryFn: ({ signal }) => apiRequest<ClubTopicList>(`${clubPath(id)}/topics`, { signal }),
    enabled,
  });
}

/** GET /api/clubs/:id/topics/:topicId — the topic with its replies, oldest first. */
export function clubTopicQueryOptions(id: string, topicId: string) {
  return queryOptions({
    queryKey: clubKeys.topic(id, topicId),
    queryFn: ({ signal }) =>
      apiRequest<ClubTopicDetail>(`${clubPath(id)}/topics/${encodeURIComponent(topicId)}`, { signal }),
  });
}

/** GET /api/clubs/:id/meetings?when= */
export function clubMeetingsQueryOptions(id: string, when: ClubMeetingsQuery['when'], enabled: boolean) {
  return queryOptions({
    queryKey: clubKeys.meetings(id, when),
    queryFn: ({ signal }) => apiRequest<ClubMeetingList>(`${clubPath(id)}/meetings?when=${when}`, { signal }),
    enabled,
  });
}

/** GET /api/clubs/events?when= — meetings of every club the reader belongs to. */
export function myClubEventsQueryOptions(when: ClubMeetingsQuery['when'], enabled: boolean) {
  return queryOptions({
    queryKey: clubKeys.events(when),
    queryFn: ({ signal }) => apiRequest<ClubMeetingList>(`/api/clubs/events?when=${when}`, { signal }),
    enabled,
  });
}

/**
 * GET /api/clubs/:id/messages — one page of chat, newest last. features/clubs/useClubChat merges the
 * pages and the live messages into the query cache under `clubKeys.chat(id)`.
 */
export function fetchClubMessages(
  id: string,
  page: { before?: string; after?: string; limit?: number } = {},
  signal?: AbortSignal,
): Promise<ClubMessageList> {
  const params = new URLSearchParams();
  if (page.before) params.set('before', page.before);
  if (page.after) params.set('after', page.after);
  if (page.limit) params.set('limit', String(page.limit));
  const search = params.toString();
  return apiRequest<ClubMessageList>(`${clubPath(id)}/messages${search ? `?${search}` : ''}`, { signal });
}

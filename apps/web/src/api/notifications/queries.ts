import { queryOptions } from '@tanstack/react-query';
import type { Notification, NotificationChoices, NotificationList, UnreadCount } from '@nebab/shared';
import { apiRequest } from '../client';
import { notificationKeys, type NotificationListParams } from './keys';

function listQuery(params: NotificationListParams): string {
  const search = new URLSearchParams();
  if (params.status) search.set('status', params.status);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  if (params.pageSize) search.set('pageSize', String(params.pageSize));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/notifications: the caller's notifications, newest first, with the unread count. */
export function notificationsQueryOptions(params: NotificationListParams = {}) {
  return queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<NotificationList>(`/api/notifications${listQuery(params)}`, { signal }),
  });
}

/** GET /api/notifications/:id */
export function notificationQueryOptions(id: string) {
  return queryOptions({
    queryKey: notificationKeys.one(id),
    queryFn: ({ signal }) =>
      apiRequest<Notification>(`/api/notifications/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /api/notifications/unread-count (the bell's badge). */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => apiRequest<UnreadCount>('/api/notifications/unread-count', { signal }),
    // The socket pushes new counts; this only catches up after a missed push.
    staleTime: 60_000,
  });
}

/** GET /api/notifications/preferences: the reader's notification choices (defaults until saved). */
export function notificationChoicesQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.choices(),
    queryFn: ({ signal }) => apiRequest<NotificationChoices>('/api/notifications/preferences', { signal }),
  });
}

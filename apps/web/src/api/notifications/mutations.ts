import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Notification,
  NotificationChoices,
  NotificationList,
  NotificationStatus,
  UnreadCount,
} from '@nebab/shared';
import { apiRequest } from '../client';
import { notificationKeys } from './keys';

const notificationPath = (id: string) => `/api/notifications/${encodeURIComponent(id)}`;

/** Refetches every list, the count and the single views. */
export function invalidateNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all() });
}

/** Applies `change` to every cached list (optimistic updates). */
function patchLists(queryClient: QueryClient, change: (items: Notification[]) => Notification[]) {
  queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists() }, (list) =>
    list ? { ...list, items: change(list.items) } : list,
  );
}

function setUnreadCount(queryClient: QueryClient, change: (count: number) => number) {
  queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(), (current) =>
    current ? { unreadCount: Math.max(0, change(current.unreadCount)) } : current,
  );
}

/** PATCH /api/notifications/:id { status } */
export function useSetNotificationStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: NotificationStatus }) =>
      apiRequest<Notification>(notificationPath(id), { method: 'PATCH', body: { status } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(notificationKeys.one(updated.id), updated);
      patchLists(queryClient, (items) => items.map((item) => (item.id === updated.id ? updated : item)));
    },
    onSettled: () => invalidateNotifications(queryClient),
  });
}

/** DELETE /api/notifications/:id */
export function useDeleteNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Pick<Notification, 'id' | 'status'>) =>
      apiRequest<unknown>(notificationPath(notification.id), { method: 'DELETE' }),
    onSuccess: (_result, notification) => {
      queryClient.removeQueries({ queryKey: notificationKeys.one(notification.id) });
      patchLists(queryClient, (items) => items.filter((item) => item.id !== notification.id));
      if (notification.status === 'unread') setUnreadCount(queryClient, (count) => count - 1);
    },
    onSettled: () => invalidateNotifications(queryClient),
  });
}

/** POST /api/notifications/read-all */
export function useMarkAllReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UnreadCount>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: (count) => {
      queryClient.setQueryData(notificationKeys.unreadCount(), count);
      patchLists(queryClient, (items) => items.map((item) => ({ ...item, status: 'read' as const })));
    },
    onSettled: () => invalidateNotifications(queryClient),
  });
}

/** PUT /api/notifications/preferences: saves the reader's notification choices. */
export function useSaveNotificationChoicesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: NotificationChoices) =>
      apiRequest<NotificationChoices>('/api/notifications/preferences', { method: 'PUT', body: choices }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.choices(), saved),
  });
}

/** POST /api/notifications/unsubscribe { token }: the mailed link's page turns every notification email off (no sign-in). */
export function useUnsubscribeNotificationMailMutation() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<unknown>('/api/notifications/unsubscribe', { method: 'POST', body: { token } }),
  });
}

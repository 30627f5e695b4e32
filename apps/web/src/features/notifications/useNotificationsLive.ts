import { useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@nebab/shared';
import { notificationKeys } from '../../api/notifications/keys';
import { useSocketEvents } from '../realtime/useSocket';

/**
 * Keeps the notification queries current over the socket: a pushed `notification:new` sets the
 * unread count and refetches the lists, and so does `notification:changed` (the reader read or
 * deleted some in another tab or device); a (re)connection refetches everything that may have been
 * missed while the connection was down.
 */
export function useNotificationsLive(): void {
  const queryClient = useQueryClient();
  useSocketEvents({
    'notification:new': ({ unreadCount }) => {
      queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(), { unreadCount });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
    'notification:changed': ({ unreadCount }) => {
      queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(), { unreadCount });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
    connect: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all() });
    },
  });
}

import { useNotificationsLive } from './useNotificationsLive';

/** Renders nothing; keeps the notification queries live while mounted (lazy: brings socket.io-client). */
export function NotificationsLive() {
  useNotificationsLive();
  return null;
}

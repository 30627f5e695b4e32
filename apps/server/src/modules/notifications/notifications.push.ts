import fp from 'fastify-plugin';
import { rooms } from '@nebab/shared';
import { presentNotification } from './notifications.presenter.js';

/**
 * The live part: every stored notification goes to the recipient's user room as
 * `notification:new` with their unread count, and reading / deleting sends `notification:changed`
 * so the reader's other tabs and devices follow (on every node when Redis fans out).
 */
export const notificationsPushPlugin = fp(
  async (app) => {
    const stop = app.services.notifications.onCreated(({ recipientId, stored, unreadCount }) => {
      app.realtime
        .to(rooms.user(recipientId))
        .emit('notification:new', { notification: presentNotification(stored), unreadCount });
    });
    const stopChanged = app.services.notifications.onChanged(({ recipientId, unreadCount }) => {
      app.realtime.to(rooms.user(recipientId)).emit('notification:changed', { unreadCount });
    });
    app.addHook('onClose', async () => {
      stop();
      stopChanged();
    });
  },
  { name: 'notifications-push', dependencies: ['services', 'realtime'] },
);

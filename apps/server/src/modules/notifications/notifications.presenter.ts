import {
  notificationKindSchema,
  notificationStatusSchema,
  type Notification,
  type NotificationData,
} from '@nebab/shared';
import type { NotificationWithActor } from './notifications.repository.js';

/** Spec §3 Notification as the API answers it. */
export function presentNotification({ notification, actor }: NotificationWithActor): Notification {
  return {
    id: notification.id,
    kind: notificationKindSchema.parse(notification.kind),
    status: notificationStatusSchema.parse(notification.status),
    actor: actor ? { id: actor.id, name: actor.name, profile_picture: actor.profilePicture } : null,
    bookId: notification.bookId,
    reviewId: notification.reviewId,
    clubId: notification.clubId,
    data: notification.data satisfies NotificationData,
    createdAt: notification.createdAt.toISOString(),
  };
}

import { eq, or } from 'drizzle-orm';
import { notificationPreferences, notifications } from '../../db/schema/index.js';
import type { ReaderEraser } from '../account/account.erase.js';

/** The reader's notifications, those others had of them, and their notification choices. */
export const eraseNotifications: ReaderEraser = async (reader, tx) => {
  await tx
    .delete(notifications)
    .where(or(eq(notifications.recipientId, reader.id), eq(notifications.actorId, reader.id)));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, reader.id));
};

import { eq, or } from 'drizzle-orm';
import { notificationMail, notificationPreferences, notifications } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** The reader's notifications, those others had of them, their notification choices and mail token/digest claim. */
export const eraseNotifications: ReaderEraser = async (reader, tx) => {
  await tx
    .delete(notifications)
    .where(or(eq(notifications.recipientId, reader.id), eq(notifications.actorId, reader.id)));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, reader.id));
  await tx.delete(notificationMail).where(eq(notificationMail.userId, reader.id));
};

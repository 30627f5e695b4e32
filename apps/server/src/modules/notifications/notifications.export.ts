import type { Db } from '../../db/client.js';
import { readNotificationChoices } from './notifications.repository.js';

/** The reader's notification choices, in-app and email per kind (the defaults until they saved some). */
export async function exportNotificationSettings(db: Db, userId: string) {
  return readNotificationChoices(db, userId);
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema/index.js';

/** The reader's notification choices (the defaults until they saved some). */
export async function exportNotificationSettings(db: Db, userId: string) {
  const [row] = await db
    .select({
      replies: notificationPreferences.replies,
      reactions: notificationPreferences.reactions,
      clubs: notificationPreferences.clubs,
      moderation: notificationPreferences.moderation,
      newsletter: notificationPreferences.newsletter,
      follows: notificationPreferences.follows,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return (
    row ?? { replies: true, reactions: true, clubs: true, moderation: true, newsletter: false, follows: true }
  );
}

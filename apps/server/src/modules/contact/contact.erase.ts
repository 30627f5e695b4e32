import { eq } from 'drizzle-orm';
import { contactMessages } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/**
 * Messages the reader sent admins through the contact form stay in the admins' inbox as the
 * correspondence they are, no longer tied to the account.
 */
export const eraseContactSender: ReaderEraser = async (reader, tx) => {
  await tx.update(contactMessages).set({ userId: null }).where(eq(contactMessages.userId, reader.id));
};

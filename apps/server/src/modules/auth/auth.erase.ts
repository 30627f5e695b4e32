import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** Every session of the reader, live or ended: their tokens answer 401 from the commit on. */
export const eraseSessions: ReaderEraser = async (reader, tx) => {
  await tx.delete(sessions).where(eq(sessions.userId, reader.id));
};

import { eq } from 'drizzle-orm';
import { preferences } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** The reader's reading preferences. */
export const erasePreferences: ReaderEraser = async (reader, tx) => {
  await tx.delete(preferences).where(eq(preferences.userId, reader.id));
};

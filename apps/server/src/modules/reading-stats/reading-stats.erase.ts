import { eq } from 'drizzle-orm';
import { readingGoals } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** The reader's yearly goals. */
export const eraseGoals: ReaderEraser = async (reader, tx) => {
  await tx.delete(readingGoals).where(eq(readingGoals.userId, reader.id));
};

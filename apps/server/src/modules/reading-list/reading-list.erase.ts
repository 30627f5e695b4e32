import { eq } from 'drizzle-orm';
import { readingListEntries, shelves } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** The reading list: entries (their reads, progress and shelf places go with them) and shelves. */
export const eraseReadingList: ReaderEraser = async (reader, tx) => {
  await tx.delete(shelves).where(eq(shelves.userId, reader.id));
  await tx.delete(readingListEntries).where(eq(readingListEntries.userId, reader.id));
};

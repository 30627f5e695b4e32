import { eq } from 'drizzle-orm';
import { feedEntries } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** What the reader's followers were shown of them. */
export const eraseFeed: ReaderEraser = async (reader, tx) => {
  await tx.delete(feedEntries).where(eq(feedEntries.actorId, reader.id));
};

import { eq, or } from 'drizzle-orm';
import { blocks, follows, readerPrivacy } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** The reader's privacy, every follow and request either way, every block either way. */
export const eraseRelationships: ReaderEraser = async (reader, tx) => {
  await tx.delete(readerPrivacy).where(eq(readerPrivacy.userId, reader.id));
  await tx.delete(follows).where(or(eq(follows.followerId, reader.id), eq(follows.followeeId, reader.id)));
  await tx.delete(blocks).where(or(eq(blocks.blockerId, reader.id), eq(blocks.blockedId, reader.id)));
};

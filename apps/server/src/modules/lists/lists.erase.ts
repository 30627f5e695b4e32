import { eq } from 'drizzle-orm';
import { bookListItems, bookLists, bookListVotes } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/**
 * The reader's votes (the counting triggers follow), the lists they own (with their items, votes and
 * feed entries); books they added to others' lists stay, without their name.
 */
export const eraseLists: ReaderEraser = async (reader, tx) => {
  await tx.delete(bookListVotes).where(eq(bookListVotes.userId, reader.id));
  await tx.delete(bookLists).where(eq(bookLists.ownerId, reader.id));
  await tx.update(bookListItems).set({ addedBy: null }).where(eq(bookListItems.addedBy, reader.id));
};

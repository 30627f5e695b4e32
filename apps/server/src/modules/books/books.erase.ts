import { eq } from 'drizzle-orm';
import { bookActivity, books } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/**
 * Books the reader added stay in the catalogue and their activity keeps counting for trending, with
 * nobody's name on either.
 */
export const eraseBookAuthorship: ReaderEraser = async (reader, tx) => {
  await tx.update(books).set({ addedBy: null }).where(eq(books.addedBy, reader.id));
  await tx.update(bookActivity).set({ userId: null }).where(eq(bookActivity.userId, reader.id));
};

import { eq } from 'drizzle-orm';
import { bookSuggestions } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** The reader's book suggestions (a book an admin made from one stays in the catalogue). */
export const eraseSuggestions: ReaderEraser = async (reader, tx) => {
  await tx.delete(bookSuggestions).where(eq(bookSuggestions.userId, reader.id));
};

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookSuggestions } from '../../db/schema/index.js';

/** A merge's part: a suggestion approved into the merged book points at the target. */
export async function moveSuggestionBook(fromId: string, toId: string, tx: Db): Promise<void> {
  await tx.update(bookSuggestions).set({ bookId: toId }).where(eq(bookSuggestions.bookId, fromId));
}

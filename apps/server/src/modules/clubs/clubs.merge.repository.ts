import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The clubs' part of a book merge: a club reading (or about to read) the duplicate reads the target. */
export async function moveClubBook(fromId: string, toId: string, tx: Db): Promise<void> {
  await tx.execute(sql`UPDATE clubs SET current_book_id = ${toId} WHERE current_book_id = ${fromId}`);
  await tx.execute(sql`UPDATE clubs SET next_book_id = ${toId} WHERE next_book_id = ${fromId}`);
}

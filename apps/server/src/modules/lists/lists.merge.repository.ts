import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/sql-helpers.js';

/**
 * The lists' part of a book merge: each list item of `fromId` becomes an item of `toId` (a list that
 * has both keeps its own item of the target), with its votes; the count triggers follow the inserts
 * and deletes. Answers the list items moved or folded in.
 */
export async function moveListBook(fromId: string, toId: string, tx: Db): Promise<number> {
  const items = await selectRows<{ list_id: string }>(
    tx,
    sql`SELECT list_id FROM book_list_items WHERE book_id = ${fromId}`,
  );
  if (items.length === 0) return 0;
  await tx.execute(sql`
    INSERT INTO book_list_items (list_id, book_id, added_by, position, created_at)
    SELECT list_id, ${toId}, added_by, position, created_at FROM book_list_items WHERE book_id = ${fromId}
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO book_list_votes (list_id, book_id, user_id, created_at)
    SELECT list_id, ${toId}, user_id, created_at FROM book_list_votes WHERE book_id = ${fromId}
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`DELETE FROM book_list_items WHERE book_id = ${fromId}`);
  return items.length;
}

import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookListItems, bookLists, bookListVotes } from '../../db/schema/index.js';

/** The reader's book lists with their books in order, and the votes they gave on lists. */
export async function exportLists(db: Db, userId: string) {
  const lists = await db
    .select({
      id: bookLists.id,
      title: bookLists.title,
      description: bookLists.description,
      visibility: bookLists.visibility,
      mode: bookLists.mode,
      genre: bookLists.genre,
      createdAt: bookLists.createdAt,
    })
    .from(bookLists)
    .where(eq(bookLists.ownerId, userId))
    .orderBy(bookLists.createdAt);
  const items = lists.length
    ? await db
        .select({
          listId: bookListItems.listId,
          bookId: bookListItems.bookId,
          position: bookListItems.position,
        })
        .from(bookListItems)
        .where(
          inArray(
            bookListItems.listId,
            lists.map((list) => list.id),
          ),
        )
        .orderBy(bookListItems.position)
    : [];
  const votes = await db
    .select({
      listId: bookListVotes.listId,
      bookId: bookListVotes.bookId,
      createdAt: bookListVotes.createdAt,
    })
    .from(bookListVotes)
    .where(eq(bookListVotes.userId, userId));
  return {
    lists: lists.map((list) => ({
      ...list,
      books: items.filter((item) => item.listId === list.id).map((item) => item.bookId),
    })),
    votes,
  };
}

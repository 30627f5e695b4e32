import { GENRE_SLUGS } from '@nebab/shared';
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  bookListItems,
  bookLists,
  bookListVotes,
  books,
  type BookListRow,
  type NewBookListRow,
} from '../../db/schema/index.js';
import { selectRows, textArray } from '../../db/sql-helpers.js';
import { ACTIVE, bookCardJson, visibleTo, type BookTile } from '../books/book-card.js';
import {
  ACTIVE_READER,
  joinReader,
  READER_CARD_COLUMNS,
  READERS,
  readerCardJson,
  type ReaderCard,
} from '../users/reader-card.js';

/** A list's owner: the reader card. */
export type ListOwner = ReaderCard;

export interface ListWithOwner {
  list: BookListRow;
  owner: ListOwner;
}

export interface ListItemRow {
  book: BookTile;
  votes: number;
  voted: boolean;
  position: number;
  addedAt: Date;
  addedBy: ReaderCard | null;
}

export type ListPatch = Partial<
  Pick<NewBookListRow, 'title' | 'description' | 'visibility' | 'mode' | 'genre' | 'genreChosen'>
>;

/** Rank order of a list's books: by votes for an open list, by the owner's order for a curated one. */
function rankOrder(mode: string): SQL {
  return mode === 'curated'
    ? sql`i.position ASC, i.created_at ASC, i.book_id`
    : sql`i.vote_count DESC, i.created_at ASC, i.book_id`;
}

/**
 * Reads and writes the lists module's tables (`book_lists`, `book_list_items`, `book_list_votes`)
 * and reads the books and owners they name. Every method takes an optional transaction.
 */
export function createListsRepository(db: Db) {
  /** A list's books the viewer may see (`visibleTo`) in rank order; the reader who added one is not named when in `hidden`. */
  async function items(
    list: BookListRow,
    viewerId: string | null,
    hidden: readonly string[] = [],
    tx: Db = db,
  ): Promise<ListItemRow[]> {
    const rows = await selectRows<{
      book: BookTile;
      vote_count: number | string;
      position: number | string;
      created_at: Date | string;
      voted: boolean;
      added_by: ReaderCard | null;
    }>(
      tx,
      sql`SELECT ${bookCardJson('b')} AS book, i.vote_count, i.position, i.created_at,
                 ${
                   viewerId
                     ? sql`EXISTS (SELECT 1 FROM ${bookListVotes} v WHERE v.list_id = i.list_id
                              AND v.book_id = i.book_id AND v.user_id = ${viewerId})`
                     : sql`false`
                 } AS voted,
                 ${readerCardJson('u')} AS added_by
          FROM ${bookListItems} i
          JOIN ${books} b ON b.id = i.book_id AND ${visibleTo(viewerId)}
          LEFT JOIN ${READERS} u ON u.id = i.added_by${
            hidden.length > 0 ? sql` AND ${notInArray(sql`u.id`, [...hidden])}` : sql``
          }
          WHERE i.list_id = ${list.id}
          ORDER BY ${rankOrder(list.mode)}`,
    );
    return rows.map((row) => ({
      book: row.book,
      votes: Number(row.vote_count),
      voted: Boolean(row.voted),
      position: Number(row.position),
      addedAt: new Date(row.created_at),
      addedBy: row.added_by,
    }));
  }

  /** Summaries (with owner) of lists matching `where`, in `order`, paged. */
  async function summaries(where: SQL, order: SQL[], page: { limit: number; offset: number }, tx: Db = db) {
    return tx
      .select({ list: bookLists, owner: READER_CARD_COLUMNS })
      .from(bookLists)
      .innerJoin(...joinReader(bookLists.ownerId))
      .where(and(where, ACTIVE_READER))
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
  }

  return {
    items,

    async insert(values: NewBookListRow, tx: Db = db): Promise<BookListRow> {
      const [row] = await tx.insert(bookLists).values(values).returning();
      if (!row) throw new Error('list insert returned nothing');
      return row;
    },

    async findById(id: string, tx: Db = db): Promise<ListWithOwner | undefined> {
      const [row] = await tx
        .select({ list: bookLists, owner: READER_CARD_COLUMNS })
        .from(bookLists)
        .innerJoin(...joinReader(bookLists.ownerId))
        .where(eq(bookLists.id, id))
        .limit(1);
      return row;
    },

    /** Locks the list row (item and order changes serialise on it). */
    async lock(id: string, tx: Db): Promise<BookListRow | undefined> {
      const [row] = await tx.select().from(bookLists).where(eq(bookLists.id, id)).for('update');
      return row;
    },

    async update(id: string, patch: ListPatch, tx: Db = db): Promise<BookListRow | undefined> {
      const [row] = await tx
        .update(bookLists)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(bookLists.id, id))
        .returning();
      return row;
    },

    /** Marks the list changed (its books moved). */
    async touch(id: string, tx: Db = db): Promise<void> {
      await tx
        .update(bookLists)
        .set({ updatedAt: sql`now()` })
        .where(eq(bookLists.id, id));
    },

    async remove(id: string, tx: Db = db): Promise<void> {
      await tx.delete(bookLists).where(eq(bookLists.id, id));
    },

    async countOwned(ownerId: string, includePrivate: boolean, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(bookLists)
        .where(
          and(
            eq(bookLists.ownerId, ownerId),
            includePrivate ? undefined : eq(bookLists.visibility, 'public'),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** An owner's lists, last changed first (public only unless `includePrivate`). */
    ownedBy(ownerId: string, includePrivate: boolean, limit: number, tx: Db = db) {
      return summaries(
        and(
          eq(bookLists.ownerId, ownerId),
          includePrivate ? undefined : eq(bookLists.visibility, 'public'),
        ) as SQL,
        [desc(bookLists.updatedAt), desc(bookLists.id)],
        { limit, offset: 0 },
        tx,
      );
    },

    /** A genre's public lists, most voted first (then most books, newest), none by `hidden` owners. */
    async genreLists(
      genre: string,
      hidden: readonly string[],
      page: { page: number; pageSize: number },
      tx: Db = db,
    ): Promise<{ rows: ListWithOwner[]; total: number }> {
      const where = and(
        eq(bookLists.genre, genre),
        eq(bookLists.visibility, 'public'),
        sql`${bookLists.itemCount} > 0`,
        hidden.length > 0 ? sql`${bookLists.ownerId} <> ALL(${textArray(hidden)}::uuid[])` : undefined,
      ) as SQL;
      const rows = await summaries(
        where,
        [desc(bookLists.voteCount), desc(bookLists.itemCount), desc(bookLists.createdAt), asc(bookLists.id)],
        { limit: page.pageSize, offset: (page.page - 1) * page.pageSize },
        tx,
      );
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(bookLists)
        .innerJoin(...joinReader(bookLists.ownerId))
        .where(and(where, ACTIVE_READER));
      return { rows, total: Number(counted?.n ?? 0) };
    },

    /** The first `perList` active books of each list, in rank order. */
    async previews(lists: BookListRow[], perList: number, tx: Db = db): Promise<Map<string, BookTile[]>> {
      const result = new Map<string, BookTile[]>();
      for (const list of lists) result.set(list.id, []);
      if (lists.length === 0) return result;
      const rows = await selectRows<{ list_id: string; book: BookTile }>(
        tx,
        sql`SELECT list_id, book FROM (
              SELECT i.list_id, ${bookCardJson('b')} AS book,
                     row_number() OVER (PARTITION BY i.list_id ORDER BY
                       CASE WHEN l.mode = 'curated' THEN i.position ELSE 0 END ASC,
                       CASE WHEN l.mode = 'curated' THEN 0 ELSE i.vote_count END DESC,
                       i.created_at ASC, i.book_id) AS n
              FROM ${bookListItems} i
              JOIN ${bookLists} l ON l.id = i.list_id
              JOIN ${books} b ON b.id = i.book_id AND ${ACTIVE}
              WHERE i.list_id = ANY(${textArray(lists.map((list) => list.id))}::uuid[])
            ) ranked WHERE n <= ${perList} ORDER BY list_id, n`,
      );
      for (const row of rows) result.get(row.list_id)?.push(row.book);
      return result;
    },

    async findItem(listId: string, bookId: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(bookListItems)
        .where(and(eq(bookListItems.listId, listId), eq(bookListItems.bookId, bookId)))
        .limit(1);
      return row;
    },

    /** Adds the book at the end of the list; the primary key refuses a second copy. */
    async insertItem(listId: string, bookId: string, addedBy: string, tx: Db): Promise<void> {
      await tx.insert(bookListItems).values({
        listId,
        bookId,
        addedBy,
        position: sql`(SELECT coalesce(max(${bookListItems.position}), 0) + 1 FROM ${bookListItems} WHERE ${bookListItems.listId} = ${listId})`,
      });
    },

    async deleteItem(listId: string, bookId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(bookListItems)
        .where(and(eq(bookListItems.listId, listId), eq(bookListItems.bookId, bookId)))
        .returning({ bookId: bookListItems.bookId });
      return rows.length > 0;
    },

    /** Writes positions 1..n in the given order of book ids. */
    async setPositions(listId: string, bookIds: string[], tx: Db): Promise<void> {
      if (bookIds.length === 0) return;
      await tx.execute(
        sql`UPDATE ${bookListItems} AS i SET position = o.n
            FROM unnest(${textArray(bookIds)}) WITH ORDINALITY AS o(book_id, n)
            WHERE i.list_id = ${listId} AND i.book_id = o.book_id`,
      );
    },

    /** The list's book ids in the owner's order. */
    async positions(listId: string, tx: Db): Promise<string[]> {
      const rows = await tx
        .select({ bookId: bookListItems.bookId })
        .from(bookListItems)
        .where(eq(bookListItems.listId, listId))
        .orderBy(asc(bookListItems.position), asc(bookListItems.createdAt), asc(bookListItems.bookId));
      return rows.map((row) => row.bookId);
    },

    /** Sets (1) or takes back (0) the user's vote; the counts follow by trigger. */
    async setVote(listId: string, bookId: string, userId: string, value: 0 | 1, tx: Db = db): Promise<void> {
      if (value === 1) {
        await tx.insert(bookListVotes).values({ listId, bookId, userId }).onConflictDoNothing();
        return;
      }
      await tx
        .delete(bookListVotes)
        .where(
          and(
            eq(bookListVotes.listId, listId),
            eq(bookListVotes.bookId, bookId),
            eq(bookListVotes.userId, userId),
          ),
        );
    },

    async voteState(listId: string, bookId: string, userId: string, tx: Db = db) {
      const [row] = await selectRows<{ votes: number | string; voted: boolean }>(
        tx,
        sql`SELECT i.vote_count AS votes,
                   EXISTS (SELECT 1 FROM ${bookListVotes} v WHERE v.list_id = i.list_id AND v.book_id = i.book_id
                           AND v.user_id = ${userId}) AS voted
            FROM ${bookListItems} i WHERE i.list_id = ${listId} AND i.book_id = ${bookId}`,
      );
      return { votes: Number(row?.votes ?? 0), voted: Boolean(row?.voted) };
    },

    /**
     * The genre most of the list's active books share (ties: the first in the navigation order), or
     * null for an empty list; only the 30 genres of the navigation count.
     */
    async dominantGenre(listId: string, tx: Db = db): Promise<string | null> {
      const [row] = await selectRows<{ genre: string }>(
        tx,
        sql`SELECT g AS genre, count(*) AS n, min(array_position(${textArray(GENRE_SLUGS)}, g)) AS o
            FROM ${bookListItems} i
            JOIN ${books} b ON b.id = i.book_id AND ${ACTIVE}
            CROSS JOIN LATERAL unnest(b.genres) AS g
            WHERE i.list_id = ${listId} AND g = ANY(${textArray(GENRE_SLUGS)})
            GROUP BY g ORDER BY n DESC, o ASC LIMIT 1`,
      );
      return row?.genre ?? null;
    },

    /** Title, visibility and owner of each list among `ids`. */
    async basics(ids: string[], tx: Db = db) {
      if (ids.length === 0) return new Map<string, { title: string; visibility: string; ownerId: string }>();
      const rows = await tx
        .select({
          id: bookLists.id,
          title: bookLists.title,
          visibility: bookLists.visibility,
          ownerId: bookLists.ownerId,
        })
        .from(bookLists)
        .where(inArray(bookLists.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    },
  };
}

export type ListsRepository = ReturnType<typeof createListsRepository>;

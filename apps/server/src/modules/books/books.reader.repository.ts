import { and, count, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookActivity, bookReports, books, type BookRow } from '../../db/schema/index.js';
import { joinReader, READER_CARD_COLUMNS } from '../users/reader-card.js';

/** Reader-added books (source `reader`): the admins' list, the checks, and the books module's part of a merge. */
export function createReaderBooksRepository(db: Db) {
  return {
    async find(id: string, tx: Db = db): Promise<BookRow | undefined> {
      const [row] = await tx.select().from(books).where(eq(books.id, id)).limit(1);
      return row;
    },

    /** Books the reader added since `since` (the daily bound). */
    async addedSince(userId: string, since: Date, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(books)
        .where(and(eq(books.source, 'reader'), eq(books.addedBy, userId), gte(books.createdAt, since)));
      return row?.n ?? 0;
    },

    /** Book Approvals › Added by readers: not yet looked at (`pending`) or looked at, newest first. */
    async list(status: 'pending' | 'checked', page: number, pageSize: number) {
      const where = and(
        eq(books.source, 'reader'),
        status === 'pending' ? isNull(books.checkedAt) : isNotNull(books.checkedAt),
      );
      const [items, [total]] = await Promise.all([
        db
          .select({ book: books, addedByName: READER_CARD_COLUMNS.name })
          .from(books)
          .leftJoin(...joinReader(books.addedBy))
          .where(where)
          .orderBy(desc(books.createdAt), books.id)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(books).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** Checked by an admin: the book is listed (public) from now on. */
    async markChecked(id: string): Promise<boolean> {
      const updated = await db
        .update(books)
        .set({ checkedAt: new Date(), listed: true })
        .where(and(eq(books.id, id), eq(books.source, 'reader')))
        .returning({ id: books.id });
      return updated.length > 0;
    },

    /** The books module's own rows of a merged book (activity, reports) move to the target. */
    async moveOwnRows(fromId: string, toId: string, tx: Db): Promise<void> {
      await tx.update(bookActivity).set({ bookId: toId }).where(eq(bookActivity.bookId, fromId));
      await tx.update(bookReports).set({ bookId: toId }).where(eq(bookReports.bookId, fromId));
    },

    /** Locks both books of a merge (in id order, so two merges cannot deadlock). */
    async lockPair(a: string, b: string, tx: Db): Promise<BookRow[]> {
      const [first, second] = [a, b].sort();
      return tx
        .select()
        .from(books)
        .where(sql`${books.id} IN (${first}, ${second})`)
        .orderBy(books.id)
        .for('update');
    },

    async remove(id: string, tx: Db): Promise<void> {
      await tx.delete(books).where(eq(books.id, id));
    },
  };
}

export type ReaderBooksRepository = ReturnType<typeof createReaderBooksRepository>;

import type { Db } from '../../db/client.js';
import { bookReports } from '../../db/schema/index.js';

/** A stored report of a book. */
export interface BookReportRow {
  id: string;
  status: string;
}

/** Writes `book_reports` (admins read them in modules/admin-moderation). Every method takes an optional transaction. */
export function createBookReportsRepository(db: Db) {
  return {
    async add(bookId: string, userId: string, reason: string, tx: Db = db): Promise<BookReportRow> {
      const [row] = await tx
        .insert(bookReports)
        .values({ bookId, userId, reason })
        .returning({ id: bookReports.id, status: bookReports.status });
      if (!row) throw new Error('bookReports.add returned no row');
      return row;
    },
  };
}

export type BookReportsRepository = ReturnType<typeof createBookReportsRepository>;

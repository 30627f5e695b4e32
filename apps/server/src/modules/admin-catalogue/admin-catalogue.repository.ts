import type { AdminBooksQuery, SuggestionStatus } from '@nebab/shared';
import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookSuggestions, type BookSuggestionRow } from '../../db/schema/index.js';
import { joinReader, READER_CARD_COLUMNS } from '../users/reader-card.js';
import { READER_COUNT_SQL } from '../users/users.read-model.js';
import { escapeLike, selectRows } from '../../db/sql-helpers.js';
import { bookCardSql, TILE_FIELDS, type BookTile } from '../books/book-card.js';

/** A row of Manage Books: the book's tile, first genre, status, source and last change. */
export interface AdminBookListRow extends BookTile {
  genres: string[];
  status: string;
  source: string;
  updatedAt: string | Date;
}

/** A book of the reading insights with its count. */
export interface InsightRow extends BookTile {
  status: string;
  n: number;
}

export type SuggestionWithUser = BookSuggestionRow & { userName: string | null };

export function createAdminCatalogueRepository(db: Db) {
  return {
    /** Dashboard counts in one statement. */
    async stats() {
      const [row] = await selectRows<Record<string, number>>(
        db,
        sql`SELECT
              ${READER_COUNT_SQL}::int AS total_users,
              (SELECT count(*) FROM books)::int AS total_books,
              (SELECT count(*) FROM books WHERE status <> 'active')::int AS inactive_books,
              (SELECT count(*) FROM reviews WHERE status <> 'deleted')::int AS total_reviews,
              (SELECT count(*) FROM reading_list_entries)::int AS total_reading_lists,
              ((SELECT count(*) FROM book_reports WHERE status = 'open')
                + (SELECT count(*) FROM review_reports WHERE status = 'open'))::int AS open_reports,
              (SELECT count(*) FROM book_suggestions WHERE status = 'pending')::int AS pending_suggestions`,
      );
      return {
        totalUsers: Number(row?.total_users ?? 0),
        totalBooks: Number(row?.total_books ?? 0),
        inactiveBooks: Number(row?.inactive_books ?? 0),
        totalReviews: Number(row?.total_reviews ?? 0),
        totalReadingLists: Number(row?.total_reading_lists ?? 0),
        openReports: Number(row?.open_reports ?? 0),
        pendingSuggestions: Number(row?.pending_suggestions ?? 0),
      };
    },

    /**
     * Manage Books: every book (active or not), filtered by a title/author substring (the trigram
     * index on search_text) or an exact id, newest first, then the most rated.
     */
    async listBooks(query: AdminBooksQuery): Promise<{ items: AdminBookListRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (query.q) {
        const needle = query.q.toLowerCase().replace(/\s+/g, ' ');
        conditions.push(
          sql`(b.search_text LIKE ${`%${escapeLike(needle)}%`} OR b.id = ${query.q} OR b.isbn13 = ${query.q} OR b.isbn10 = ${query.q})`,
        );
      }
      if (query.status !== 'all') conditions.push(sql`b.status = ${query.status}`);
      const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
      const [items, [total]] = await Promise.all([
        selectRows<AdminBookListRow>(
          db,
          sql`SELECT ${bookCardSql('b', [...TILE_FIELDS, 'genres'])}, b.status, b.source, b.updated_at AS "updatedAt"
              FROM books b ${where}
              ORDER BY b.created_at DESC, b.ratings_count DESC, b.id
              LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
        ),
        selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM books b ${where}`),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    /** What cascades with a book: its reading-list entries and reviews. */
    async bookUsage(id: string) {
      const [row] = await selectRows<{ entries: number; reviews: number }>(
        db,
        sql`SELECT (SELECT count(*) FROM reading_list_entries WHERE book_id = ${id})::int AS entries,
                   (SELECT count(*) FROM reviews WHERE book_id = ${id} AND status <> 'deleted')::int AS reviews`,
      );
      return { entries: Number(row?.entries ?? 0), reviews: Number(row?.reviews ?? 0) };
    },

    /** Reading-list totals across the site. */
    async readingTotals() {
      const [row] = await selectRows<Record<string, number>>(
        db,
        sql`SELECT count(*)::int AS entries, count(DISTINCT user_id)::int AS readers,
                   count(*) FILTER (WHERE status = 'wantToRead')::int AS want_to_read,
                   count(*) FILTER (WHERE status = 'currentlyReading')::int AS currently_reading,
                   count(*) FILTER (WHERE status = 'completed')::int AS completed,
                   count(*) FILTER (WHERE is_favorite)::int AS favorites
            FROM reading_list_entries`,
      );
      return {
        entries: Number(row?.entries ?? 0),
        readers: Number(row?.readers ?? 0),
        wantToRead: Number(row?.want_to_read ?? 0),
        currentlyReading: Number(row?.currently_reading ?? 0),
        completed: Number(row?.completed ?? 0),
        favorites: Number(row?.favorites ?? 0),
      };
    },

    /** The books with the most reading-list entries matching `condition`. */
    async topBooks(condition: 'any' | 'currentlyReading' | 'completed' | 'favorite', limit: number) {
      const filter =
        condition === 'any'
          ? sql`true`
          : condition === 'favorite'
            ? sql`e.is_favorite`
            : sql`e.status = ${condition}`;
      return selectRows<InsightRow>(
        db,
        sql`WITH t AS (SELECT e.book_id, count(*)::int AS n FROM reading_list_entries e
                       WHERE ${filter} GROUP BY e.book_id ORDER BY n DESC, e.book_id LIMIT ${limit})
            SELECT ${bookCardSql('b', TILE_FIELDS)}, b.status, t.n
            FROM t JOIN books b ON b.id = t.book_id ORDER BY t.n DESC, b.id`,
      );
    },

    async insertSuggestion(
      values: typeof bookSuggestions.$inferInsert,
      tx: Db = db,
    ): Promise<BookSuggestionRow> {
      const [row] = await tx.insert(bookSuggestions).values(values).returning();
      if (!row) throw new Error('insertSuggestion returned no row');
      return row;
    },

    /** The reader's suggestions counted: pending ones, and all made since `since`. */
    async suggestionCounts(userId: string, since: Date, tx: Db = db) {
      const [pending] = await tx
        .select({ n: count() })
        .from(bookSuggestions)
        .where(and(eq(bookSuggestions.userId, userId), eq(bookSuggestions.status, 'pending')));
      const [recent] = await tx
        .select({ n: count(), oldest: sql<string | null>`min(${bookSuggestions.createdAt})` })
        .from(bookSuggestions)
        .where(and(eq(bookSuggestions.userId, userId), gte(bookSuggestions.createdAt, since)));
      return {
        pending: Number(pending?.n ?? 0),
        recent: Number(recent?.n ?? 0),
        oldestRecent: recent?.oldest ? new Date(recent.oldest) : null,
      };
    },

    async suggestionsOf(userId: string): Promise<BookSuggestionRow[]> {
      return db
        .select()
        .from(bookSuggestions)
        .where(eq(bookSuggestions.userId, userId))
        .orderBy(desc(bookSuggestions.createdAt), bookSuggestions.id)
        .limit(100);
    },

    async suggestionsByStatus(status: SuggestionStatus): Promise<SuggestionWithUser[]> {
      const found = await db
        .select({ suggestion: bookSuggestions, userName: READER_CARD_COLUMNS.name })
        .from(bookSuggestions)
        .leftJoin(...joinReader(bookSuggestions.userId))
        .where(eq(bookSuggestions.status, status))
        .orderBy(
          status === 'pending' ? bookSuggestions.createdAt : desc(bookSuggestions.decidedAt),
          bookSuggestions.id,
        )
        .limit(200);
      return found.map(({ suggestion, userName }) => ({ ...suggestion, userName }));
    },

    /** The suggestion, locked until the transaction ends. */
    async suggestionForUpdate(id: string, tx: Db): Promise<BookSuggestionRow | undefined> {
      const [row] = await tx
        .select()
        .from(bookSuggestions)
        .where(eq(bookSuggestions.id, id))
        .limit(1)
        .for('update');
      return row;
    },

    async decideSuggestion(
      id: string,
      values: Pick<BookSuggestionRow, 'status' | 'rejectReason' | 'bookId' | 'decidedBy' | 'decidedAt'>,
      tx: Db,
    ): Promise<BookSuggestionRow> {
      const [row] = await tx
        .update(bookSuggestions)
        .set(values)
        .where(eq(bookSuggestions.id, id))
        .returning();
      if (!row) throw new Error('decideSuggestion updated no row');
      return row;
    },
  };
}

export type AdminCatalogueRepository = ReturnType<typeof createAdminCatalogueRepository>;

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { escapeLike, selectRows } from '../../db/sql-helpers.js';
import { ACTIVE, bookCardSql, whereActive, type BookCard } from '../books/book-card.js';
import { toDate, type SitemapRow } from '../../lib/sitemap-row.js';

/** A row of the author index: a primary author, their active books' count and average, their most rated book. */
export interface AuthorIndexRow {
  name: string;
  bookCount: number;
  averageRating: number | null;
  topBookId: string;
}

/** An author page's facts: the author's active books, their average rating, the latest change. */
export interface AuthorRow {
  name: string;
  bookCount: number;
  averageRating: number | null;
  ratingsCount: number;
  lastmod: Date;
}

/**
 * The catalogue's authors: its primary authors (`books.primary_author`, through
 * `books_primary_author_idx`) over the active books, for the author index, the author pages and the
 * sitemap.
 */
export function createAuthorsRepository(db: Db) {
  return {
    async index(options: { q?: string; letter?: string; page: number; pageSize: number }) {
      const conditions: SQL[] = [sql`b.primary_author IS NOT NULL`];
      if (options.q) conditions.push(sql`b.primary_author ILIKE ${`%${escapeLike(options.q)}%`}`);
      if (options.letter)
        conditions.push(sql`upper(left(b.primary_author, 1)) = upper(${options.letter.slice(0, 1)})`);
      const where = whereActive(conditions);
      const order = options.q ? sql`sum(b.ratings_count) DESC, b.primary_author` : sql`b.primary_author`;
      const [items, [total]] = await Promise.all([
        selectRows<AuthorIndexRow>(
          db,
          sql`SELECT b.primary_author AS name, count(*)::int AS "bookCount",
                     avg(b.rating)::float8 AS "averageRating",
                     (array_agg(b.id ORDER BY b.ratings_count DESC, b.id))[1] AS "topBookId"
              FROM books b WHERE ${where} GROUP BY b.primary_author ORDER BY ${order}
              LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`,
        ),
        selectRows<{ n: number }>(
          db,
          sql`SELECT count(DISTINCT b.primary_author)::int AS n FROM books b WHERE ${where}`,
        ),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    async author(name: string): Promise<AuthorRow | undefined> {
      const [row] = await selectRows<AuthorRow>(
        db,
        sql`SELECT b.primary_author AS name, count(*)::int AS "bookCount",
                   avg(b.rating)::float8 AS "averageRating",
                   coalesce(sum(b.ratings_count), 0)::int AS "ratingsCount", max(b.updated_at) AS lastmod
            FROM books b WHERE b.primary_author = ${name} AND ${ACTIVE}
            GROUP BY b.primary_author`,
      );
      return row ? { ...row, lastmod: toDate(row.lastmod) } : undefined;
    },

    /** The author's active books, most rated first. */
    books(name: string, limit: number): Promise<BookCard[]> {
      return selectRows<BookCard>(
        db,
        sql`SELECT ${bookCardSql()} FROM books b
            WHERE b.primary_author = ${name} AND ${ACTIVE}
            ORDER BY b.ratings_count DESC NULLS LAST, b.id LIMIT ${limit}`,
      );
    },

    async count(): Promise<number> {
      const [row] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(DISTINCT primary_author)::int AS n FROM books b
            WHERE ${ACTIVE} AND primary_author IS NOT NULL`,
      );
      return Number(row?.n ?? 0);
    },

    async sitemap(offset: number, limit: number): Promise<SitemapRow[]> {
      const found = await selectRows<{ key: string; lastmod: Date | string }>(
        db,
        sql`SELECT primary_author AS key, max(updated_at) AS lastmod FROM books b
            WHERE ${ACTIVE} AND primary_author IS NOT NULL
            GROUP BY primary_author ORDER BY primary_author LIMIT ${limit} OFFSET ${offset}`,
      );
      return found.map((row) => ({ key: row.key, lastmod: toDate(row.lastmod) }));
    },
  };
}

export type AuthorsRepository = ReturnType<typeof createAuthorsRepository>;

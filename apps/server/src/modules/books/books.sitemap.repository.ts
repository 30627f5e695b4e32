import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { CARD_COLUMNS, rows, type BookCardRow } from './books.repository.js';

/** One address of the sitemap: the public key of a page and when it last changed. */
export interface SitemapRow {
  key: string;
  lastmod: Date;
}

/** An author page's facts: the author's active books, their average rating, the latest change. */
export interface AuthorRow {
  name: string;
  book_count: number;
  average_rating: number | null;
  ratings_count: number;
  lastmod: Date;
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * Read models of the public directory of the catalogue: author pages and the sitemap (every active
 * book, author and genre with its last change). Authors are the catalogue's primary authors (the
 * author index of `GET /api/authors`), looked up through `books_primary_author_idx`.
 */
export function createBooksDirectoryRepository(db: Db) {
  return {
    async author(name: string): Promise<AuthorRow | undefined> {
      const [row] = await rows<AuthorRow>(
        db,
        sql`SELECT b.primary_author AS name, count(*)::int AS book_count,
                   avg(b.rating)::float8 AS average_rating, coalesce(sum(b.ratings_count), 0)::int AS ratings_count,
                   max(b.updated_at) AS lastmod
            FROM books b WHERE b.primary_author = ${name} AND b.status = 'active'
            GROUP BY b.primary_author`,
      );
      return row ? { ...row, lastmod: toDate(row.lastmod) } : undefined;
    },

    /** The author's active books, most rated first. */
    authorBooks(name: string, limit: number): Promise<BookCardRow[]> {
      return rows<BookCardRow>(
        db,
        sql`SELECT ${CARD_COLUMNS} FROM books b
            WHERE b.primary_author = ${name} AND b.status = 'active'
            ORDER BY b.ratings_count DESC NULLS LAST, b.id LIMIT ${limit}`,
      );
    },

    async countBooks(): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM books WHERE status = 'active'`,
      );
      return Number(row?.n ?? 0);
    },

    async sitemapBooks(offset: number, limit: number): Promise<SitemapRow[]> {
      const found = await rows<{ key: string; lastmod: Date | string }>(
        db,
        sql`SELECT id AS key, updated_at AS lastmod FROM books WHERE status = 'active'
            ORDER BY id LIMIT ${limit} OFFSET ${offset}`,
      );
      return found.map((row) => ({ key: row.key, lastmod: toDate(row.lastmod) }));
    },

    async countAuthors(): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`SELECT count(DISTINCT primary_author)::int AS n FROM books
            WHERE status = 'active' AND primary_author IS NOT NULL`,
      );
      return Number(row?.n ?? 0);
    },

    async sitemapAuthors(offset: number, limit: number): Promise<SitemapRow[]> {
      const found = await rows<{ key: string; lastmod: Date | string }>(
        db,
        sql`SELECT primary_author AS key, max(updated_at) AS lastmod FROM books
            WHERE status = 'active' AND primary_author IS NOT NULL
            GROUP BY primary_author ORDER BY primary_author LIMIT ${limit} OFFSET ${offset}`,
      );
      return found.map((row) => ({ key: row.key, lastmod: toDate(row.lastmod) }));
    },

    /** The latest change of the active books of each genre (genres without books are left out). */
    async genresLastModified(): Promise<SitemapRow[]> {
      const found = await rows<{ key: string; lastmod: Date | string }>(
        db,
        sql`SELECT g.slug AS key, max(b.updated_at) AS lastmod
            FROM books b CROSS JOIN LATERAL unnest(b.genres) AS g(slug)
            WHERE b.status = 'active' GROUP BY g.slug`,
      );
      return found.map((row) => ({ key: row.key, lastmod: toDate(row.lastmod) }));
    },

    /** When anything in the catalogue last changed. */
    async catalogueLastModified(): Promise<Date | null> {
      const [row] = await rows<{ lastmod: Date | string | null }>(
        db,
        sql`SELECT max(updated_at) AS lastmod FROM books WHERE status = 'active'`,
      );
      return row?.lastmod ? toDate(row.lastmod) : null;
    },
  };
}

export type BooksDirectoryRepository = ReturnType<typeof createBooksDirectoryRepository>;

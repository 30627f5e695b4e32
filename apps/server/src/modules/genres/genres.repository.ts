import { GENRE_CATALOG, GENRE_SLUGS, type GenreCatalogEntry, type GenreSlug } from '@nebab/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/sql-helpers.js';
import { ACTIVE, bookCardSql, POPULARITY, whereActive, type BookCard } from '../books/book-card.js';
import { toDate, type SitemapRow } from '../../lib/sitemap-row.js';

/**
 * Ranking of the genre page's "new releases": books whose author is known come before the unknown
 * ones (many Ethiopian catalogue rows have a recent year and little else, and used to fill the list
 * with "Unknown author" cards), then the newest first, and among books of one year those with more
 * known facts (rating, cover, description).
 */
const NEW_RELEASE_ORDER = sql`(cardinality(b.authors) = 0) ASC, b.publication_year DESC NULLS LAST,
  ((b.ratings_count > 0)::int
    + (b.cover_path IS NOT NULL OR b.cover_url IS NOT NULL OR b.thumbnail_url IS NOT NULL
       OR b.isbn13 IS NOT NULL OR b.isbn10 IS NOT NULL)::int
    + (b.description IS NOT NULL)::int) DESC`;

/** The decade of the book aliased `b`. */
const DECADE = sql.raw('(floor(b.publication_year / 10.0) * 10)::int');

const inGenre = (slug: string) => sql`b.genres @> ARRAY[${slug}]::text[]`;

/**
 * The genres: the static bilingual catalogue of `packages/shared`, and each genre's page read from
 * the active books of the catalogue (their cards through the books module's projection).
 */
export function createGenresRepository(db: Db) {
  return {
    list(): Array<{ slug: GenreSlug; entry: GenreCatalogEntry }> {
      return GENRE_SLUGS.map((slug) => ({ slug, entry: GENRE_CATALOG[slug] }));
    },

    async count(slug: string): Promise<number> {
      const [row] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM books b WHERE ${whereActive([inGenre(slug)])}`,
      );
      return Number(row?.n ?? 0);
    },

    /**
     * Books of a genre in one of the list orders of the genre page. "New releases" rank books whose
     * author is known before those without one (NEW_RELEASE_ORDER).
     */
    async books(slug: string, order: 'newest' | 'popular' | 'ethiopian', limit: number): Promise<BookCard[]> {
      const conditions = [inGenre(slug)];
      // Books added with the Add Ethiopian Book form (source 'local') join the Ethiopian shelf.
      if (order === 'ethiopian') conditions.push(sql`b.source IN ('ethiopian', 'local')`);
      const orderBy =
        order === 'newest'
          ? sql`${NEW_RELEASE_ORDER}, ${POPULARITY} DESC, b.id`
          : sql`${POPULARITY} DESC, b.rating DESC NULLS LAST, b.id`;
      return selectRows<BookCard>(
        db,
        sql`SELECT ${bookCardSql()} FROM books b WHERE ${whereActive(conditions)} ORDER BY ${orderBy} LIMIT ${limit}`,
      );
    },

    /** The best books of each of the genre's last `decades` decades that have at least `minBooks`. */
    async decades(
      slug: string,
      decades: number,
      minBooks: number,
      perList: number,
    ): Promise<Array<BookCard & { decade: number }>> {
      return selectRows<BookCard & { decade: number }>(
        db,
        sql`WITH d AS (
              SELECT ${DECADE} AS decade
              FROM books b WHERE ${whereActive([inGenre(slug), sql`b.publication_year IS NOT NULL`])}
              GROUP BY 1 HAVING count(*) >= ${minBooks} ORDER BY 1 DESC LIMIT ${decades}
            ),
            ranked AS (
              SELECT ${bookCardSql()}, ${DECADE} AS decade,
                     row_number() OVER (PARTITION BY ${DECADE}
                                        ORDER BY coalesce(b.rating, 0) * ln(2 + b.ratings_count) DESC, b.id) AS n
              FROM books b WHERE ${whereActive([inGenre(slug)])}
                AND ${DECADE} IN (SELECT decade FROM d)
            )
            SELECT * FROM ranked WHERE n <= ${perList} ORDER BY decade DESC, n`,
      );
    },

    /** The latest change of the active books of each genre (genres without books are left out). */
    async lastModified(): Promise<SitemapRow[]> {
      const found = await selectRows<{ key: string; lastmod: Date | string }>(
        db,
        sql`SELECT g.slug AS key, max(b.updated_at) AS lastmod
            FROM books b CROSS JOIN LATERAL unnest(b.genres) AS g(slug)
            WHERE ${ACTIVE} GROUP BY g.slug`,
      );
      return found.map((row) => ({ key: row.key, lastmod: toDate(row.lastmod) }));
    },
  };
}

export type GenresRepository = ReturnType<typeof createGenresRepository>;

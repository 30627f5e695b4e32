import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appMeta, books, type NewBookRow } from '../db/schema/index.js';
import type { CatalogRecord } from './records.js';

/** The `app_meta` key/value facts the catalogue importer keeps. */
export function createAppMetaRepository(db: Db) {
  return {
    async get(key: string): Promise<unknown> {
      const [row] = await db
        .select({ value: appMeta.value })
        .from(appMeta)
        .where(eq(appMeta.key, key))
        .limit(1);
      return row?.value;
    },
    async set(key: string, value: unknown): Promise<void> {
      await db
        .insert(appMeta)
        .values({ key, value })
        .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
    },
  };
}

/** Columns a re-import refreshes, unless an admin edited them (listed in `edited_fields`). */
const IMPORTED_COLUMNS = [
  'source',
  'title',
  'alt_titles',
  'series',
  'series_number',
  'authors',
  'primary_author',
  'authors_latin',
  'genres',
  'publisher',
  'publication_date',
  'publication_year',
  'page_count',
  'language',
  'catalog_rating',
  'catalog_ratings_count',
  'ratings_histogram',
  'want_to_read_count',
  'description',
  'cover_url',
  'thumbnail_url',
  'isbn10',
  'isbn13',
  'goodreads_id',
  'goodreads_best_id',
  'source_url',
] as const;

/** Maps a column name to the schema's property for the `set` of the upsert. */
const COLUMN_KEYS = Object.fromEntries(
  Object.entries(books).flatMap(([key, column]) =>
    column && typeof column === 'object' && 'name' in column
      ? [[(column as { name: string }).name, key]]
      : [],
  ),
) as Record<string, keyof NewBookRow>;

const UPSERT_SET = Object.fromEntries(
  IMPORTED_COLUMNS.map((column) => [
    COLUMN_KEYS[column],
    sql.raw(
      `CASE WHEN '${column}' = ANY("books"."edited_fields") THEN "books"."${column}" ELSE excluded."${column}" END`,
    ),
  ]),
);

export function toBookRow(record: CatalogRecord, wantToRead: ReadonlyMap<string, number>): NewBookRow {
  return {
    id: record.id,
    source: record.source,
    title: record.title,
    altTitles: record.altTitles,
    series: record.series,
    seriesNumber: record.seriesNumber,
    authors: record.authors,
    primaryAuthor: record.authors[0] ?? null,
    authorsLatin: record.authorsLatin,
    genres: record.genres,
    publisher: record.publisher,
    publicationDate: record.publicationDate,
    publicationYear: record.publicationYear,
    pageCount: record.pageCount,
    language: record.language,
    // `rating` / `ratings_count` are derived from these and the reviews by a trigger.
    catalogRating: record.rating,
    catalogRatingsCount: record.ratingsCount,
    ratingsHistogram: record.ratingsHistogram,
    wantToReadCount: record.source === 'goodbooks' ? (wantToRead.get(record.id) ?? 0) : 0,
    description: record.description,
    coverUrl: record.coverUrl,
    thumbnailUrl: record.thumbnailUrl,
    isbn10: record.isbn10,
    isbn13: record.isbn13,
    goodreadsId: record.goodreadsId,
    goodreadsBestId: record.goodreadsBestId,
    sourceUrl: record.sourceUrl,
  };
}

/** Writes catalogue records (one batch per call, inside the importer's transaction). */
export function createCatalogImportRepository(db: Db) {
  return {
    // Search's vocabulary (`search_terms`) follows every books row through the `books_search_terms`
    // trigger; a bulk load switches the trigger off for its transaction and counts once at the end.
    /** Switches the trigger off for the rest of `tx` (a bulk load), which must then call `recountSearchTerms`. */
    async startSearchTermsBulk(): Promise<void> {
      await db.execute(sql`SELECT set_config('nebab.search_terms_bulk', 'on', true)`);
    },

    /** Counts the vocabulary of the active books again (after a bulk load), in one statement each. */
    async recountSearchTerms(): Promise<void> {
      await db.execute(
        sql`UPDATE search_terms SET books = 0, geez_books = 0, changed_xid = pg_current_xact_id() WHERE books <> 0`,
      );
      await db.execute(sql`
        INSERT INTO search_terms (kind, term, books, geez_books)
        SELECT 'w', w, count(*)::int, count(*) FILTER (WHERE geez)::int
        FROM books, unnest(tsvector_to_array(search_vector)) AS w WHERE status = 'active' AND listed GROUP BY w
        UNION ALL
        SELECT 'k', k, count(*)::int, count(*) FILTER (WHERE geez)::int
        FROM books, unnest(tsvector_to_array(search_keys)) AS k WHERE status = 'active' AND listed GROUP BY k
        ON CONFLICT (kind, term) DO UPDATE
        SET books = excluded.books, geez_books = excluded.geez_books, changed_xid = pg_current_xact_id()`);
    },
    async upsert(records: CatalogRecord[], wantToRead: ReadonlyMap<string, number>): Promise<void> {
      if (records.length === 0) return;
      await db
        .insert(books)
        .values(records.map((record) => toBookRow(record, wantToRead)))
        .onConflictDoUpdate({ target: books.id, set: { ...UPSERT_SET, updatedAt: sql`now()` } });
    },
  };
}

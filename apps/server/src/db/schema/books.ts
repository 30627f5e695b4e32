import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestampTz, timestamps } from './columns.js';
import { ownerUserId, users } from './users.js';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * The catalogue (spec §3 Book). Ids: goodbooks `book_id` ("1".."10000"), Ethiopian `et-<hash>`,
 * uploads `local-<uuid>`. `search_vector` and `search_text` are stored generated columns computed by
 * the IMMUTABLE SQL functions of migration 0002 (array_to_string is only STABLE, so it is wrapped),
 * which behave the same on PostgreSQL 15 and PGlite (18).
 */
export const books = pgTable(
  'books',
  {
    id: text('id').primaryKey(),
    source: text('source').notNull(),
    title: text('title').notNull(),
    altTitles: text('alt_titles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    series: text('series'),
    seriesNumber: text('series_number'),
    authors: text('authors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    primaryAuthor: text('primary_author'),
    authorsLatin: text('authors_latin'),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publisher: text('publisher'),
    publicationDate: text('publication_date'),
    publicationYear: integer('publication_year'),
    pageCount: integer('page_count'),
    language: text('language').notNull().default('en'),
    /**
     * Nebab's rating and count: the catalogue's figures combined with readers' approved public
     * reviews. Kept by database triggers (migration `book_ratings`): a write to the catalogue
     * columns or to `reviews` updates them in the same transaction, so every list, sort and
     * index sees the combined figure.
     */
    rating: real('rating'),
    ratingsCount: integer('ratings_count').notNull().default(0),
    /** The catalogue's own figures (what the importer writes). */
    catalogRating: real('catalog_rating'),
    catalogRatingsCount: integer('catalog_ratings_count').notNull().default(0),
    /** Sum and count of the ratings of approved public reviews (trigger-maintained, by deltas). */
    reviewRatingSum: integer('review_rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    ratingsHistogram: integer('ratings_histogram').array(),
    wantToReadCount: integer('want_to_read_count').notNull().default(0),
    description: text('description'),
    coverUrl: text('cover_url'),
    thumbnailUrl: text('thumbnail_url'),
    isbn10: text('isbn10'),
    isbn13: text('isbn13'),
    goodreadsId: text('goodreads_id'),
    /** goodbooks' `best_book_id` (the "best edition"; 241 books differ from `goodreads_id`): a match key of imports. */
    goodreadsBestId: text('goodreads_best_id'),
    /** Source `reader`: who added the book (a reader's missing book, by hand or by an import). */
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    /** When an admin looked at a reader-added book in Book Approvals (kept as it is, or corrected). */
    checkedAt: timestampTz('checked_at'),
    /**
     * Shown to everyone (search, lists, the sitemap, the book page). A reader-added book starts
     * unlisted — only the reader who added it and admins see it — and is listed once an admin checks
     * it or three readers have it in their library (trigger `reader_books_listed`, migration 0019).
     * Every read path asks `ACTIVE` / `visibleTo` of books/book-card.ts, not this column.
     */
    listed: boolean('listed').notNull().default(true),
    sourceUrl: text('source_url'),
    previewLink: text('preview_link'),
    viewability: text('viewability').notNull().default('NO_PAGES'),
    filePath: text('file_path'),
    coverPath: text('cover_path'),
    status: text('status').notNull().default('active'),
    editedFields: text('edited_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`nebab_book_search_vector(title, series, alt_titles, authors, authors_latin, description)`,
    ),
    searchText: text('search_text').generatedAlwaysAs(
      sql`nebab_book_search_text(title, alt_titles, authors, authors_latin)`,
    ),
    /**
     * Latin keys (migration `search_keys`): title, series and alternative titles at weight A, authors
     * at B, each word reduced to the consonants readers agree on, Ge'ez romanised first — so Amharic
     * typed in Latin letters ("fikir eske mekabir") and Ge'ez typed for a foreign title ("ሃሪ ፖተር")
     * both meet the book.
     */
    searchKeys: tsvector('search_keys').generatedAlwaysAs(
      sql`nebab_book_search_keys(title, series, alt_titles, authors, authors_latin)`,
    ),
    /**
     * The title's words as search reads them (lower case, Ge'ez folded, punctuation as spaces), a
     * leading English article left out: what a typed title is compared with, and typeahead's prefix.
     */
    titleWords: text('title_words').generatedAlwaysAs(sql`nebab_title_words(title)`),
    /** The series' name read the same way (a query naming a series lists it in order). */
    seriesWords: text('series_words').generatedAlwaysAs(sql`nebab_title_words(series)`),
    /** Written in Ge'ez (title or an author's name): where Latin-typed Amharic is looked for. */
    geez: boolean('geez').generatedAlwaysAs(sql`nebab_has_ethiopic(title, authors)`),
    /**
     * The title in plain Latin letters (Ge'ez romanised): Latin-typed Amharic whose consonants match
     * several titles ranks the one whose vowels it shares first (merek: መረቅ before ምረቅ).
     */
    titleLatin: text('title_latin').generatedAlwaysAs(sql`nebab_plain_latin(nebab_title_core(title))`),
    /** The Latin key of the title's core (without a trailing parenthetical). */
    titleKey: text('title_key').generatedAlwaysAs(sql`nebab_latin_key(nebab_title_core(title))`),
    ...timestamps,
  },
  (t) => [
    // GIN indexes without the pending list (fastupdate): PGlite runs no autovacuum to flush it, and a
    // catalogue is read far more than written (a list of 12,000 pending rows made every search scan it).
    // The words, the genres and the facets (language, length bucket, for adults, decade: facets.ts)
    // in one index: a common word with a big genre or a language and a length ("love" in romance:
    // 28,000 and 134,000 of a million books) meets in the index, not on every matching row.
    index('books_search_facets_idx')
      .using(
        'gin',
        t.searchVector,
        t.genres,
        sql`nebab_book_facets(${t.language}, ${t.pageCount}, ${t.genres}, ${t.publicationYear})`,
      )
      .with({ fastupdate: false }),
    index('books_search_text_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Latin keys by script: a Latin query's keys look for books written in Ge'ez, a Ge'ez query's for
    // the others; one index would hold the other side's postings too (ፍቅር's key 'fkr' is in 50,000
    // Ge'ez titles of the 1M-book benchmark, and in one Latin one).
    index('books_search_keys_geez_idx')
      .using('gin', t.searchKeys)
      .with({ fastupdate: false })
      .where(sql`${t.geez}`),
    index('books_search_keys_latin_idx')
      .using('gin', t.searchKeys)
      .with({ fastupdate: false })
      .where(sql`NOT ${t.geez}`),
    // An ISBN typed into search goes straight to its book.
    index('books_isbn13_idx').on(t.isbn13),
    index('books_isbn10_idx').on(t.isbn10),
    index('books_title_prefix_idx').using('btree', sql`lower(${t.title}) text_pattern_ops`),
    index('books_genres_idx').using('gin', t.genres).with({ fastupdate: false }),
    index('books_publication_year_idx').on(t.publicationYear),
    index('books_rating_idx').on(t.rating),
    index('books_ratings_count_idx').on(t.ratingsCount),
    index('books_primary_author_idx').on(t.primaryAuthor),
    // Sorted search paths (search orderings of books.repository.ts), active books only: the planner
    // walks the index in the ORDER BY order, tests the filters on the way and stops at the LIMIT.
    index('books_active_rating_idx')
      .on(t.rating.desc().nullsLast(), t.ratingsCount.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'active'`),
    index('books_active_newest_idx')
      .on(t.publicationYear.desc().nullsLast(), t.ratingsCount.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'active'`),
    index('books_active_popular_idx')
      .on(t.ratingsCount.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'active'`),
    // The most popular books of one source (Ethiopian books for Amharic readers' recommendations).
    index('books_active_source_popular_idx')
      .on(t.source, t.ratingsCount.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'active'`),
    index('books_active_title_idx')
      .using('btree', sql`lower(${t.title})`, t.id)
      .where(sql`${t.status} = 'active'`),
    // Typeahead title prefix with the popularity in the index: the candidate window is read index-only
    // (title is a key column too because the planner only takes an index-only scan of an expression
    // index when the expression's columns are in the index; catalogue titles are short).
    index('books_active_title_words_prefix_idx')
      .using('btree', sql`${t.titleWords} text_pattern_ops`, t.ratingsCount, t.id)
      .where(sql`${t.status} = 'active'`),
    // Matching of imported rows (modules/books/books.match.repository.ts): Goodreads ids.
    index('books_goodreads_id_idx').on(t.goodreadsId),
    index('books_goodreads_best_id_idx').on(t.goodreadsBestId),
    // ISBNs: books_isbn13_idx / books_isbn10_idx above (the search's ISBN look-up) serve matching too.
    // Book Approvals: reader-added books an admin has not looked at yet, newest first.
    index('books_reader_added_idx')
      .on(t.createdAt)
      .where(sql`${t.source} = 'reader'`),
  ],
);

export type BookRow = typeof books.$inferSelect;
export type NewBookRow = typeof books.$inferInsert;

/** Reports of a book by a reader (spec §5), handled by admins. */
export const bookReports = pgTable(
  'book_reports',
  {
    id: id(),
    bookId: text('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'),
    ...timestamps,
  },
  (t) => [index('book_reports_status_idx').on(t.status, t.createdAt)],
);

/** Reader activity on books (want-to-read, review, rating, view): the trending signal. */
export const bookActivity = pgTable(
  'book_activity',
  {
    id: id(),
    bookId: text('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('book_activity_created_at_idx').on(t.createdAt),
    index('book_activity_book_created_idx').on(t.bookId, t.createdAt),
  ],
);

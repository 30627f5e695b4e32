import { and, arrayOverlaps, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows, textArray } from '../../db/sql-helpers.js';
import {
  books,
  preferences,
  readingListEntries,
  reviews,
  type PreferencesRow,
} from '../../db/schema/index.js';

/** The book fields a recommendation needs (card + content signals). */
export const recommendationBookColumns = {
  id: books.id,
  source: books.source,
  title: books.title,
  authors: books.authors,
  genres: books.genres,
  language: books.language,
  pageCount: books.pageCount,
  rating: books.rating,
  ratingsCount: books.ratingsCount,
  isbn10: books.isbn10,
  isbn13: books.isbn13,
  coverUrl: books.coverUrl,
  thumbnailUrl: books.thumbnailUrl,
  coverPath: books.coverPath,
};

export interface RecommendationBook {
  id: string;
  source: string;
  title: string;
  authors: string[];
  genres: string[];
  language: string;
  pageCount: number | null;
  rating: number | null;
  ratingsCount: number;
  isbn10: string | null;
  isbn13: string | null;
  coverUrl: string | null;
  thumbnailUrl: string | null;
  coverPath: string | null;
}

/** How often a seed book and a candidate were liked by the same Nebab readers. */
export interface CoReadingPair {
  seed: string;
  candidate: string;
  /** Readers (other than the caller) who like both. */
  together: number;
  /** Readers who like the seed / the candidate. */
  seedReaders: number;
  candidateReaders: number;
}

/**
 * A reader "likes" a book when it is on their reading list or they reviewed it with 4 or 5 stars
 * (approved). Written as one SELECT per side so each uses its own index (by book or by user).
 */
const likesOfBook = (bookId: SQL, userFilter: SQL) => sql`
  SELECT e.user_id FROM reading_list_entries e WHERE e.book_id = ${bookId} AND ${userFilter}
  UNION
  SELECT r.user_id FROM reviews r
  WHERE r.book_id = ${bookId} AND r.status = 'approved' AND r.rating >= 4 AND ${userFilter}`;
const likesOfUser = (userId: SQL) => sql`
  SELECT e.book_id FROM reading_list_entries e WHERE e.user_id = ${userId}
  UNION
  SELECT r.book_id FROM reviews r WHERE r.user_id = ${userId} AND r.status = 'approved' AND r.rating >= 4`;

/** Readers sampled per seed, and candidate pairs kept, so one reader's list stays fast at any size. */
const CO_READING_LIMITS = { readersPerSeed: 500, pairs: 400 };

export interface ReaderSignals {
  entries: { bookId: string; status: string; isFavorite: boolean }[];
  reviews: { bookId: string; rating: number }[];
  preferences: PreferencesRow | undefined;
}

/** Reads a reader's own books and preferences, and active books for the recommender. */
export function createRecommendationsRepository(db: Db) {
  return {
    async readerSignals(userId: string): Promise<ReaderSignals> {
      const [entryRows, reviewRows, prefRows] = await Promise.all([
        db
          .select({
            bookId: readingListEntries.bookId,
            status: readingListEntries.status,
            isFavorite: readingListEntries.isFavorite,
          })
          .from(readingListEntries)
          .where(eq(readingListEntries.userId, userId)),
        db
          .select({ bookId: reviews.bookId, rating: reviews.rating, status: reviews.status })
          .from(reviews)
          .where(eq(reviews.userId, userId)),
        db.select().from(preferences).where(eq(preferences.userId, userId)).limit(1),
      ]);
      return {
        entries: entryRows,
        // Every own review excludes its book; only approved ones are seeds (filtered by the service).
        reviews: reviewRows.map((r) => ({
          bookId: r.bookId,
          rating: r.status === 'approved' ? r.rating : 0,
        })),
        preferences: prefRows[0],
      };
    },

    /**
     * Item–item co-occurrence computed live from Nebab's own reading lists and reviews: for each
     * seed, the books its other readers also like, with the counts a cosine similarity needs.
     * Always current (no batch job): a list change is seen by the next request.
     */
    async coReading(userId: string, seeds: readonly string[]): Promise<CoReadingPair[]> {
      if (seeds.length === 0) return [];
      const seedArray = textArray(seeds);
      const rows = await selectRows<CoReadingPair>(
        db,
        sql`
        WITH seed_readers AS (
          SELECT s.seed, r.user_id
          FROM unnest(${seedArray}) AS s(seed)
          CROSS JOIN LATERAL (
            ${likesOfBook(sql`s.seed`, sql`user_id <> ${userId}`)}
            LIMIT ${CO_READING_LIMITS.readersPerSeed}
          ) r
        ),
        pairs AS (
          SELECT sr.seed, l.book_id AS candidate, count(*)::int AS together
          FROM seed_readers sr
          CROSS JOIN LATERAL (${likesOfUser(sql`sr.user_id`)}) l
          WHERE NOT (l.book_id = ANY(${seedArray}))
          GROUP BY sr.seed, l.book_id
          ORDER BY together DESC, l.book_id
          LIMIT ${CO_READING_LIMITS.pairs}
        ),
        books_needed AS (
          SELECT seed AS book_id FROM pairs UNION SELECT candidate FROM pairs
        ),
        reader_counts AS (
          SELECT b.book_id, (SELECT count(*)::int FROM (${likesOfBook(sql`b.book_id`, sql`TRUE`)}) x) AS readers
          FROM books_needed b
        )
        SELECT p.seed, p.candidate, p.together,
               cs.readers AS "seedReaders", cc.readers AS "candidateReaders"
        FROM pairs p
        JOIN reader_counts cs ON cs.book_id = p.seed
        JOIN reader_counts cc ON cc.book_id = p.candidate`,
      );
      return rows.map((row) => ({
        seed: row.seed,
        candidate: row.candidate,
        together: Number(row.together),
        seedReaders: Number(row.seedReaders),
        candidateReaders: Number(row.candidateReaders),
      }));
    },

    /** Active books by id (unknown or inactive ids are left out). */
    async booksByIds(ids: readonly string[]): Promise<RecommendationBook[]> {
      if (ids.length === 0) return [];
      return db
        .select(recommendationBookColumns)
        .from(books)
        .where(and(eq(books.status, 'active'), inArray(books.id, [...ids])));
    },

    /** The most-rated active books matching every given filter (a list filter = any of its values). */
    async popularMatching(
      filters: { genres?: string[]; languages?: string[]; authors?: string[]; source?: string },
      limit: number,
    ): Promise<RecommendationBook[]> {
      const conditions: SQL[] = [eq(books.status, 'active')];
      if (filters.genres?.length) conditions.push(arrayOverlaps(books.genres, filters.genres));
      if (filters.languages?.length) conditions.push(inArray(books.language, filters.languages));
      if (filters.authors?.length) conditions.push(arrayOverlaps(books.authors, filters.authors));
      if (filters.source) conditions.push(eq(books.source, filters.source));
      return db
        .select(recommendationBookColumns)
        .from(books)
        .where(and(...conditions))
        .orderBy(desc(books.ratingsCount), books.id) // walks books_active_(source_)popular_idx
        .limit(limit);
    },
  };
}

export type RecommendationsRepository = ReturnType<typeof createRecommendationsRepository>;

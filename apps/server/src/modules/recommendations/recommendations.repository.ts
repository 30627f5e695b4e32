import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows, textArray } from '../../db/sql-helpers.js';
import { preferences, readingListEntries, reviews, type PreferencesRow } from '../../db/schema/index.js';

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

/** Reads a reader's own books and preferences, and co-readings for the recommender (cards come from the books module). */
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
  };
}

export type RecommendationsRepository = ReturnType<typeof createRecommendationsRepository>;

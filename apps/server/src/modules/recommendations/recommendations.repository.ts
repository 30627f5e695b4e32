import { and, arrayOverlaps, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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
        .orderBy(desc(books.ratingsCount), desc(books.wantToReadCount), books.id)
        .limit(limit);
    },
  };
}

export type RecommendationsRepository = ReturnType<typeof createRecommendationsRepository>;

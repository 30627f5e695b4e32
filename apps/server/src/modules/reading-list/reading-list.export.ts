import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  books,
  readingListEntries,
  readingListReads,
  readingProgress,
  shelfBooks,
  shelves,
} from '../../db/schema/index.js';

/** One book of the reader's library as the exports carry it (the book's facts, then the reader's). */
export interface LibraryItem {
  bookId: string;
  book: {
    title: string;
    series: string | null;
    seriesNumber: string | null;
    authors: string[];
    isbn10: string | null;
    isbn13: string | null;
    publisher: string | null;
    pageCount: number | null;
    publicationYear: number | null;
    rating: number | null;
    goodreadsId: string | null;
    source: string;
  };
  status: string;
  isFavorite: boolean;
  currentPage: number | null;
  ownedCopies: number;
  undatedReads: number;
  addedAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  reads: Array<{
    startedAt: Date | null;
    finishedAt: Date | null;
    outcome: string | null;
    stoppedPage: number | null;
    progress: Array<{ page: number | null; percent: number | null; note: string | null; createdAt: Date }>;
  }>;
  shelves: string[];
}

/** The reader's whole library (every entry with its book, reads, progress and shelves), oldest added first. */
export async function exportLibrary(db: Db, userId: string): Promise<LibraryItem[]> {
  const entries = await db
    .select({
      entry: readingListEntries,
      book: {
        title: books.title,
        series: books.series,
        seriesNumber: books.seriesNumber,
        authors: books.authors,
        isbn10: books.isbn10,
        isbn13: books.isbn13,
        publisher: books.publisher,
        pageCount: books.pageCount,
        publicationYear: books.publicationYear,
        rating: books.rating,
        goodreadsId: books.goodreadsId,
        source: books.source,
      },
    })
    .from(readingListEntries)
    .innerJoin(books, eq(books.id, readingListEntries.bookId))
    .where(eq(readingListEntries.userId, userId))
    .orderBy(asc(readingListEntries.createdAt), asc(readingListEntries.id));
  const ids = entries.map(({ entry }) => entry.id);
  const [reads, shelfRows] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(readingListReads)
          .where(inArray(readingListReads.entryId, ids))
          .orderBy(asc(readingListReads.finishedAt), asc(readingListReads.startedAt)),
        db
          .select({ entryId: shelfBooks.entryId, name: shelves.name })
          .from(shelfBooks)
          .innerJoin(shelves, eq(shelves.id, shelfBooks.shelfId))
          .where(inArray(shelfBooks.entryId, ids))
          .orderBy(asc(shelves.name)),
      ])
    : [[], []];
  const progress = reads.length
    ? await db
        .select()
        .from(readingProgress)
        .where(
          inArray(
            readingProgress.readId,
            reads.map((read) => read.id),
          ),
        )
        .orderBy(asc(readingProgress.createdAt))
    : [];
  return entries.map(({ entry, book }) => ({
    bookId: entry.bookId,
    book,
    status: entry.status,
    isFavorite: entry.isFavorite,
    currentPage: entry.currentPage,
    ownedCopies: entry.ownedCopies,
    undatedReads: entry.undatedReads,
    addedAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    startedAt: entry.startedAt,
    finishedAt: entry.finishedAt,
    reads: reads
      .filter((read) => read.entryId === entry.id)
      .map((read) => ({
        startedAt: read.startedAt,
        finishedAt: read.finishedAt,
        outcome: read.outcome,
        stoppedPage: read.stoppedPage,
        progress: progress
          .filter((p) => p.readId === read.id)
          .map((p) => ({ page: p.page, percent: p.percent, note: p.note, createdAt: p.createdAt })),
      })),
    shelves: shelfRows.filter((row) => row.entryId === entry.id).map((row) => row.name),
  }));
}

/** The reader's shelves (names), even empty ones. */
export async function exportShelves(db: Db, userId: string) {
  return db
    .select({ name: shelves.name, createdAt: shelves.createdAt })
    .from(shelves)
    .where(eq(shelves.userId, userId))
    .orderBy(asc(shelves.name));
}

import { csvFormula, writeCsv, type CsvCell } from '../../lib/csv.js';
import type { LibraryItem } from '../reading-list/reading-list.export.js';

/** The columns of a Goodreads library export, in Goodreads' order (what StoryGraph, BookWyrm and Hardcover read). */
export const GOODREADS_COLUMNS = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Owned Copies',
] as const;

const EXCLUSIVE: Record<string, string> = {
  completed: 'read',
  currentlyReading: 'currently-reading',
  wantToRead: 'to-read',
  didNotFinish: 'did-not-finish',
};

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10).replace(/-/g, '/') : '');

/** "Suzanne Collins" → "Collins, Suzanne" (one-word names as they are). */
export function lastFirst(name: string): string {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return name.trim();
  const last = words.pop()!;
  return `${last}, ${words.join(' ')}`;
}

/** An ISBN as Goodreads writes one, `="0439023483"` (its digits only), so a spreadsheet keeps it as text. */
const isbnCell = (isbn: string | null) => csvFormula(`="${(isbn ?? '').replace(/[^0-9X]/gi, '')}"`);

/** A review as Goodreads writes one: line breaks as `<br/>`. */
const reviewHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br/>');

/**
 * The reader's library as a Goodreads export: one row per book, ISBNs quoted `="…"` as Goodreads does,
 * the series back in the title ("Title (Series, #n)"), the latest finished read as Date Read, Read Count
 * = finished reads plus undated ones, the reader's shelves beside the exclusive shelf. Written by
 * `writeCsv` (CRLF, and no cell a spreadsheet would run: titles, reviews and shelves come from readers).
 */
export function goodreadsCsv(
  library: readonly LibraryItem[],
  reviews: ReadonlyMap<string, { rating: number; comment: string; spoiler: boolean }>,
): string {
  const rows: CsvCell[][] = [];
  for (const item of library) {
    const { book } = item;
    const review = reviews.get(item.bookId);
    const exclusive = EXCLUSIVE[item.status] ?? 'to-read';
    const finished = item.reads
      .filter((read) => read.outcome === 'completed' && read.finishedAt)
      .map((read) => read.finishedAt!);
    const lastFinished = finished.length ? finished[finished.length - 1]! : null;
    const dnf = item.reads.filter((read) => read.outcome === 'didNotFinish' && read.finishedAt).at(-1);
    const dateRead = item.status === 'didNotFinish' ? (dnf?.finishedAt ?? null) : lastFinished;
    const title = book.series
      ? `${book.title} (${book.series}${book.seriesNumber ? `, #${book.seriesNumber}` : ''})`
      : book.title;
    const shelves = [exclusive, ...item.shelves];
    const row: CsvCell[] = [
      book.goodreadsId ?? '',
      title,
      book.authors[0] ?? '',
      book.authors[0] ? lastFirst(book.authors[0]) : '',
      book.authors.slice(1).join(', '),
      isbnCell(book.isbn10),
      isbnCell(book.isbn13),
      String(review?.rating ?? 0),
      book.rating === null ? '' : book.rating.toFixed(2),
      book.publisher ?? '',
      '',
      book.pageCount === null ? '' : String(book.pageCount),
      book.publicationYear === null ? '' : String(book.publicationYear),
      book.publicationYear === null ? '' : String(book.publicationYear),
      day(dateRead),
      day(item.addedAt),
      shelves.join(', '),
      shelves.map((name, i) => `${name} (#${i + 1})`).join(', '),
      exclusive,
      review?.comment ? reviewHtml(review.comment) : '',
      review?.spoiler ? 'true' : '',
      '',
      String(finished.length + item.undatedReads),
      String(item.ownedCopies),
    ];
    rows.push(row);
  }
  return writeCsv(GOODREADS_COLUMNS, rows);
}

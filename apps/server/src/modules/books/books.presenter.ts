import type {
  BookDetail,
  GenreListItem,
  ProfileBook,
  SearchItem,
  Suggestion,
  TrendingCard,
} from '@nebab/shared';
import { isLocalBook } from '@nebab/shared';
import { isIsbn13, isValidIsbn10 } from '../../catalog/isbn.js';
import type { BookRow } from '../../db/schema/index.js';
import type { BookCard, BookCover, BookTile } from './book-card.js';

/** Open Library's cover of an ISBN (`default=false`: a 404 instead of a blank image). */
export function openLibraryCover(isbn: string): string {
  return `https://covers.openlibrary.org/b/isbn/${encodeURIComponent(isbn)}-M.jpg?default=false`;
}

/**
 * The book's ISBNs that pass their check (ISBN-13 in 978/979, ISBN-10 by its check digit), ISBN-13
 * first: what is presented as an ISBN. The stored columns may hold other numbers (a Barnes & Noble
 * EAN in `isbn13`), kept for matching imports and for exports.
 */
function checkedIsbns(book: Pick<BookCover, 'isbn13' | 'isbn10'>): BookDetail['industryIdentifiers'] {
  const identifiers: BookDetail['industryIdentifiers'] = [];
  if (book.isbn13 && isIsbn13(book.isbn13)) identifiers.push({ type: 'ISBN_13', identifier: book.isbn13 });
  if (book.isbn10 && isValidIsbn10(book.isbn10))
    identifiers.push({ type: 'ISBN_10', identifier: book.isbn10 });
  return identifiers;
}

/**
 * Cover addresses to try in order: an uploaded cover, Open Library by ISBN, then the dataset's image
 * (the thumbnail first in lists). The client draws `GET /api/books/:id/cover.svg` after the last.
 */
export function coverCandidates(book: BookCover, kind: 'detail' | 'list'): string[] {
  const candidates: string[] = [];
  if (book.coverPath) candidates.push(`/api/books/${encodeURIComponent(book.id)}/cover`);
  const isbn = checkedIsbns(book)[0]?.identifier;
  if (isbn) candidates.push(openLibraryCover(isbn));
  const dataset =
    kind === 'list' ? (book.thumbnailUrl ?? book.coverUrl) : (book.coverUrl ?? book.thumbnailUrl);
  if (dataset) candidates.push(dataset);
  return candidates;
}

/** The cover fields of every card of the contract: the first candidate, and all of them in order. */
export function presentCover(
  book: BookCover,
  kind: 'detail' | 'list' = 'list',
): { coverImage: string | null; coverCandidates: string[] } {
  const candidates = coverCandidates(book, kind);
  return { coverImage: candidates[0] ?? null, coverCandidates: candidates };
}

/** A book on a shelf, a list or in the feed. */
export function presentProfileBook(book: BookTile): ProfileBook {
  return { id: book.id, title: book.title, author: book.authors[0] ?? null, ...presentCover(book) };
}

/** "A, B", or "N/A" for a book without a known author (spec §3). */
export function authorLine(authors: readonly string[]): string {
  return authors.length ? authors.join(', ') : 'N/A';
}

function firstGenre(genres: string[]): string | null {
  return genres[0] ?? null;
}

function releaseDate(row: Pick<BookCard, 'publicationDate' | 'publicationYear'>): string | null {
  return row.publicationDate ?? (row.publicationYear === null ? null : String(row.publicationYear));
}

/** A rating to two decimals. */
export function roundRating(rating: number | null): number | null {
  return rating === null ? null : Math.round(rating * 100) / 100;
}

export function presentBookDetail(book: BookRow): BookDetail {
  const { coverImage, coverCandidates: candidates } = presentCover(book, 'detail');
  const source = isLocalBook(book.id)
    ? 'local'
    : book.source === 'ethiopian' || book.source === 'reader'
      ? book.source
      : 'goodbooks';
  return {
    id: book.id,
    title: book.title,
    author: authorLine(book.authors),
    authors: book.authors,
    genres: book.genres.length ? book.genres : 'N/A',
    publisher: book.publisher,
    publicationDate: releaseDate(book),
    pageCount: book.pageCount,
    language: book.language,
    rating: roundRating(book.rating),
    ratingsCount: book.ratingsCount,
    description: book.description,
    coverImage,
    coverCandidates: candidates,
    previewLink: book.previewLink,
    viewability: book.viewability as BookDetail['viewability'],
    industryIdentifiers: checkedIsbns(book),
    series: book.series,
    seriesNumber: book.seriesNumber,
    altTitles: book.altTitles,
    hasFile: Boolean(book.filePath),
    source,
    unlisted: !book.listed,
  };
}

export function presentSearchItem(row: BookCard): SearchItem {
  const candidates = coverCandidates(row, 'list');
  return {
    id: row.id,
    volumeInfo: {
      title: row.title,
      authors: row.authors,
      categories: row.genres,
      averageRating: roundRating(row.rating),
      ratingsCount: row.ratingsCount,
      publishedDate: releaseDate(row),
      description: row.description,
      pageCount: row.pageCount,
      language: row.language,
      imageLinks: { thumbnail: candidates[0] ?? null, candidates },
    },
  };
}

export function presentGenreListItem(row: BookCard): GenreListItem {
  return {
    id: row.id,
    title: row.title,
    author: row.authors[0] ?? '',
    ...presentCover(row),
    rating: roundRating(row.rating),
    ratings: row.ratingsCount,
    releaseDate: releaseDate(row),
    genre: firstGenre(row.genres),
  };
}

export function presentTrendingCard(row: BookCard): TrendingCard {
  const candidates = coverCandidates(row, 'detail');
  return {
    id: row.id,
    title: row.title,
    cover: candidates[0] ?? null,
    coverCandidates: candidates,
    authors: row.authors.join(', '),
    averageRating: roundRating(row.rating),
    ratingsCount: row.ratingsCount,
    genre: firstGenre(row.genres),
  };
}

export function presentSuggestion(row: BookCover & { title: string; author: string | null }): Suggestion {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    thumbnail: coverCandidates(row, 'list')[0] ?? null,
  };
}

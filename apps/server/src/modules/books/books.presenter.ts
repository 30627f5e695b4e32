import type {
  AuthorDetail,
  AuthorSummary,
  BookDetail,
  GenreListItem,
  SearchItem,
  Suggestion,
  TrendingCard,
} from '@nebab/shared';
import { isLocalBook } from '@nebab/shared';
import type { BookRow } from '../../db/schema/index.js';
import type { BookCardRow } from './books.repository.js';

interface CoverFields {
  id: string;
  isbn10: string | null;
  isbn13: string | null;
  cover_url: string | null;
  thumbnail_url: string | null;
  cover_path: string | null;
}

/** Open Library's cover of an ISBN (`default=false`: a 404 instead of a blank image). */
export function openLibraryCover(isbn: string): string {
  return `https://covers.openlibrary.org/b/isbn/${encodeURIComponent(isbn)}-M.jpg?default=false`;
}

/**
 * Cover addresses to try in order: an uploaded cover, Open Library by ISBN, then the dataset's image
 * (the thumbnail first in lists). The client draws `GET /api/books/:id/cover.svg` after the last.
 */
export function coverCandidates(book: CoverFields, kind: 'detail' | 'list'): string[] {
  const candidates: string[] = [];
  if (book.cover_path) candidates.push(`/api/books/${encodeURIComponent(book.id)}/cover`);
  const isbn = book.isbn13 ?? book.isbn10;
  if (isbn) candidates.push(openLibraryCover(isbn));
  const dataset =
    kind === 'list' ? (book.thumbnail_url ?? book.cover_url) : (book.cover_url ?? book.thumbnail_url);
  if (dataset) candidates.push(dataset);
  return candidates;
}

function firstGenre(genres: string[]): string | null {
  return genres[0] ?? null;
}

function releaseDate(row: {
  publication_date: string | null;
  publication_year: number | null;
}): string | null {
  return row.publication_date ?? (row.publication_year === null ? null : String(row.publication_year));
}

function roundRating(rating: number | null): number | null {
  return rating === null ? null : Math.round(rating * 100) / 100;
}

export function presentBookDetail(book: BookRow): BookDetail {
  const candidates = coverCandidates(
    {
      id: book.id,
      isbn10: book.isbn10,
      isbn13: book.isbn13,
      cover_url: book.coverUrl,
      thumbnail_url: book.thumbnailUrl,
      cover_path: book.coverPath,
    },
    'detail',
  );
  const identifiers: BookDetail['industryIdentifiers'] = [];
  if (book.isbn13) identifiers.push({ type: 'ISBN_13', identifier: book.isbn13 });
  if (book.isbn10) identifiers.push({ type: 'ISBN_10', identifier: book.isbn10 });
  const source = isLocalBook(book.id)
    ? 'local'
    : book.source === 'ethiopian' || book.source === 'reader'
      ? book.source
      : 'goodbooks';
  return {
    id: book.id,
    title: book.title,
    author: book.authors.length ? book.authors.join(', ') : 'N/A',
    authors: book.authors,
    genres: book.genres.length ? book.genres : 'N/A',
    publisher: book.publisher,
    publicationDate:
      book.publicationDate ?? (book.publicationYear === null ? null : String(book.publicationYear)),
    pageCount: book.pageCount,
    language: book.language,
    rating: roundRating(book.rating),
    ratingsCount: book.ratingsCount,
    description: book.description,
    coverImage: candidates[0] ?? null,
    coverCandidates: candidates,
    previewLink: book.previewLink,
    viewability: book.viewability as BookDetail['viewability'],
    industryIdentifiers: identifiers,
    series: book.series,
    seriesNumber: book.seriesNumber,
    altTitles: book.altTitles,
    hasFile: Boolean(book.filePath),
    source,
  };
}

export function presentSearchItem(row: BookCardRow): SearchItem {
  const candidates = coverCandidates(row, 'list');
  return {
    id: row.id,
    volumeInfo: {
      title: row.title,
      authors: row.authors,
      categories: row.genres,
      averageRating: roundRating(row.rating),
      ratingsCount: row.ratings_count,
      publishedDate: releaseDate(row),
      description: row.description,
      pageCount: row.page_count,
      language: row.language,
      imageLinks: { thumbnail: candidates[0] ?? null, candidates },
    },
  };
}

export function presentGenreListItem(row: BookCardRow): GenreListItem {
  const candidates = coverCandidates(row, 'list');
  return {
    id: row.id,
    title: row.title,
    author: row.authors[0] ?? '',
    coverImage: candidates[0] ?? null,
    coverCandidates: candidates,
    rating: roundRating(row.rating),
    ratings: row.ratings_count,
    releaseDate: releaseDate(row),
    genre: firstGenre(row.genres),
  };
}

export function presentTrendingCard(row: BookCardRow): TrendingCard {
  const candidates = coverCandidates(row, 'detail');
  return {
    id: row.id,
    title: row.title,
    cover: candidates[0] ?? null,
    coverCandidates: candidates,
    authors: row.authors.join(', '),
    averageRating: roundRating(row.rating),
    ratingsCount: row.ratings_count,
    genre: firstGenre(row.genres),
  };
}

export function presentSuggestion(row: CoverFields & { title: string; author: string | null }): Suggestion {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    thumbnail: coverCandidates(row, 'list')[0] ?? null,
  };
}

export function presentAuthor(
  row: { name: string; book_count: number; average_rating: number | null; top_book_id: string },
  top: BookCardRow | undefined,
): AuthorSummary {
  return {
    name: row.name,
    bookCount: Number(row.book_count),
    averageRating: row.average_rating === null ? null : Math.round(Number(row.average_rating) * 100) / 100,
    topBook: top ? presentGenreListItem(top) : null,
  };
}

export function presentAuthorDetail(
  author: { name: string; book_count: number; average_rating: number | null; ratings_count: number },
  books: BookCardRow[],
): AuthorDetail {
  return {
    name: author.name,
    bookCount: Number(author.book_count),
    averageRating: roundRating(author.average_rating === null ? null : Number(author.average_rating)),
    ratingsCount: Number(author.ratings_count),
    books: books.map(presentGenreListItem),
  };
}

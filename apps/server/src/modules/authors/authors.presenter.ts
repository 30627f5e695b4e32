import type { AuthorDetail, AuthorSummary } from '@nebab/shared';
import type { BookCard } from '../books/book-card.js';
import { presentGenreListItem, roundRating } from '../books/books.presenter.js';
import type { AuthorIndexRow, AuthorRow } from './authors.repository.js';

const average = (value: number | null) => roundRating(value === null ? null : Number(value));

export function presentAuthor(row: AuthorIndexRow, top: BookCard | undefined): AuthorSummary {
  return {
    name: row.name,
    bookCount: Number(row.bookCount),
    averageRating: average(row.averageRating),
    topBook: top ? presentGenreListItem(top) : null,
  };
}

export function presentAuthorDetail(author: Omit<AuthorRow, 'lastmod'>, books: BookCard[]): AuthorDetail {
  return {
    name: author.name,
    bookCount: Number(author.bookCount),
    averageRating: average(author.averageRating),
    ratingsCount: Number(author.ratingsCount),
    books: books.map(presentGenreListItem),
  };
}

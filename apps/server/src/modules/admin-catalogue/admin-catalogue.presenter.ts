import type {
  AdminBookDetail,
  AdminBookRow,
  BookSuggestion,
  ReadingInsightItem,
  SuggestionStatus,
} from '@nebab/shared';
import type { BookRow, BookSuggestionRow } from '../../db/schema/index.js';
import { authorLine, presentBookDetail, presentCover } from '../books/books.presenter.js';
import type { AdminBookListRow, InsightRow, SuggestionWithUser } from './admin-catalogue.repository.js';

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

export function presentAdminBookRow(row: AdminBookListRow): AdminBookRow {
  return {
    bookId: row.id,
    title: row.title,
    author: authorLine(row.authors),
    genre: row.genres[0] ?? null,
    ...presentCover(row),
    status: row.status,
    source: row.source,
    updatedAt: iso(row.updatedAt),
  };
}

export function presentAdminBookDetail(book: BookRow): AdminBookDetail {
  return {
    ...presentBookDetail(book),
    status: book.status,
    coverUrl: book.coverUrl,
    hasUploadedCover: Boolean(book.coverPath),
    isbn10: book.isbn10,
    isbn13: book.isbn13,
    editedFields: book.editedFields,
  };
}

export function presentInsight(row: InsightRow): ReadingInsightItem {
  return {
    bookId: row.id,
    title: row.title,
    author: authorLine(row.authors),
    ...presentCover(row),
    status: row.status,
    count: Number(row.n),
  };
}

/** A suggestion; `suggestedBy` only in the admins' list. */
export function presentSuggestion(row: BookSuggestionRow | SuggestionWithUser): BookSuggestion {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    isbn: row.isbn,
    language: row.language,
    note: row.note,
    status: row.status as SuggestionStatus,
    rejectReason: row.rejectReason,
    bookId: row.bookId,
    createdAt: iso(row.createdAt),
    decidedAt: row.decidedAt ? iso(row.decidedAt) : null,
    suggestedBy: 'userName' in row ? { id: row.userId, fullName: row.userName ?? '' } : null,
  };
}

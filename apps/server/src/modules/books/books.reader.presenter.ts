import type { ReaderBook } from '@nebab/shared';
import type { BookRow } from '../../db/schema/index.js';

/** A reader-added book as Book Approvals shows it. */
export function presentReaderBook(item: {
  book: BookRow;
  addedBy: { id: string; fullName: string } | null;
  readers: number;
}): ReaderBook {
  const { book } = item;
  return {
    id: book.id,
    title: book.title,
    authors: book.authors,
    isbn10: book.isbn10,
    isbn13: book.isbn13,
    publisher: book.publisher,
    publicationYear: book.publicationYear,
    pageCount: book.pageCount,
    language: book.language,
    addedBy: item.addedBy,
    readers: item.readers,
    createdAt: book.createdAt.toISOString(),
    checkedAt: book.checkedAt ? book.checkedAt.toISOString() : null,
  };
}

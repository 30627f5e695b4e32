import type { ReadingList, ReadingListEntry, ReadingListStatus } from '@nebab/shared';
import { coverCandidates } from '../books/books.presenter.js';
import type { ReadingListEntryWithBook } from './reading-list.repository.js';

/** Spec §3 Reading list entry with the book's card fields. */
export function presentEntry({ entry, book }: ReadingListEntryWithBook): ReadingListEntry {
  const candidates = coverCandidates(
    {
      id: book.id,
      isbn10: book.isbn10,
      isbn13: book.isbn13,
      cover_url: book.coverUrl,
      thumbnail_url: book.thumbnailUrl,
      cover_path: book.coverPath,
    },
    'list',
  );
  return {
    bookId: book.id,
    status: entry.status as ReadingListStatus,
    title: book.title,
    author: book.authors.length ? book.authors.join(', ') : 'N/A',
    coverImage: candidates[0] ?? null,
    coverCandidates: candidates,
    isFavorite: entry.isFavorite,
    addedAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
    startedAt: entry.startedAt?.toISOString() ?? null,
    finishedAt: entry.finishedAt?.toISOString() ?? null,
    currentPage: entry.currentPage,
    pageCount: book.pageCount,
    available: book.status === 'active',
  };
}

/** Grouped by status (spec §3), in the repository's order (most recently updated first). */
export function presentReadingList(rows: ReadingListEntryWithBook[]): ReadingList {
  const list: ReadingList = { currentlyReading: [], wantToRead: [], completed: [] };
  for (const row of rows) {
    const entry = presentEntry(row);
    list[entry.status].push(entry);
  }
  return list;
}

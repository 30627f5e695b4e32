import type { Read, ReadingList, ReadingListEntry, ReadingListStatus, Shelf } from '@nebab/shared';
import { authorLine, presentCover } from '../books/books.presenter.js';
import type { ReadingListEntryWithBook, ReadWithProgress } from './reading-list.service.js';
import type { ShelfWithCount } from './shelves.repository.js';

function presentRead({ read, progress }: ReadWithProgress): Read {
  return {
    id: read.id,
    startedAt: read.startedAt?.toISOString() ?? null,
    finishedAt: read.finishedAt?.toISOString() ?? null,
    outcome: (read.outcome as Read['outcome']) ?? null,
    stoppedPage: read.stoppedPage,
    progress: progress.map((p) => ({
      id: p.id,
      page: p.page,
      percent: p.percent,
      note: p.note,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

/** Spec §3 Reading list entry with the book's card fields, its reads and the reader's shelves. */
export function presentEntry({ entry, book, reads, shelves }: ReadingListEntryWithBook): ReadingListEntry {
  const status = entry.status as ReadingListStatus;
  const lastEnded = reads.find((r) => r.read.outcome !== null)?.read;
  return {
    bookId: book.id,
    status,
    title: book.title,
    author: authorLine(book.authors),
    ...presentCover(book),
    isFavorite: entry.isFavorite,
    addedAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
    startedAt: entry.startedAt?.toISOString() ?? null,
    finishedAt: entry.finishedAt?.toISOString() ?? null,
    currentPage: entry.currentPage,
    stoppedPage:
      status === 'didNotFinish' && lastEnded?.outcome === 'didNotFinish' ? lastEnded.stoppedPage : null,
    pageCount: book.pageCount,
    available: book.status === 'active',
    reads: reads.map(presentRead),
    shelves,
  };
}

/** Grouped by status (spec §3), in the repository's order (most recently updated first). */
export function presentReadingList(rows: ReadingListEntryWithBook[]): ReadingList {
  const list: ReadingList = { currentlyReading: [], wantToRead: [], completed: [], didNotFinish: [] };
  for (const row of rows) {
    const entry = presentEntry(row);
    list[entry.status].push(entry);
  }
  return list;
}

export function presentShelf({ shelf, bookCount }: ShelfWithCount): Shelf {
  return { id: shelf.id, name: shelf.name, bookCount, createdAt: shelf.createdAt.toISOString() };
}

import { DEFAULT_LANGUAGE, type Language, type ProfileBook, type ReaderSummary } from '@nebab/shared';
import type { BookTile } from '../books/book-card.js';
import { presentCover } from '../books/books.presenter.js';
import { presentReaderCard } from '../users/reader-card.js';

/** A book on a shelf, a list or in the feed. */
export function presentProfileBook(book: BookTile): ProfileBook {
  return { id: book.id, title: book.title, author: book.authors[0] ?? null, ...presentCover(book) };
}

/** A reader as shown on cards; a deleted account shows as "Deleted reader". */
export function presentReaderSummary(
  person: { id: string; name: string; profilePicture: string | null; status?: string },
  language: Language = DEFAULT_LANGUAGE,
): ReaderSummary {
  return presentReaderCard(person, language);
}

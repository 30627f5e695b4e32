import { DEFAULT_LANGUAGE, type Language, type ProfileBook, type ReaderSummary } from '@nebab/shared';
import { coverCandidates } from '../books/books.presenter.js';
import { presentReviewUser } from '../reviews/reviews.presenter.js';

/** The book columns a card shows (camelCase, as Drizzle selects them). */
export interface BookCardColumns {
  id: string;
  title: string;
  authors: string[];
  isbn10: string | null;
  isbn13: string | null;
  coverUrl: string | null;
  thumbnailUrl: string | null;
  coverPath: string | null;
}

/** A book on a shelf, a list or in the feed. */
export function presentProfileBook(book: BookCardColumns): ProfileBook {
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
    id: book.id,
    title: book.title,
    author: book.authors[0] ?? null,
    coverImage: candidates[0] ?? null,
    coverCandidates: candidates,
  };
}

/** A reader as shown on cards; a deleted account shows as "Deleted reader". */
export function presentReaderSummary(
  person: { id: string; name: string; profilePicture: string | null; status?: string },
  language: Language = DEFAULT_LANGUAGE,
): ReaderSummary {
  return presentReviewUser({ status: 'active', ...person }, language);
}

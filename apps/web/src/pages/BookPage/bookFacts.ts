import { isGenreSlug, type BookDetail } from '@nebab/shared';
import type { TFunction } from 'i18next';

/** The book's genres as a list (the API sends 'N/A' when none is known). */
export function genreList(book: Pick<BookDetail, 'genres'>): string[] {
  return Array.isArray(book.genres) ? book.genres : [];
}

/** A genre's translated name (slugs), or the text as given. */
export function genreName(t: TFunction, genre: string): string {
  return isGenreSlug(genre) ? t(`genres.${genre}`) : genre;
}

/** The authors to show (empty when unknown). */
export function authorList(book: Pick<BookDetail, 'author' | 'authors'>): string[] {
  if (book.authors.length > 0) return book.authors.filter((name) => name && name !== 'N/A');
  return book.author && book.author !== 'N/A' ? [book.author] : [];
}

/** The year of a publication date such as '2008', '2008-09-14' or '-400'. */
export function publicationYear(date: string | null): string | null {
  if (!date) return null;
  const match = /^(-?\d{1,4})/.exec(date.trim());
  return match?.[1] ?? null;
}

/** The language's name in the interface language (Intl), or the code when it has none. */
export function languageName(code: string, uiLanguage: string): string | null {
  const trimmed = code.trim();
  if (!trimmed || trimmed === 'N/A') return null;
  try {
    const names = new Intl.DisplayNames([uiLanguage === 'am' ? 'am' : 'en'], { type: 'language' });
    const name = names.of(trimmed);
    return name && name !== trimmed ? name : trimmed;
  } catch {
    return trimmed;
  }
}

/**
 * The honest 'About this book' line used when the book has no description: built only from the
 * facts we hold (year, genres, series, rating), never an invented blurb.
 * e.g. "A 2008 Young Adult and Science Fiction book, book 1 of The Hunger Games, rated 4.3 by 4.9 million readers."
 */
export function aboutLine(t: TFunction, book: BookDetail, uiLanguage: string): string {
  const locale = uiLanguage === 'am' ? 'am-ET' : 'en-US';
  const year = publicationYear(book.publicationDate);
  const genres = genreList(book).map((genre) => genreName(t, genre));
  let genreText = '';
  if (genres.length > 0) {
    try {
      genreText = new Intl.ListFormat(locale, { type: 'conjunction' }).format(genres.slice(0, 3));
    } catch {
      genreText = genres.slice(0, 3).join(', ');
    }
  }
  const parts: string[] = [];
  if (year && genreText) parts.push(t('book.about.yearGenres', { year, genres: genreText }));
  else if (year) parts.push(t('book.about.year', { year }));
  else if (genreText) parts.push(t('book.about.genres', { genres: genreText }));
  else parts.push(t('book.about.plain'));
  if (book.series) {
    parts.push(
      book.seriesNumber
        ? t('book.about.seriesNumber', { number: book.seriesNumber, series: book.series })
        : t('book.about.series', { series: book.series }),
    );
  }
  if (book.rating != null && book.ratingsCount > 0) {
    const formatted = new Intl.NumberFormat(locale, {
      notation: book.ratingsCount >= 10_000 ? 'compact' : 'standard',
      compactDisplay: 'long',
      maximumFractionDigits: 1,
    }).format(book.ratingsCount);
    parts.push(
      t('book.about.rated', { rating: book.rating.toFixed(1), count: book.ratingsCount, formatted }),
    );
  }
  return parts.join(t('book.about.separator')) + t('book.about.end');
}

/** A publication date for people: '2008' stays, '2008-09' and '2008-09-14' are formatted for the language. */
export function formatPublished(date: string | null, uiLanguage: string): string | null {
  if (!date) return null;
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(date.trim());
  if (!match) return date;
  const [, year, month, day] = match;
  const value = new Date(Date.UTC(Number(year), Number(month) - 1, day ? Number(day) : 1));
  if (Number.isNaN(value.getTime())) return date;
  return new Intl.DateTimeFormat(uiLanguage === 'am' ? 'am-ET' : 'en-US', {
    year: 'numeric',
    month: 'long',
    ...(day ? { day: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(value);
}

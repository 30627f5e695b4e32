import type { GenreSlug } from '@nebab/shared';

/** One book as the importer produces it, before it is written to the database. */
export interface CatalogRecord {
  /** App id: the goodbooks `book_id` ("1" … "10000") or `et-<hash>` for the Ethiopian file. */
  id: string;
  source: 'goodbooks' | 'ethiopian';
  title: string;
  /** Other spellings that search should find (original title, English title, romanisation). */
  altTitles: string[];
  series: string | null;
  seriesNumber: string | null;
  authors: string[];
  /** Latin spelling of the authors, for search (Ethiopian books). */
  authorsLatin: string | null;
  genres: GenreSlug[];
  publisher: string | null;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` as known. */
  publicationDate: string | null;
  publicationYear: number | null;
  pageCount: number | null;
  language: string;
  rating: number | null;
  ratingsCount: number;
  ratingsHistogram: [number, number, number, number, number] | null;
  description: string | null;
  coverUrl: string | null;
  thumbnailUrl: string | null;
  isbn10: string | null;
  isbn13: string | null;
  goodreadsId: string | null;
  /** goodbooks' `best_book_id` (an import's Goodreads Book Id may be either edition). */
  goodreadsBestId: string | null;
  sourceUrl: string | null;
}

const SERIES_SUFFIX = /\s*\(([^()]*?),?\s+#\s*([\d.\-–]+)\)\s*$/;

/** Splits "The Hunger Games (The Hunger Games, #1)" into title, series and number. */
export function splitSeries(title: string): {
  title: string;
  series: string | null;
  seriesNumber: string | null;
} {
  const match = SERIES_SUFFIX.exec(title);
  if (!match) return { title: title.trim(), series: null, seriesNumber: null };
  const bare = title.slice(0, match.index).trim();
  return { title: bare || title.trim(), series: match[1]!.trim() || null, seriesNumber: match[2] ?? null };
}

/** Normalised title key of the enrichment join: ASCII, lower-case, no series, before ':', no article. */
export function normTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[^\p{ASCII}]/gu, '')
    .toLowerCase()
    .replace(/\s*\([^()]*#[^()]*\)\s*$/, '')
    .split(':')[0]!
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9 ]/g, ' ')
    .trim()
    .replace(/^(the|a|an) /, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Normalised author key of the enrichment join: ASCII letters only. */
export function normAuthor(author: string): string {
  return author
    .normalize('NFKD')
    .replace(/[^\p{ASCII}]/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

export function toInt(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? Math.trunc(value) : null;
}

export function toFloat(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function blankToNull(raw: string | undefined): string | null {
  const value = raw?.trim();
  return value ? value : null;
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { descriptionHtml } from '../lib/description-html.js';
import { parseCsvObjects } from './csv.js';
import { genresFromCategory, normalizeLanguage } from './genre-map.js';
import { isValidIsbn10, isValidIsbn13 } from './isbn.js';
import { blankToNull, toInt, type CatalogRecord } from './records.js';

export interface EthiopianOptions {
  /** Import the shops' blurbs and cover links too (their licence is unclear; off by default). */
  includeShopContent: boolean;
}

/** A stable id from the product page address, so re-imports update the same rows. */
export function ethiopianId(url: string, title: string): string {
  return `et-${createHash('sha1')
    .update(url || title)
    .digest('hex')
    .slice(0, 12)}`;
}

/** Keeps `YYYY`, `YYYY-MM` or `YYYY-MM-DD` prefixes; anything else is unknown. */
export function normalizePublished(raw: string): { date: string | null; year: number | null } {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(raw.trim());
  if (!match) return { date: null, year: null };
  const date = [match[1], match[2], match[3]].filter(Boolean).join('-');
  return { date, year: Number(match[1]) };
}

/**
 * The shops' author column holds some scraps: page counts ("228"), "??", one- or two-letter
 * fragments of a name ("ደ", "ላይ") and "11 ደራሲያን" ("11 authors"). Those become unknown (null)
 * rather than a fake author in /authors.
 */
export function cleanAuthor(raw: string | undefined): string | null {
  const author = blankToNull(raw);
  if (!author) return null;
  if (!/\p{L}/u.test(author)) return null;
  if (/^\d+\s*ደራ(ሲ|ስ)ያን$/u.test(author)) return null;
  if (!/\s/u.test(author) && [...author.replace(/[^\p{L}]/gu, '')].length <= 2) return null;
  return author;
}

/** The 2,538 Ethiopian books: factual fields, plus descriptions and covers only when allowed. */
export function readEthiopian(dir: string, options: EthiopianOptions): CatalogRecord[] {
  const records: CatalogRecord[] = [];
  for (const row of parseCsvObjects(readFileSync(join(dir, 'ethiopian_books.csv'), 'utf8'))) {
    const title = (row.title ?? '').trim();
    if (!title) continue;
    const { date, year } = normalizePublished(row.published_at ?? '');
    const isbn = (row.isbn ?? '').replace(/[^0-9X]/gi, '').toUpperCase();
    const pages = toInt(row.page_count);
    const altTitles = [row.title_en, row.title_romanized]
      .map((t) => (t ?? '').trim())
      .filter((t, i, all) => t && t !== title && all.indexOf(t) === i);
    const author = cleanAuthor(row.author);
    // A scrap in the author column makes its romanisation a scrap too ("ደ" → "da").
    const authorLatin = blankToNull(row.author) && !author ? null : cleanAuthor(row.author_romanized);
    records.push({
      id: ethiopianId(row.url ?? '', title),
      source: 'ethiopian',
      title,
      altTitles,
      series: null,
      seriesNumber: null,
      authors: author ? [author] : authorLatin ? [authorLatin] : [],
      authorsLatin: authorLatin,
      genres: genresFromCategory(row.category ?? ''),
      publisher: blankToNull(row.publisher),
      publicationDate: date,
      publicationYear: year,
      pageCount: pages && pages > 0 ? pages : null,
      language: normalizeLanguage(row.language ?? 'am'),
      rating: null,
      ratingsCount: 0,
      ratingsHistogram: null,
      // Shop text is untrusted: the same sanitiser as admin-written descriptions (rendered as HTML).
      description: options.includeShopContent ? descriptionHtml(row.description ?? '') : null,
      coverUrl: options.includeShopContent ? blankToNull(row.cover_image) : null,
      thumbnailUrl: null,
      isbn10: isbn.length === 10 && isValidIsbn10(isbn) ? isbn : null,
      isbn13: isbn.length === 13 && isValidIsbn13(isbn) ? isbn : null,
      goodreadsId: null,
      goodreadsBestId: null,
      sourceUrl: blankToNull(row.url),
    });
  }
  return records;
}

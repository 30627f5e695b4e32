import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GenreSlug } from '@nebab/shared';
import { parseCsv, parseCsvObjects } from './csv.js';
import { SHELF_TO_GENRE, normalizeLanguage, pickGenres } from './genre-map.js';
import { repairGoodbooksIsbns } from './isbn.js';
import {
  blankToNull,
  normAuthor,
  normTitle,
  splitSeries,
  toFloat,
  toInt,
  type CatalogRecord,
} from './records.js';

const NO_PHOTO = /nophoto/;

/** Genres per goodreads_book_id, from book_tags + tags. */
export function readShelfGenres(dir: string): Map<string, GenreSlug[]> {
  const tagSlug = new Map<string, GenreSlug>();
  for (const row of parseCsvObjects(readFileSync(join(dir, 'tags.csv'), 'utf8'))) {
    const slug = SHELF_TO_GENRE.get(row.tag_name ?? '');
    if (slug) tagSlug.set(row.tag_id ?? '', slug);
  }
  const scores = new Map<string, Map<GenreSlug, number>>();
  const rows = parseCsv(gunzipSync(readFileSync(join(dir, 'book_tags.csv.gz'))).toString('utf8'));
  rows.next();
  for (const [goodreadsId = '', tagId = '', countRaw = '0'] of rows) {
    const slug = tagSlug.get(tagId);
    if (!slug) continue;
    const count = Math.max(0, Number(countRaw) || 0);
    let book = scores.get(goodreadsId);
    if (!book) scores.set(goodreadsId, (book = new Map()));
    book.set(slug, (book.get(slug) ?? 0) + count);
  }
  const genres = new Map<string, GenreSlug[]>();
  for (const [goodreadsId, bookScores] of scores) genres.set(goodreadsId, pickGenres(bookScores));
  return genres;
}

interface Edition {
  publisher: string | null;
  pages: number | null;
  ratingsCount: number;
}

/** Publisher and page count from the CC0 Goodreads-books file, by ISBN and by title + first author. */
export function readEnrichment(dir: string): {
  byIsbn10: Map<string, Edition[]>;
  byIsbn13: Map<string, Edition[]>;
  byKey: Map<string, Edition[]>;
} {
  const byIsbn10 = new Map<string, Edition[]>();
  const byIsbn13 = new Map<string, Edition[]>();
  const byKey = new Map<string, Edition[]>();
  const add = (map: Map<string, Edition[]>, key: string, edition: Edition) => {
    if (!key) return;
    const list = map.get(key);
    if (list) list.push(edition);
    else map.set(key, [edition]);
  };
  for (const row of parseCsvObjects(readFileSync(join(dir, 'goodreads_books_cc0.csv'), 'utf8'))) {
    const edition: Edition = {
      publisher: blankToNull(row.publisher),
      pages: toInt(row.num_pages),
      ratingsCount: toInt(row.ratings_count) ?? 0,
    };
    add(byIsbn10, (row.isbn ?? '').trim().toUpperCase(), edition);
    add(byIsbn13, (row.isbn13 ?? '').trim(), edition);
    const firstAuthor = (row.authors ?? '').split('/')[0] ?? '';
    add(byKey, `${normTitle(row.title ?? '')}|${normAuthor(firstAuthor)}`, edition);
  }
  return { byIsbn10, byIsbn13, byKey };
}

/** Among matching editions, the one with most ratings and at least 20 pages (skips audiobooks). */
export function bestEdition(editions: Edition[] | undefined): Edition | null {
  if (!editions) return null;
  let best: Edition | null = null;
  for (const edition of editions) {
    if ((edition.pages ?? 0) < 20) continue;
    if (!best || edition.ratingsCount > best.ratingsCount) best = edition;
  }
  return best;
}

/** The 10,000 goodbooks books with repaired ISBNs, genres from shelves and the enrichment join. */
export function readGoodbooks(dir: string): CatalogRecord[] {
  const genres = readShelfGenres(dir);
  const enrichment = readEnrichment(dir);
  const records: CatalogRecord[] = [];
  for (const row of parseCsvObjects(readFileSync(join(dir, 'books.csv'), 'utf8'))) {
    const { isbn10, isbn13 } = repairGoodbooksIsbns(row.isbn ?? '', row.isbn13 ?? '');
    const authors = (row.authors ?? '')
      .split(', ')
      .map((a) => a.trim())
      .filter(Boolean);
    const firstAuthor = normAuthor(authors[0] ?? '');
    const edition =
      (isbn10 && bestEdition(enrichment.byIsbn10.get(isbn10))) ||
      (isbn13 && bestEdition(enrichment.byIsbn13.get(isbn13))) ||
      bestEdition(enrichment.byKey.get(`${normTitle(row.title ?? '')}|${firstAuthor}`)) ||
      (row.original_title
        ? bestEdition(enrichment.byKey.get(`${normTitle(row.original_title)}|${firstAuthor}`))
        : null) ||
      null;
    const { title, series, seriesNumber } = splitSeries(row.title ?? '');
    const year = toInt(row.original_publication_year);
    const image = blankToNull(row.image_url);
    const thumb = blankToNull(row.small_image_url);
    const originalTitle = blankToNull(row.original_title);
    const histogram = [1, 2, 3, 4, 5].map(
      (n) => toInt(row[`ratings_${n}`]) ?? 0,
    ) as CatalogRecord['ratingsHistogram'];
    records.push({
      id: String(toInt(row.book_id)),
      source: 'goodbooks',
      title,
      altTitles: originalTitle && originalTitle !== title ? [originalTitle] : [],
      series,
      seriesNumber,
      authors: authors.length ? authors : [],
      authorsLatin: null,
      genres: genres.get((row.goodreads_book_id ?? '').trim()) ?? [],
      publisher: edition?.publisher ?? null,
      publicationDate: year === null ? null : String(year),
      publicationYear: year,
      pageCount: edition?.pages ?? null,
      language: normalizeLanguage(row.language_code ?? ''),
      rating: toFloat(row.average_rating),
      ratingsCount: toInt(row.work_ratings_count) ?? toInt(row.ratings_count) ?? 0,
      ratingsHistogram: histogram,
      description: null,
      coverUrl: image && !NO_PHOTO.test(image) ? image : null,
      thumbnailUrl: thumb && !NO_PHOTO.test(thumb) ? thumb : null,
      isbn10,
      isbn13,
      goodreadsId: blankToNull(row.goodreads_book_id),
      goodreadsBestId: blankToNull(row.best_book_id),
      sourceUrl: null,
    });
  }
  return records;
}

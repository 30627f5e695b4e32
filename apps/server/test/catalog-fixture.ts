/**
 * A small catalogue in the shipped formats, cut from catalog-data: the goodbooks books listed below
 * (with their shelf tags and want-to-read rows) and a few dozen Ethiopian rows. Written once per
 * process to a temp folder and used as CATALOG_DIR, so API tests import in well under a second.
 */
import { mkdirSync, readFileSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseCsv } from '../src/catalog/csv.js';
import { REPO_ROOT } from '../src/config.js';
import type { books } from '../src/db/schema/index.js';

const SOURCE = path.join(REPO_ROOT, 'catalog-data');
/** 1–60 (Hunger Games, Harry Potter…), plus recent and varied titles. */
export const FIXTURE_GOODBOOKS_IDS = new Set([
  ...Array.from({ length: 60 }, (_, i) => String(i + 1)),
  '279',
  '862',
  '1308',
  '141',
  '143',
  '267',
  '112',
  '144',
  '3275',
  '5000',
  '7000',
  '9000',
  '9999',
  // Search: Tolkien, Stephen King (and a book about him), Orwell, Austen and books naming them.
  '189',
  '155',
  '161',
  '964',
  '72',
  '168',
  '176',
  '232',
  '2713',
  '846',
  '1039',
  '2136',
]);
export const FIXTURE_ETHIOPIAN_ROWS = 40;
/** Ethiopian books the search tests look for, whatever their place in the file. */
const FIXTURE_ETHIOPIAN_TITLES = new Set(['ፍቅር እስከ መቃብር', 'ኦሮማይ', 'ከአድማስ ባሻገር', 'ትኩሳት', 'የልምዣት']);

function csvLine(fields: string[]): string {
  return fields.map((field) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(',');
}

function filterCsv(text: string, keep: (row: string[], header: string[]) => boolean): string {
  const rows = parseCsv(text);
  const header = rows.next().value as string[];
  const kept = [csvLine(header)];
  for (const row of rows) if (row.length > 1 && keep(row, header)) kept.push(csvLine(row));
  return `${kept.join('\n')}\n`;
}

let written: string | undefined;

export function writeFixtureCatalog(): string {
  if (written) return written;
  const dir = path.join(os.tmpdir(), `nebab-catalog-fixture-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const goodreadsIds = new Set<string>();
  const books = filterCsv(readFileSync(path.join(SOURCE, 'books.csv'), 'utf8'), (row, header) => {
    const keep = FIXTURE_GOODBOOKS_IDS.has(row[header.indexOf('book_id')] ?? '');
    if (keep) goodreadsIds.add(row[header.indexOf('goodreads_book_id')] ?? '');
    return keep;
  });
  writeFileSync(path.join(dir, 'books.csv'), books);
  const tags = gunzipSync(readFileSync(path.join(SOURCE, 'book_tags.csv.gz'))).toString('utf8');
  writeFileSync(
    path.join(dir, 'book_tags.csv.gz'),
    gzipSync(filterCsv(tags, (row) => goodreadsIds.has(row[0] ?? ''))),
  );
  const toRead = gunzipSync(readFileSync(path.join(SOURCE, 'to_read.csv.gz'))).toString('utf8');
  writeFileSync(
    path.join(dir, 'to_read.csv.gz'),
    gzipSync(filterCsv(toRead, (row) => FIXTURE_GOODBOOKS_IDS.has(row[1] ?? ''))),
  );
  let ethiopian = 0;
  writeFileSync(
    path.join(dir, 'ethiopian_books.csv'),
    filterCsv(readFileSync(path.join(SOURCE, 'ethiopian_books.csv'), 'utf8'), (row, header) => {
      const title = (row[header.indexOf('title')] ?? '').trim();
      if (FIXTURE_ETHIOPIAN_TITLES.has(title)) return true;
      ethiopian += 1;
      return ethiopian <= FIXTURE_ETHIOPIAN_ROWS;
    }),
  );
  for (const file of ['tags.csv', 'goodreads_books_cc0.csv']) {
    if (!existsSync(path.join(dir, file))) copyFileSync(path.join(SOURCE, file), path.join(dir, file));
  }
  written = dir;
  return dir;
}

/** A catalogue row to insert by hand (only what the ranking tests read): an Ethiopian book in Amharic. */
export function catalogueRow(
  id: string,
  year: number,
  authors: string[],
  genres: string[],
  extra: Partial<typeof books.$inferInsert> = {},
): typeof books.$inferInsert {
  return {
    id,
    source: 'ethiopian',
    title: `Book ${id}`,
    authors,
    primaryAuthor: authors[0] ?? null,
    genres,
    publicationYear: year,
    language: 'am',
    ...extra,
  };
}

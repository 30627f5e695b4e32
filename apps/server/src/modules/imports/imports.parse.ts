import { parse } from 'csv-parse/sync';
import { IMPORT_LIMITS, SHELF_LIMITS, type ImportSource, type ReadingListStatus } from '@nebab/shared';
import { isValidIsbn10, isValidIsbn13 } from '../../catalog/isbn.js';
import { restoreCsvText } from '../../lib/csv.js';
import { DetailedValidationError } from '../../lib/errors.js';
import { authorFromLastFirst } from '../books/books.match.js';

/** One data row of an export, as the import job applies it (stored as `import_rows.data`). */
export interface ParsedRow {
  goodreadsId: string | null;
  /** As written (series suffix included); empty when the row has none (skipped). */
  title: string;
  authors: string[];
  isbn13: string | null;
  isbn10: string | null;
  publisher: string | null;
  pageCount: number | null;
  publicationYear: number | null;
  status: ReadingListStatus;
  /** The reader's other shelves (Goodreads Bookshelves, StoryGraph Tags). */
  shelves: string[];
  rating: number | null;
  review: string | null;
  spoiler: boolean;
  /** `YYYY-MM-DD` */
  addedAt: string | null;
  /** Dated reads, oldest first; dates `YYYY-MM-DD`. */
  reads: Array<{ startedAt: string | null; finishedAt: string }>;
  readCount: number;
  ownedCopies: number;
}

export interface ParsedExport {
  source: ImportSource;
  /** `row`: the row's number in the file, the header being row 1 (as a spreadsheet shows it). */
  rows: Array<{ row: number; data: ParsedRow }>;
}

/** The columns without which a file is not an export of that service. */
export const REQUIRED_COLUMNS: Record<ImportSource, string[]> = {
  goodreads: ['Title', 'Author', 'Exclusive Shelf'],
  storygraph: ['Title', 'Authors', 'Read Status'],
};

/** Columns that only one service writes (detection of the source from the header). */
const SIGNATURE: Record<ImportSource, string[]> = {
  goodreads: ['Book Id', 'Exclusive Shelf', 'Author l-f', 'Bookshelves'],
  storygraph: ['Read Status', 'ISBN/UID', 'Star Rating', 'Dates Read'],
};

const EXCLUSIVE: Record<string, ReadingListStatus> = {
  read: 'completed',
  'currently-reading': 'currentlyReading',
  'to-read': 'wantToRead',
  'did-not-finish': 'didNotFinish',
  dnf: 'didNotFinish',
  abandoned: 'didNotFinish',
  paused: 'currentlyReading',
};

const TEXT_MAX = 5000;
const NAME_MAX = 300;

/** Reads the file as UTF-8 text (BOM or not); 400 when it is not text. */
function decode(file: Buffer): string {
  if (file.includes(0)) throw new DetailedValidationError('file', 'imports.notText');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    throw new DetailedValidationError('file', 'imports.notText');
  }
}

/** Every record of the file as arrays of cells (quotes undone, lines CRLF or LF). */
function records(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    throw new DetailedValidationError('file', 'imports.unreadable', { line });
  }
}

/**
 * A cell: padding trimmed, Goodreads' `="…"` spreadsheet quoting undone, and the quote our own export
 * puts before text a spreadsheet would run (`'=…`, `writeCsv`) taken off again.
 */
export function cell(value: string | undefined): string {
  if (value === undefined) return '';
  let text = restoreCsvText(value.trim());
  const formula = /^="(.*)"$/s.exec(text);
  if (formula) text = formula[1]!.trim();
  return text;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** An ISBN cell: the digits (and a final X) of a valid ISBN-10 or ISBN-13, else null for both. */
export function isbnOf(value: string): { isbn10: string | null; isbn13: string | null } {
  const raw = value.replace(/[\s-]/g, '').toUpperCase();
  if (raw.length === 10 && isValidIsbn10(raw)) return { isbn10: raw, isbn13: null };
  if (raw.length === 13 && isValidIsbn13(raw)) return { isbn10: null, isbn13: raw };
  return { isbn10: null, isbn13: null };
}

function int(value: string, min: number, max: number): number | null {
  const number = Number(value.replace(/,/g, ''));
  if (!value || !Number.isFinite(number)) return null;
  const whole = Math.trunc(number);
  return whole < min || whole > max ? null : whole;
}

/** `2019/05/04`, `2019-05-04`, `2019/5/4`, `2019/05` → `YYYY-MM-DD` (a missing day is the 1st); else null. */
export function dateOf(value: string): string | null {
  const match = /^(\d{4})[/-](\d{1,2})(?:[/-](\d{1,2}))?/.exec(value.trim());
  if (!match) return null;
  const [, y, m, d = '1'] = match;
  const iso = `${y}-${m!.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T12:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return null;
  if (date.getTime() > Date.now() + 36 * 60 * 60 * 1000 || Number(y) < 1900) return null;
  return iso;
}

/** Goodreads reviews are HTML-ish (`<br/>`, `<i>`): plain text with line breaks. */
export function plainReview(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[^\S\n]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A shelf name as the shelves keep it (spaces folded, at most 60 characters); null when empty. */
function shelfName(value: string): string | null {
  const name = value.trim().replace(/\s+/g, ' ');
  return name ? name.slice(0, SHELF_LIMITS.nameMax) : null;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Control and bidirectional characters never reach a title or a name. */
function plain(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g, '');
}

function goodreadsRow(get: (column: string) => string): ParsedRow {
  const exclusive = get('Exclusive Shelf').toLowerCase();
  const status = EXCLUSIVE[exclusive] ?? 'wantToRead';
  const known = new Set(['read', 'currently-reading', 'to-read', exclusive]);
  const shelves = splitList(get('Bookshelves'))
    .filter((name) => !known.has(name.toLowerCase()))
    .flatMap((name) => shelfName(name) ?? []);
  // An exclusive shelf of the reader's own (Goodreads allows them) is kept as a shelf too.
  if (!EXCLUSIVE[exclusive] && exclusive) shelves.unshift(shelfName(get('Exclusive Shelf'))!);
  const primary = get('Author') || authorFromLastFirst(get('Author l-f'));
  const authors = [
    ...(primary ? [authorFromLastFirst(primary)] : []),
    ...splitList(get('Additional Authors')),
  ].map((name) => clip(plain(name), NAME_MAX));
  const isbn13 = isbnOf(get('ISBN13'));
  const isbn10 = isbnOf(get('ISBN'));
  const finished = dateOf(get('Date Read'));
  const review = plainReview(get('My Review'));
  return {
    goodreadsId: /^\d{1,12}$/.test(get('Book Id')) ? get('Book Id') : null,
    title: clip(plain(get('Title')), NAME_MAX),
    authors: [...new Set(authors)].slice(0, 10),
    isbn13: isbn13.isbn13 ?? isbn10.isbn13,
    isbn10: isbn10.isbn10 ?? isbn13.isbn10,
    publisher: get('Publisher') ? clip(plain(get('Publisher')), NAME_MAX) : null,
    pageCount: int(get('Number of Pages'), 1, 100_000),
    publicationYear: int(get('Original Publication Year'), 1, 2100) ?? int(get('Year Published'), 1, 2100),
    status,
    shelves: [...new Set(shelves)],
    rating: int(get('My Rating'), 1, 5),
    review: review ? clip(review, TEXT_MAX) : null,
    spoiler: /^(true|yes|1)$/i.test(get('Spoiler')),
    addedAt: dateOf(get('Date Added')),
    reads:
      finished && (status === 'completed' || status === 'didNotFinish')
        ? [{ startedAt: null, finishedAt: finished }]
        : [],
    readCount: int(get('Read Count'), 0, 1000) ?? 0,
    ownedCopies: int(get('Owned Copies'), 0, 1000) ?? 0,
  };
}

/** StoryGraph's Dates Read: `2023/01/10-2023/01/20, 2021/05/01-2021/06/01` (or single dates). */
function storygraphReads(datesRead: string, lastRead: string) {
  const reads: Array<{ startedAt: string | null; finishedAt: string }> = [];
  for (const part of datesRead.split(',')) {
    const dates = part.match(/\d{4}[/-]\d{1,2}(?:[/-]\d{1,2})?/g) ?? [];
    const finishedAt = dates.length ? dateOf(dates[dates.length - 1]!) : null;
    if (!finishedAt) continue;
    const startedAt = dates.length > 1 ? dateOf(dates[0]!) : null;
    reads.push({ startedAt: startedAt && startedAt <= finishedAt ? startedAt : null, finishedAt });
  }
  const last = dateOf(lastRead);
  if (reads.length === 0 && last) reads.push({ startedAt: null, finishedAt: last });
  return reads.sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
}

function storygraphRow(get: (column: string) => string): ParsedRow {
  const status = EXCLUSIVE[get('Read Status').toLowerCase()] ?? 'wantToRead';
  const isbn = isbnOf(get('ISBN/UID'));
  const stars = Number(get('Star Rating'));
  const review = plainReview(get('Review'));
  const ended = status === 'completed' || status === 'didNotFinish';
  return {
    goodreadsId: null,
    title: clip(plain(get('Title')), NAME_MAX),
    authors: [...new Set(splitList(get('Authors')).map((name) => clip(plain(name), NAME_MAX)))].slice(0, 10),
    isbn13: isbn.isbn13,
    isbn10: isbn.isbn10,
    publisher: null,
    pageCount: null,
    publicationYear: null,
    status,
    shelves: [...new Set(splitList(get('Tags')).flatMap((name) => shelfName(name) ?? []))],
    rating: Number.isFinite(stars) && stars > 0 ? Math.min(5, Math.max(1, Math.round(stars))) : null,
    review: review ? clip(review, TEXT_MAX) : null,
    spoiler: false,
    addedAt: dateOf(get('Date Added')),
    reads: ended ? storygraphReads(get('Dates Read'), get('Last Date Read')) : [],
    readCount: int(get('Read Count'), 0, 1000) ?? 0,
    ownedCopies: /^(yes|true|1)$/i.test(get('Owned?')) ? 1 : 0,
  };
}

/**
 * Parses an uploaded export: UTF-8 with or without BOM, CRLF or LF, padded cells, `="…"` ISBNs, both
 * generations of Goodreads' columns (extra ones are ignored), or StoryGraph's. The source is detected
 * from the header unless given. 400 (naming the missing columns) for a file that is not such an
 * export; 400 for an empty file or one past IMPORT_LIMITS.maxRows.
 */
export function parseExport(file: Buffer, chosen?: ImportSource): ParsedExport {
  const all = records(decode(file));
  const header = (all[0] ?? []).map((name) => cell(name));
  const has = (column: string) => header.includes(column);
  const missing = (source: ImportSource) => REQUIRED_COLUMNS[source].filter((column) => !has(column));
  const detected = (['goodreads', 'storygraph'] as const).find(
    (source) => missing(source).length === 0 && SIGNATURE[source].some(has),
  );
  if (chosen && detected && detected !== chosen) {
    const names = { goodreads: 'Goodreads', storygraph: 'StoryGraph' };
    throw new DetailedValidationError('source', 'imports.wrongSource', {
      detected: names[detected],
      chosen: names[chosen],
    });
  }
  const source =
    chosen ??
    detected ??
    (missing('storygraph').length < missing('goodreads').length ? 'storygraph' : 'goodreads');
  const lacking = missing(source);
  if (lacking.length > 0)
    throw new DetailedValidationError('file', 'imports.notAnExport', { columns: lacking.join(', ') });
  const data = all.slice(1);
  if (data.length === 0) throw new DetailedValidationError('file', 'imports.empty');
  if (data.length > IMPORT_LIMITS.maxRows)
    throw new DetailedValidationError('file', 'imports.tooManyRows', { max: IMPORT_LIMITS.maxRows });
  const index = new Map(header.map((name, i) => [name, i] as const));
  const rows = data.map((record, i) => {
    const get = (column: string) => {
      const at = index.get(column);
      return at === undefined ? '' : cell(record[at]);
    };
    return { row: i + 2, data: source === 'goodreads' ? goodreadsRow(get) : storygraphRow(get) };
  });
  return { source, rows };
}

import type { Import } from '@nebab/shared';
import type { TestServer } from './helpers.js';

/**
 * Export files in the real formats, written from the published column lists: Goodreads' library
 * export (today's 24 columns, and the older generation with Recommended For, Condition, BCID…), a
 * hand-edited file with padded cells, and StoryGraph's export. Cells are written the way each service
 * writes them (Goodreads quotes ISBNs as `="0439023483"`).
 */

/** Goodreads' library export columns (2019 on). */
export const GOODREADS_COLUMNS = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Owned Copies',
] as const;

/** The older generation's columns (before Goodreads dropped the owned-books details). */
export const GOODREADS_OLD_COLUMNS = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Recommended For',
  'Recommended By',
  'Owned Copies',
  'Original Purchase Date',
  'Original Purchase Location',
  'Condition',
  'Condition Description',
  'BCID',
] as const;

/** StoryGraph's export columns. */
export const STORYGRAPH_COLUMNS = [
  'Title',
  'Authors',
  'Contributors',
  'ISBN/UID',
  'Format',
  'Read Status',
  'Date Added',
  'Last Date Read',
  'Dates Read',
  'Read Count',
  'Moods',
  'Pace',
  'Character- or Plot-Driven?',
  'Strong Character Development?',
  'Loveable Characters?',
  'Diverse Characters?',
  'Flawed Characters?',
  'Star Rating',
  'Review',
  'Content Warnings',
  'Content Warning Description',
  'Tags',
  'Owned?',
] as const;

export type ExportRow = Record<string, string | number>;

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Goodreads' spreadsheet-proof ISBN cell: `="0439023483"` (or `=""` when none). */
export const isbnCell = (isbn: string | null | undefined) => `="${isbn ?? ''}"`;

export interface CsvOptions {
  bom?: boolean;
  eol?: '\r\n' | '\n';
  /** Hand-edited: spaces around every cell (and the header's). */
  padded?: boolean;
}

/** A CSV file of `rows` under `columns` (missing cells empty). */
export function csvFile(
  columns: readonly string[],
  rows: readonly ExportRow[],
  options: CsvOptions = {},
): Buffer {
  const eol = options.eol ?? '\n';
  const pad = (text: string) => (options.padded ? `  ${text}  ` : text);
  const lines = [columns.map((name) => pad(name)).join(',')];
  for (const row of rows) {
    lines.push(
      columns
        .map((column) => {
          const value = String(row[column] ?? '');
          return options.padded && !/[",\r\n]/.test(value) ? pad(value) : quote(value);
        })
        .join(','),
    );
  }
  const text = `${options.bom ? '\ufeff' : ''}${lines.join(eol)}${eol}`;
  return Buffer.from(text, 'utf8');
}

/** A Goodreads row with Goodreads' defaults (0 rating, empty shelves, read count 0). */
export function goodreadsRow(fields: ExportRow): ExportRow {
  return {
    'My Rating': 0,
    'Average Rating': '4.10',
    Binding: 'Paperback',
    'Read Count': 0,
    'Owned Copies': 0,
    ISBN: isbnCell(null),
    ISBN13: isbnCell(null),
    ...fields,
  };
}

/** A StoryGraph row. */
export function storygraphRow(fields: ExportRow): ExportRow {
  return { Format: 'paperback', 'Read Count': 0, 'Owned?': 'No', ...fields };
}

/** Posts an export to `POST /api/imports` as multipart (`file`, optional `source`, `publicReviews`). */
export async function postImport(
  baseUrl: string,
  token: string,
  file: Buffer,
  fields: { source?: string; publicReviews?: string; fileName?: string; lang?: 'en' | 'am' } = {},
) {
  const form = new FormData();
  if (fields.source) form.append('source', fields.source);
  if (fields.publicReviews) form.append('publicReviews', fields.publicReviews);
  form.append(
    'file',
    new Blob([new Uint8Array(file)], { type: 'text/csv' }),
    fields.fileName ?? 'goodreads_library_export.csv',
  );
  const response = await fetch(`${baseUrl}/api/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(fields.lang ? { 'accept-language': fields.lang } : {}) },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, text };
}

/** Posts an export and polls `GET /api/imports/:id` until the import is done (or failed). */
export async function importAndWait(
  server: Pick<TestServer, 'url' | 'request'>,
  token: string,
  file: Buffer,
  fields: Parameters<typeof postImport>[3] = {},
  timeoutMs = 30_000,
): Promise<Import> {
  const posted = await postImport(server.url, token, file, fields);
  if (posted.status !== 202) throw new Error(`import refused: ${posted.status} ${posted.text}`);
  const id = String(posted.body.id);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await server.request<Import>(`/api/imports/${id}`, { token });
    if (result.status !== 200) throw new Error(`import ${id}: ${result.status} ${result.text}`);
    if (result.body.status === 'done' || result.body.status === 'failed') return result.body;
    if (Date.now() > deadline) throw new Error(`import ${id} not done: ${result.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

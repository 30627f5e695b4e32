/**
 * `npm run bench:imports [-- --rows 1200] [-- --seed 7]`
 *
 * Imports a realistic Goodreads library export over HTTP into a real server on PGlite with the
 * shipped catalogue, and prints the time from upload to done with the counts. The export mixes
 * catalogue books found by Goodreads id (both edition ids), by ISBN-13, by ISBN-10, by title and author
 * (some with typos, some with series suffixes or "Last, First" authors), and books the catalogue lacks;
 * shelves, ratings, reviews, read dates and re-reads as readers have them.
 *
 * Then it finds where the time goes: the same rows applied again for another reader, phase by phase
 * (parse, match, new books, reading list, reviews), outside HTTP.
 * Meanwhile it measures how long a reader's own request (GET /api/imports/:id) waits while the job runs.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Import } from '@nebab/shared';
import { buildApp } from '../apps/server/src/app.js';
import { ensureCatalog } from '../apps/server/src/catalog/ensure-catalog.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { selectRows } from '../apps/server/src/db/sql-helpers.js';
import { titleKey } from '../apps/server/src/modules/books/books.match.js';
import { createBooksMatchRepository } from '../apps/server/src/modules/books/books.match.repository.js';
import { createBookMatchService } from '../apps/server/src/modules/books/books.match.service.js';
import { parseExport } from '../apps/server/src/modules/imports/imports.parse.js';
import { importEntries } from '../apps/server/src/modules/reading-list/reading-list.import.js';
import { createReadingListImportRepository } from '../apps/server/src/modules/reading-list/reading-list.import.repository.js';
import { createReviewsImportRepository } from '../apps/server/src/modules/reviews/reviews.import.repository.js';
import {
  csvFile,
  GOODREADS_COLUMNS,
  goodreadsRow,
  isbnCell,
  type ExportRow,
} from '../apps/server/test/import-fixtures.js';
import { freePort } from '../apps/server/test/helpers.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const ROWS = Number(arg('rows') ?? 1200);
let seed = Number(arg('seed') ?? 7);
/** A small deterministic generator (mulberry32), so runs compare. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

interface CatalogueBook {
  id: string;
  title: string;
  series: string | null;
  series_number: string | null;
  authors: string[];
  isbn10: string | null;
  isbn13: string | null;
  goodreads_id: string | null;
  goodreads_best_id: string | null;
  page_count: number | null;
  publication_year: number | null;
}

const ADJECTIVES = [
  'Silent',
  'Crimson',
  'Hidden',
  'Broken',
  'Golden',
  'Lost',
  'Secret',
  'Wild',
  'Forgotten',
  'Burning',
  'Quiet',
  'Distant',
  'Sacred',
  'Painted',
  'Bitter',
  'Gentle',
];
const NOUNS = [
  'River',
  'Garden',
  'Kingdom',
  'Harbor',
  'Mountain',
  'Letter',
  'Orchard',
  'Lantern',
  'Highway',
  'Market',
  'Island',
  'Library',
  'Valley',
  'Tower',
  'Compass',
  'Meadow',
];
const PLACES = [
  'Addis',
  'Gondar',
  'Lalibela',
  'Harar',
  'Axum',
  'Bahir Dar',
  'Lisbon',
  'Oaxaca',
  'Kyoto',
  'Tbilisi',
  'Dakar',
  'Galway',
];
const FIRST = [
  'Hanna',
  'Dawit',
  'Meron',
  'Samuel',
  'Ruth',
  'Yonas',
  'Lucia',
  'Tomas',
  'Aiko',
  'Nadia',
  'Omar',
  'Elena',
  'Kofi',
  'Mira',
];
const LAST = [
  'Bekele',
  'Haile',
  'Tesfaye',
  'Gebre',
  'Alemu',
  'Moreau',
  'Okafor',
  'Lindqvist',
  'Santos',
  'Novak',
  'Ishikawa',
  'Quinn',
];
const SHELVES = [
  'favorites',
  'book-club',
  'owned',
  'kindle',
  'audiobooks',
  'classics',
  'ethiopia',
  'summer-2023',
  'reread',
];

function typo(text: string): string {
  const words = text.split(' ');
  const i = words.findIndex((word) => word.length >= 6);
  if (i === -1) return text;
  const word = words[i]!;
  const at = 2 + Math.floor(random() * (word.length - 4));
  words[i] = word.slice(0, at) + word.slice(at + 1);
  return words.join(' ');
}

const day = (year: number) =>
  `${year}/${String(1 + Math.floor(random() * 12)).padStart(2, '0')}/${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;

/** The reader's own facts of a row: shelf, dates, rating, review, re-reads, copies. */
function readerFacts(): ExportRow {
  const roll = random();
  const shelf =
    roll < 0.55 ? 'read' : roll < 0.65 ? 'currently-reading' : roll < 0.95 ? 'to-read' : 'did-not-finish';
  const addedYear = 2012 + Math.floor(random() * 12);
  const shelves = SHELVES.filter(() => random() < 0.12);
  const rated = shelf === 'read' && random() < 0.8;
  return {
    'Exclusive Shelf': shelf,
    'Date Added': day(addedYear),
    'Date Read':
      shelf === 'read' || shelf === 'did-not-finish'
        ? random() < 0.85
          ? day(Math.min(2025, addedYear + 1))
          : ''
        : '',
    'My Rating': rated ? 1 + Math.floor(random() * 5) : 0,
    'My Review':
      rated && random() < 0.25
        ? `${pick(ADJECTIVES)} and ${pick(ADJECTIVES).toLowerCase()}.<br/><br/>Would read again.`
        : '',
    Bookshelves: [shelf, ...shelves].join(', '),
    'Read Count': shelf === 'read' ? (random() < 0.1 ? 2 : 1) : 0,
    'Owned Copies': random() < 0.2 ? 1 : 0,
  };
}

function catalogueRow(
  book: CatalogueBook,
  how: 'id' | 'best' | 'isbn13' | 'isbn10' | 'title' | 'typo',
): ExportRow {
  const author = book.authors[0] ?? '';
  const words = author.split(' ');
  const title = book.series ? `${book.title} (${book.series}, #${book.series_number ?? 1})` : book.title;
  return goodreadsRow({
    'Book Id':
      how === 'id'
        ? book.goodreads_id!
        : how === 'best'
          ? book.goodreads_best_id!
          : String(90_000_000 + Math.floor(random() * 9_000_000)),
    Title: how === 'typo' ? typo(book.title) : title,
    Author: how === 'title' && random() < 0.5 ? '' : author,
    'Author l-f': words.length > 1 ? `${words.at(-1)}, ${words.slice(0, -1).join(' ')}` : author,
    'Additional Authors': book.authors.slice(1).join(', '),
    ISBN: isbnCell(how === 'id' || how === 'isbn10' ? book.isbn10 : null),
    ISBN13: isbnCell(how === 'id' || how === 'isbn13' ? book.isbn13 : null),
    'Number of Pages': book.page_count ?? '',
    'Original Publication Year': book.publication_year ?? '',
    ...readerFacts(),
  });
}

const unknownTitles = new Set<string>();

function unknownRow(i: number): ExportRow {
  const first = pick(FIRST);
  const last = pick(LAST);
  let title = '';
  do title = `The ${pick(ADJECTIVES)} ${pick(NOUNS)} of ${pick(PLACES)}`;
  while (unknownTitles.has(title));
  unknownTitles.add(title);
  return goodreadsRow({
    'Book Id': String(70_000_000 + i),
    Title: `${title}${random() < 0.2 ? ` (${pick(NOUNS)} Chronicles, #${1 + (i % 4)})` : ''}`,
    Author: `${first} ${last}`,
    'Author l-f': `${last}, ${first}`,
    Publisher: `${pick(PLACES)} Press`,
    'Number of Pages': 120 + Math.floor(random() * 500),
    'Year Published': 1990 + Math.floor(random() * 35),
    ...readerFacts(),
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const started = performance.now();
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const config = loadConfig({ LOG_LEVEL: 'warn' });
  const catalogue = await ensureCatalog(database.db, config);
  console.log(
    `catalogue: ${catalogue.counts?.total ?? '?'} books imported into PGlite in ${(catalogue.ms / 1000).toFixed(1)} s`,
  );

  const all = await selectRows<CatalogueBook>(
    database.db,
    sql`SELECT id, title, series, series_number, authors, isbn10, isbn13, goodreads_id, goodreads_best_id, page_count, publication_year
        FROM books WHERE source = 'goodbooks' AND status = 'active' ORDER BY id`,
  );
  const usedKeys = new Set<string>();
  const take = (filter: (book: CatalogueBook) => boolean) => {
    for (let tries = 0; tries < 10_000; tries += 1) {
      const book = pick(all);
      const key = titleKey(book.title);
      if (!filter(book) || usedKeys.has(key)) continue;
      usedKeys.add(key);
      return book;
    }
    throw new Error('no book left');
  };
  // Mix: 45% by Goodreads id (a few by the "best edition" id), 15% ISBN-13, 5% ISBN-10, 10% title,
  // 5% title with a typo, 20% books the catalogue lacks.
  const mix: Array<[number, () => ExportRow]> = [
    [
      0.43,
      () =>
        catalogueRow(
          take((b) => Boolean(b.goodreads_id)),
          'id',
        ),
    ],
    [
      0.02,
      () =>
        catalogueRow(
          take((b) => Boolean(b.goodreads_best_id) && b.goodreads_best_id !== b.goodreads_id),
          'best',
        ),
    ],
    [
      0.15,
      () =>
        catalogueRow(
          take((b) => Boolean(b.isbn13)),
          'isbn13',
        ),
    ],
    [
      0.05,
      () =>
        catalogueRow(
          take((b) => Boolean(b.isbn10)),
          'isbn10',
        ),
    ],
    [
      0.1,
      () =>
        catalogueRow(
          take((b) => b.authors.length > 0),
          'title',
        ),
    ],
    [
      0.05,
      () =>
        catalogueRow(
          take((b) => b.authors.length > 0 && /\w{6,}/.test(b.title)),
          'typo',
        ),
    ],
  ];
  const rows: ExportRow[] = [];
  for (const [share, make] of mix) for (let i = 0; i < Math.round(share * ROWS); i += 1) rows.push(make());
  for (let i = rows.length; i < ROWS; i += 1) rows.push(unknownRow(i));
  rows.sort(() => random() - 0.5);
  const file = csvFile(GOODREADS_COLUMNS, rows, { eol: '\n' });
  console.log(`export: ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KiB`);

  const port = await freePort();
  const app = await buildApp(
    {
      ...config,
      port,
      host: '127.0.0.1',
      publicUrl: `http://127.0.0.1:${port}`,
      catalogAutoImport: false,
      dataDir: path.join(os.tmpdir(), 'nebab-bench-imports'),
      webDist: path.join(os.tmpdir(), 'nebab-bench-no-client'),
    },
    { database },
  );
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const signup = async (name: string) => {
    const response = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: name,
        email: `${name.toLowerCase()}-${Date.now()}@example.org`,
        password: 'Secret@2024',
        confirmPassword: 'Secret@2024',
      }),
    });
    return ((await response.json()) as { token: string }).token;
  };
  const token = await signup('Bench');

  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'goodreads_library_export.csv');
  const t0 = performance.now();
  const posted = await fetch(`${base}/api/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { id } = (await posted.json()) as { id: string };
  const accepted = performance.now() - t0;
  const waits: number[] = [];
  let view: Import;
  for (;;) {
    const asked = performance.now();
    view = (await (
      await fetch(`${base}/api/imports/${id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Import;
    waits.push(performance.now() - asked);
    if (view.status === 'done' || view.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const total = performance.now() - t0;
  console.log(
    `\nimport over HTTP: ${(total / 1000).toFixed(2)} s from upload to done (upload answered 202 in ${accepted.toFixed(0)} ms); ` +
      `${(ROWS / (total / 1000)).toFixed(0)} rows/s`,
  );
  console.log(
    `  status ${view.status}: total ${view.total}, matched ${view.matched}, created ${view.created}, skipped ${view.skipped}`,
  );
  const titles = parseExport(file).rows;
  const titleOf = (row: number) => {
    const data = titles.find((item) => item.row === row)?.data;
    return data ? `“${data.title}” by ${data.authors[0] ?? '?'}` : '?';
  };
  for (const error of view.errors.slice(0, 5)) {
    const first = /row (\d+)/.exec(error.message)?.[1];
    console.log(
      `  skipped row ${error.row} ${titleOf(error.row)}: ${error.message}${first ? ` ${titleOf(Number(first))}` : ''}`,
    );
  }
  console.log(
    `  the reader's GET /api/imports/:id meanwhile: p50 ${percentile(waits, 50).toFixed(0)} ms, p95 ${percentile(waits, 95).toFixed(0)} ms, max ${Math.max(...waits).toFixed(0)} ms (${waits.length} requests)`,
  );

  // Where the time goes: the same rows for another reader, phase by phase, outside HTTP.
  await signup('Profile');
  const [{ id: userId } = { id: '' }] = await selectRows<{ id: string }>(
    database.db,
    sql`SELECT user_id AS id FROM sessions ORDER BY created_at DESC LIMIT 1`,
  );
  const phases = { parse: 0, match: 0, newBooks: 0, readingList: 0, reviews: 0, commit: 0 };
  let at = performance.now();
  const parsed = parseExport(file);
  phases.parse = performance.now() - at;
  const match = createBookMatchService({ match: createBooksMatchRepository(database.db) });
  const listRepo = createReadingListImportRepository(database.db);
  const reviewsRepo = createReviewsImportRepository(database.db);
  const matchedVia: Record<string, number> = {};
  for (let i = 0; i < parsed.rows.length; i += 100) {
    const batch = parsed.rows.slice(i, i + 100).filter(({ data }) => titleKey(data.title));
    await database.db.transaction(async (tx) => {
      at = performance.now();
      const found = await match.match(
        batch.map(({ data }) => ({ ...data })),
        tx,
      );
      phases.match += performance.now() - at;
      for (const m of found) matchedVia[m?.via ?? 'none'] = (matchedVia[m?.via ?? 'none'] ?? 0) + 1;
      at = performance.now();
      const fresh = batch
        .filter((_, j) => !found[j])
        .map(({ data }) => ({
          ...data,
          goodreadsId: null,
          isbn13: null,
          isbn10: null,
          title: `${data.title} (profile copy)`,
        }));
      const ids = await match.addReaderBooks(userId, fresh, tx);
      phases.newBooks += performance.now() - at;
      let k = 0;
      const bookIds = found.map((m) => m?.bookId ?? ids[k++]!);
      at = performance.now();
      const seen = new Set<string>();
      await importEntries(
        listRepo,
        userId,
        batch.flatMap(({ data }, j) => {
          if (seen.has(bookIds[j]!)) return [];
          seen.add(bookIds[j]!);
          return [
            {
              bookId: bookIds[j]!,
              status: data.status,
              addedAt: data.addedAt ? new Date(`${data.addedAt}T12:00:00Z`) : null,
              reads: data.reads.map((r) => ({
                startedAt: null,
                finishedAt: new Date(`${r.finishedAt}T12:00:00Z`),
              })),
              readCount: data.readCount,
              ownedCopies: data.ownedCopies,
              shelves: data.shelves,
            },
          ];
        }),
        tx,
      );
      phases.readingList += performance.now() - at;
      at = performance.now();
      const rated = new Set<string>();
      await reviewsRepo.importReviews(
        userId,
        batch.flatMap(({ data }, j) => {
          if (data.rating === null || rated.has(bookIds[j]!)) return [];
          rated.add(bookIds[j]!);
          return [
            {
              bookId: bookIds[j]!,
              rating: data.rating,
              comment: data.review ?? '',
              spoiler: false,
              visibility: 'private' as const,
              writtenAt: null,
            },
          ];
        }),
        tx,
      );
      phases.reviews += performance.now() - at;
      at = performance.now();
    });
    phases.commit += performance.now() - at;
  }
  console.log('\nwhere the time goes (the same rows again, no HTTP, batches of 100):');
  for (const [name, ms] of Object.entries(phases))
    console.log(`  ${name.padEnd(12)} ${(ms / 1000).toFixed(2)} s`);
  console.log(
    `  matched by: ${Object.entries(matchedVia)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(
    `\n(whole bench ${((performance.now() - started) / 1000) | 0} s; Node ${process.version}, ${os.cpus().length} cores)`,
  );
  await app.close();
  await database.close();
}

await main();

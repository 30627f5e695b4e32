/**
 * `npm run bench:search [-- --rounds 5] [-- --seconds 20] [-- --clients 20]
 *                       [-- --books 1000000 [--pg postgres://postgres@127.0.0.1:5432/postgres]]`
 *
 * Search as readers meet it, by class of query (plain words, typos, ISBNs, Ge'ez, Latin-typed Amharic,
 * with filters; and typeahead), measured twice:
 * 1. around the service (catalogue-search service → repository → database; no HTTP), in this process;
 * 2. over HTTP against the real server (`apps/server/src/server.ts` in its own process: request
 *    logging, compression, validation, presenters — everything a reader's request goes through),
 *    at one client (each query in turn, `--rounds` times) and at `--clients` concurrent clients for
 *    `--seconds` (each sends its next search as soon as the last one answered).
 * Prints p50/p95/p99 per class and searches per second.
 *
 * Default: PGlite with the shipped catalogue (12,538 books), imported into a temp data folder that
 * the server then opens. With --books N: a fresh database `nebab_bench_<random>` on the PostgreSQL
 * server of --pg, the shipped catalogue imported, then synthetic books up to N generated in SQL
 * (generate_series over vocabulary arrays; indexes and search's vocabulary built after the load, then
 * VACUUM ANALYZE as autovacuum would do after such an insert); the database is dropped at the end.
 * --keep keeps it (its name is printed), --reuse <name> measures a kept one again.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { searchQuerySchema, type SearchQueryInput } from '@nebab/shared';
import { ensureCatalog } from '../apps/server/src/catalog/ensure-catalog.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { createCatalogueSearch } from '../apps/server/src/modules/catalogue-search/search.service.js';
import { createCatalogImportRepository } from '../apps/server/src/catalog/catalog.repository.js';
import { percentile } from './lib/cluster-bench.js';
import { startServer, stopServer, waitForServer } from './lib/server.js';
import { QUERY_CLASSES, SEARCH_CLASSES, SUGGEST, type QueryClass } from './queries.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const books = Number(arg('books') ?? 0);
const reuse = arg('reuse');
/** A synthetic catalogue needs PostgreSQL: --books (or --reuse) without --pg uses the local server. */
const pgUrl = arg('pg') ?? (books > 0 || reuse ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
const rounds = Number(arg('rounds') ?? 5);
const seconds = Number(arg('seconds') ?? 20);
const clients = Number(arg('clients') ?? 20);
const port = Number(process.env.BENCH_PORT ?? 4591);
/** Keep the generated database (prints its name) / reuse one kept before: for tuning runs. */
const keep = process.argv.includes('--keep');

const ENGLISH = {
  adjectives: [
    'Silent',
    'Crimson',
    'Hidden',
    'Last',
    'Broken',
    'Golden',
    'Lost',
    'Secret',
    'Dark',
    'Bright',
    'Wild',
    'Forgotten',
    'Burning',
    'Frozen',
    'Little',
    'Great',
    'Quiet',
    'Endless',
    'Distant',
    'Sacred',
    'Wandering',
    'Shattered',
    'Midnight',
    'Iron',
    'Velvet',
    'Hollow',
    'Painted',
    'Bitter',
    'Gentle',
    'Savage',
  ],
  nouns: [
    'River',
    'Garden',
    'Kingdom',
    'Shadow',
    'Dragon',
    'House',
    'Night',
    'Winter',
    'Island',
    'Mountain',
    'Letter',
    'Daughter',
    'Soldier',
    'Witch',
    'Ocean',
    'City',
    'Crown',
    'Storm',
    'Mirror',
    'Forest',
    'Star',
    'Road',
    'Empire',
    'Promise',
    'Murder',
    'Secret',
    'Journey',
    'War',
    'Love',
    'Memory',
    'Machine',
    'Planet',
    'Song',
    'Bridge',
    'Fire',
  ],
  places: [
    'Avalon',
    'the North',
    'Paris',
    'the Sea',
    'Addis Ababa',
    'the Valley',
    'London',
    'Mars',
    'the Desert',
    'Gondar',
    'Harar',
    'the Moon',
    'Rome',
    'Kyoto',
    'the Highlands',
  ],
  first: [
    'James',
    'Mary',
    'John',
    'Patricia',
    'Robert',
    'Jennifer',
    'Michael',
    'Linda',
    'David',
    'Elizabeth',
    'Sarah',
    'Thomas',
    'Karen',
    'Daniel',
    'Nancy',
    'Chris',
    'Anna',
    'Peter',
    'Laura',
    'Samuel',
    'Abebe',
    'Tigist',
    'Haile',
    'Meron',
    'Dawit',
  ],
  last: [
    'Smith',
    'Johnson',
    'Williams',
    'Brown',
    'Jones',
    'Miller',
    'Davis',
    'Wilson',
    'Anderson',
    'Taylor',
    'Thomas',
    'Moore',
    'Martin',
    'Jackson',
    'White',
    'Harris',
    'Clark',
    'Lewis',
    'Walker',
    'Hall',
    'Tesfaye',
    'Bekele',
    'Girma',
    'Alemu',
    'Haile',
  ],
};
const AMHARIC = {
  words: [
    'ፍቅር',
    'ታሪክ',
    'ሕይወት',
    'ልጆች',
    'ሀገር',
    'ጉዞ',
    'ትዝታ',
    'ምስጢር',
    'ዘመን',
    'እናት',
    'ሰላም',
    'ብርሃን',
    'ተስፋ',
    'መንገድ',
    'ቤት',
    'ወንዝ',
    'ተራራ',
    'ጦርነት',
    'ልብ',
    'ዓለም',
  ],
  authors: ['አበበ ከበደ', 'ሀይሉ ገብሬ', 'ትግስት ታደሰ', 'መሰረት አለሙ', 'ዳዊት ተስፋዬ', 'ሰላማዊት ግርማ', 'ዮሐንስ በቀለ', 'ማርታ ኃይሌ'],
};
const GENRES = [
  'fiction',
  'fantasy',
  'romance',
  'mystery',
  'thriller',
  'history',
  'science-fiction',
  'young-adult',
  'children',
  'biography',
  'classics',
  'nonfiction',
  'poetry',
  'horror',
  'self-help',
];

const lit = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

async function generateSynthetic(database: Database, total: number): Promise<void> {
  const pool = database.pool!;
  const [{ n: existing }] = (await pool.query('select count(*)::int as n from books')).rows as [
    { n: number },
  ];
  const count = total - existing;
  if (count <= 0) return;
  const started = performance.now();
  const indexes = (
    await pool.query(
      `select indexname, indexdef from pg_indexes where tablename = 'books' and indexname <> 'books_pkey'`,
    )
  ).rows as Array<{ indexname: string; indexdef: string }>;
  for (const index of indexes) await pool.query(`DROP INDEX ${index.indexname}`);
  const client = await pool.connect();
  try {
    // Search's vocabulary is counted once after the load (its trigger would count every row).
    await client.query(`SET nebab.search_terms_bulk = 'on'`);
    const chunk = 250_000;
    for (let from = 1; from <= count; from += chunk) {
      const to = Math.min(count, from + chunk - 1);
      // Pseudo-random picks from the vocabularies with multiplicative hashes of the row number.
      await client.query(`
        WITH v AS (SELECT ${lit(ENGLISH.adjectives)} adj, ${lit(ENGLISH.nouns)} noun, ${lit(ENGLISH.places)} place,
                          ${lit(ENGLISH.first)} first, ${lit(ENGLISH.last)} last, ${lit(AMHARIC.words)} am,
                          ${lit(AMHARIC.authors)} amauth, ${lit(GENRES)} genre)
        INSERT INTO books (id, source, title, authors, primary_author, genres, publication_year, publication_date,
                           page_count, language, rating, ratings_count, want_to_read_count)
        SELECT 'syn-' || g, 'synthetic',
          CASE WHEN g % 10 = 0
            THEN am[1 + (g * 7) % 20] || ' ' || am[1 + (g * 13) % 20] || ' ' || am[1 + (g / 20) % 20]
            ELSE CASE (g % 3)
              WHEN 0 THEN 'The ' || adj[1 + (g * 7) % 30] || ' ' || noun[1 + (g * 11) % 35]
              WHEN 1 THEN noun[1 + (g * 13) % 35] || ' of ' || place[1 + (g * 17) % 15]
              ELSE 'The ' || noun[1 + (g * 19) % 35] || ' and the ' || adj[1 + (g * 23) % 30] || ' ' || noun[1 + (g * 29) % 35]
            END || CASE WHEN g % 7 = 0 THEN ' ' || (1 + g % 12)::text ELSE '' END
          END,
          ARRAY[CASE WHEN g % 10 = 0 THEN amauth[1 + (g * 3) % 8] ELSE first[1 + (g * 31) % 25] || ' ' || last[1 + (g * 37) % 25] END],
          CASE WHEN g % 10 = 0 THEN amauth[1 + (g * 3) % 8] ELSE first[1 + (g * 31) % 25] || ' ' || last[1 + (g * 37) % 25] END,
          ARRAY[genre[1 + (g * 41) % 15], genre[1 + (g * 43) % 15]],
          1900 + (g * 47) % 126, (1900 + (g * 47) % 126)::text,
          60 + (g * 53) % 900, CASE WHEN g % 10 = 0 THEN 'am' ELSE 'en' END,
          round((2.5 + ((g * 59) % 250) / 100.0)::numeric, 2)::real,
          ((g * 61) % 1000) * ((g * 67) % 100), (g * 71) % 500
        FROM generate_series(${from}, ${to}) g, v`);
      process.stdout.write(`  generated ${to.toLocaleString()} / ${count.toLocaleString()}\r`);
    }
    await client.query(`RESET nebab.search_terms_bulk`);
  } finally {
    client.release();
  }
  await pool.query(`SET maintenance_work_mem = '512MB'`);
  for (const index of indexes) await pool.query(index.indexdef);
  await createCatalogImportRepository(database.db).recountSearchTerms();
  // Sets the visibility map too (index-only scans), as autovacuum does after a large insert.
  await pool.query('VACUUM ANALYZE books');
  await pool.query('VACUUM ANALYZE search_terms');
  console.log(
    `\n  ${count.toLocaleString()} synthetic books + indexes + vocabulary in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

type Kind = QueryClass | 'typeahead';
const KINDS: readonly Kind[] = [...QUERY_CLASSES, 'typeahead'];

/** Latencies per kind, and the figures of one kind as a line. */
class Timings {
  private readonly samples = new Map<Kind, number[]>();
  add(kind: Kind, ms: number): void {
    let list = this.samples.get(kind);
    if (!list) this.samples.set(kind, (list = []));
    list.push(ms);
  }
  count(kind?: Kind): number {
    if (kind) return this.samples.get(kind)?.length ?? 0;
    let total = 0;
    for (const list of this.samples.values()) total += list.length;
    return total;
  }
  print(title: string, perSecond?: (kind: Kind) => number): void {
    console.log(`\n${title}`);
    console.log(
      `  ${'class'.padEnd(14)}${'n'.padStart(7)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${perSecond ? '  per s'.padStart(9) : ''}`,
    );
    for (const kind of KINDS) {
      const sorted = [...(this.samples.get(kind) ?? [])].sort((a, b) => a - b);
      if (sorted.length === 0) continue;
      const line = `  ${kind.padEnd(14)}${String(sorted.length).padStart(7)}${percentile(sorted, 50).toFixed(1).padStart(9)}${percentile(sorted, 95).toFixed(1).padStart(9)}${percentile(sorted, 99).toFixed(1).padStart(9)}`;
      console.log(perSecond ? `${line}${perSecond(kind).toFixed(1).padStart(9)}` : line);
    }
  }
}

/** Every (kind, request) of a round: the searches of each class, then the typeahead inputs. */
function requests(): Array<{ kind: Kind; query?: SearchQueryInput; suggest?: string }> {
  return [
    ...QUERY_CLASSES.flatMap((kind) => SEARCH_CLASSES[kind].map((query) => ({ kind, query }))),
    ...SUGGEST.map((suggest) => ({ kind: 'typeahead' as const, suggest })),
  ];
}

function searchPath(query: SearchQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `/api/search?${params.toString()}`;
}

async function aroundTheService(database: Database): Promise<void> {
  const { service, vocabulary } = createCatalogueSearch(database);
  await vocabulary.ready();
  const timings = new Timings();
  for (let round = 0; round <= rounds; round += 1) {
    for (const request of requests()) {
      const t = performance.now();
      if (request.query) await service.search(searchQuerySchema.parse(request.query));
      else await service.suggest(request.suggest);
      if (round > 0) timings.add(request.kind, performance.now() - t); // round 0 warms the caches
    }
  }
  timings.print(`Around the service (no HTTP), ${rounds} rounds:`);
}

async function overHttp(base: string): Promise<void> {
  const pool = new Pool(base, { connections: Math.max(clients, 1), pipelining: 1 });
  let failures = 0;
  const send = async (request: { query?: SearchQueryInput; suggest?: string }) => {
    const response = await pool.request({
      method: 'GET',
      path: request.query
        ? searchPath(request.query)
        : `/api/search/suggest?q=${encodeURIComponent(request.suggest!)}`,
      headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'en' },
    });
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) failures += 1;
  };
  const all = requests();
  const single = new Timings();
  for (let round = 0; round <= rounds; round += 1) {
    for (const request of all) {
      const t = performance.now();
      await send(request);
      if (round > 0) single.add(request.kind, performance.now() - t);
    }
  }
  single.print(
    `Over HTTP, 1 client, ${rounds} rounds (the server logs every request, compresses every answer):`,
  );

  // Concurrent readers: each searches again as soon as it has its answer, through the classes in turn.
  const searches = all.filter((request) => request.query);
  const busy = new Timings();
  const until = performance.now() + seconds * 1000;
  let started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let next = client * 7;
      while (performance.now() < until) {
        const request = searches[next++ % searches.length]!;
        const t = performance.now();
        await send(request);
        busy.add(request.kind, performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  busy.print(
    `Over HTTP, ${clients} concurrent clients for ${seconds} s: ${(busy.count() / elapsed).toFixed(1)} searches/s in all`,
    (kind) => busy.count(kind) / elapsed,
  );
  // Typeahead alone at the same concurrency (readers typing).
  const typing = new Timings();
  const typeUntil = performance.now() + Math.min(seconds, 10) * 1000;
  started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let next = client * 3;
      while (performance.now() < typeUntil) {
        const suggest = SUGGEST[next++ % SUGGEST.length]!;
        const t = performance.now();
        await send({ suggest });
        typing.add('typeahead', performance.now() - t);
      }
    }),
  );
  const typingElapsed = (performance.now() - started) / 1000;
  typing.print(
    `Typeahead over HTTP, ${clients} concurrent clients for ${Math.min(seconds, 10)} s:`,
    (kind) => typing.count(kind) / typingElapsed,
  );
  if (failures > 0) console.log(`\n${failures} requests did not answer 200`);
  await pool.close();
}

async function main() {
  const config = { ...loadConfig({}), catalogEthiopianShopContent: false };
  let database: Database;
  let serverEnv: Record<string, string>;
  let cleanup: () => Promise<void> = async () => {};
  if (pgUrl) {
    const name = reuse ?? `nebab_bench_${randomBytes(4).toString('hex')}`;
    if (!reuse) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
    }
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 4 });
    serverEnv = {
      DATABASE_URL: url.href,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'nebab-bench-search-')),
    };
    cleanup = async () => {
      rmSync(serverEnv.DATA_DIR!, { recursive: true, force: true });
      if (keep) {
        console.log(`kept database ${name} (rerun with --reuse ${name}; drop it when done)`);
        return;
      }
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    };
    console.log(`PostgreSQL database ${name}`);
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nebab-bench-search-'));
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    serverEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    console.log('PGlite (a temp data folder)');
  }
  let server: ChildProcess | undefined;
  try {
    await migrateDatabase(database);
    const imported = await ensureCatalog(database.db, config);
    console.log(`  shipped catalogue ${imported.action} in ${imported.ms} ms`);
    if (books > 0) {
      if (!database.pool) throw new Error('--books needs --pg');
      await generateSynthetic(database, books);
    }
    const [{ n }] = (
      (await database.db.execute(
        (await import('drizzle-orm')).sql`select count(*)::int as n from books`,
      )) as unknown as { rows: [{ n: number }] }
    ).rows;
    console.log(
      `${Number(n).toLocaleString()} books; ${os.cpus().length} cores, Node ${process.version}, load average ${os
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
    );
    await aroundTheService(database);
    // PGlite allows one process per data folder: the server opens it next.
    await database.close();
    server = startServer(port, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', ...serverEnv });
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(base);
    await overHttp(base);
    console.log(
      `\nload average after: ${os
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    if (server) await stopServer(server);
    await database.close().catch(() => undefined);
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

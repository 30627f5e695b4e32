/**
 * `npm run bench:search [-- --iterations 10] [-- --books 1000000 [--pg postgres://postgres@127.0.0.1:5432/postgres]]`
 *
 * Server-side time of the typeahead (suggest) and of the full search, measured around the service
 * functions (books.service → repository → database; no HTTP), over ~40 realistic queries: English,
 * typos, prefixes, Ge'ez, and with filters. Prints p50/p95/max in ms.
 *
 * Default: in-memory PGlite with the shipped catalogue (12,538 books) imported first.
 * With --books N: a fresh database `nebab_bench_<random>` on the PostgreSQL server of --pg (default
 * postgres://postgres@127.0.0.1:5432/postgres; PGlite would be far too slow to generate a million
 * books), the shipped catalogue imported, then synthetic books up to N generated in SQL
 * (generate_series over vocabulary arrays, indexes built after the load, then VACUUM ANALYZE as
 * autovacuum would do after such an insert); the database is dropped at the end.
 * --keep keeps it (its name is printed), --reuse <name> measures a kept one again.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { searchQuerySchema } from '@nebab/shared';
import { ensureCatalog } from '../apps/server/src/catalog/ensure-catalog.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { createSearchRepository } from '../apps/server/src/modules/catalogue-search/search.repository.js';
import { createSearchService } from '../apps/server/src/modules/catalogue-search/search.service.js';
import { createSearchTermsRepository } from '../apps/server/src/modules/catalogue-search/search-terms.repository.js';
import { Vocabulary } from '../apps/server/src/modules/catalogue-search/vocabulary.js';
import { SEARCH, SUGGEST } from './queries.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const books = Number(arg('books') ?? 0);
const reuse = arg('reuse');
/** A synthetic catalogue needs PostgreSQL: --books (or --reuse) without --pg uses the local server. */
const pgUrl = arg('pg') ?? (books > 0 || reuse ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
const iterations = Number(arg('iterations') ?? 10);
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
  const chunk = 250_000;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    // Pseudo-random picks from the vocabularies with multiplicative hashes of the row number.
    await pool.query(`
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
  await pool.query(`SET maintenance_work_mem = '512MB'`);
  for (const index of indexes) await pool.query(index.indexdef);
  // Sets the visibility map too (index-only scans), as autovacuum does after a large insert.
  await pool.query('VACUUM ANALYZE books');
  console.log(
    `\n  ${count.toLocaleString()} synthetic books + indexes in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(name: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(8)} n=${String(sorted.length).padEnd(5)} p50 ${percentile(sorted, 50).toFixed(1)} ms   p95 ${percentile(sorted, 95).toFixed(1)} ms   max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
}

async function main() {
  const config = { ...loadConfig({}), catalogEthiopianShopContent: false };
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
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
    drop = async () => {
      await database.close();
      if (keep) {
        console.log(`kept database ${name} (rerun with --reuse ${name}; drop it when done)`);
        return;
      }
      const cleanup = new pg.Client({ connectionString: pgUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    };
    console.log(`PostgreSQL database ${name}`);
  } else {
    database = await openDatabase({ kind: 'pglite' });
    console.log('PGlite (in memory)');
  }
  try {
    await migrateDatabase(database);
    const imported = await ensureCatalog(database.db, config);
    console.log(`  shipped catalogue imported in ${imported.ms} ms`);
    if (books > 0) {
      if (!database.pool) throw new Error('--books needs --pg');
      await generateSynthetic(database, books);
    }
    const service = createSearchService({
      search: createSearchRepository(database.db),
      vocabulary: new Vocabulary(createSearchTermsRepository(database.db)),
    });
    const searches = SEARCH.map((input) => searchQuerySchema.parse(input));
    const suggestTimes: number[] = [];
    const searchTimes: number[] = [];
    const slow = new Map<string, number>();
    for (let round = 0; round <= iterations; round += 1) {
      for (const q of SUGGEST) {
        const t = performance.now();
        await service.suggest(q);
        const ms = performance.now() - t;
        if (round > 0) suggestTimes.push(ms);
        if (round > 0) slow.set(`suggest ${q}`, Math.max(slow.get(`suggest ${q}`) ?? 0, ms));
      }
      for (const [i, query] of searches.entries()) {
        const t = performance.now();
        await service.search(query);
        const ms = performance.now() - t;
        if (round > 0) searchTimes.push(ms); // round 0 warms the caches
        if (round > 0)
          slow.set(
            `search ${JSON.stringify(SEARCH[i])}`,
            Math.max(slow.get(`search ${JSON.stringify(SEARCH[i])}`) ?? 0, ms),
          );
      }
    }
    const [{ n }] = (
      (await database.db.execute(
        (await import('drizzle-orm')).sql`select count(*)::int as n from books`,
      )) as unknown as { rows: [{ n: number }] }
    ).rows;
    console.log(
      `\n${Number(n).toLocaleString()} books, ${iterations} rounds (service functions, server side, no HTTP):`,
    );
    report('suggest', suggestTimes);
    report('search', searchTimes);
    for (const kind of ['suggest', 'search']) {
      console.log(`slowest ${kind} queries (max ms):`);
      for (const [name, ms] of [...slow.entries()]
        .filter(([key]) => key.startsWith(kind))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5))
        console.log(`  ${ms.toFixed(1).padStart(7)}  ${name}`);
    }
  } finally {
    if (drop) await drop();
    else await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

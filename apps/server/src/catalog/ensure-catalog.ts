import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { createAppMetaRepository, createCatalogImportRepository } from './catalog.repository.js';
import { readEthiopian } from './ethiopian.js';
import { readGoodbooks } from './goodbooks.js';
import type { CatalogRecord } from './records.js';

/** `app_meta` key holding the version of the imported catalogue (absent until the first import). */
export const CATALOG_VERSION_KEY = 'catalog_version';
/** `app_meta` key recording the last time the start-up hook ran. */
export const CATALOG_HOOK_KEY = 'catalog_hook';
/** Bump when the importer's output changes, so existing installations re-import. */
export const IMPORTER_VERSION = 4;
/** The shipped files that make up the catalogue (to_read is optional). */
export const CATALOG_FILES = [
  'books.csv',
  'tags.csv',
  'book_tags.csv.gz',
  'goodreads_books_cc0.csv',
  'ethiopian_books.csv',
  'to_read.csv.gz',
] as const;
const BATCH_SIZE = 1000;

export interface CatalogCounts {
  goodbooks: number;
  ethiopian: number;
  total: number;
}

export interface CatalogOutcome {
  /** The catalogue version now in the database, or null when none was imported. */
  version: string | null;
  /** `imported` when the data was (re)written, `skipped` when the stored version matched. */
  action: 'imported' | 'skipped';
  counts?: CatalogCounts;
  ms: number;
}

interface Logger {
  info(object: object, message: string): void;
}

export interface EnsureCatalogOptions {
  /** Import even when the stored version matches (admin edits still survive). */
  force?: boolean;
}

type CatalogSettings = Pick<AppConfig, 'catalogDir' | 'catalogEthiopianShopContent'>;

/** Version of the shipped catalogue: hash of its files, the importer version and the import settings. */
export function catalogVersion(config: CatalogSettings): string {
  const hash = createHash('sha256').update(
    `importer:${IMPORTER_VERSION};shop:${config.catalogEthiopianShopContent}`,
  );
  for (const file of CATALOG_FILES) {
    const full = join(config.catalogDir, file);
    hash.update(`|${file}|`);
    if (existsSync(full)) hash.update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/** "Want to read" shelf entries per goodbooks book id (to_read.csv.gz: user_id,book_id). */
export function readWantToRead(dir: string): Map<string, number> {
  const counts = new Map<string, number>();
  const file = join(dir, 'to_read.csv.gz');
  if (!existsSync(file)) return counts;
  const text = gunzipSync(readFileSync(file)).toString('latin1');
  let start = text.indexOf('\n') + 1;
  while (start > 0 && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const comma = text.indexOf(',', start);
    if (comma > start && comma < end) {
      const id = text.slice(comma + 1, end).trim();
      if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    start = end + 1;
  }
  return counts;
}

/** Reads every shipped source into catalogue records. */
export function readCatalog(config: CatalogSettings): {
  goodbooks: CatalogRecord[];
  ethiopian: CatalogRecord[];
} {
  return {
    goodbooks: readGoodbooks(config.catalogDir),
    ethiopian: readEthiopian(config.catalogDir, { includeShopContent: config.catalogEthiopianShopContent }),
  };
}

/**
 * Makes sure the shipped book catalogue is in the database, idempotently. Runs on start when
 * CATALOG_AUTO_IMPORT is on, and from `npm run catalog:import`. Imports when the stored
 * `catalog_version` differs from the shipped data's version: upserts in batches of 1,000 inside one
 * transaction, never overwriting fields an admin edited (`edited_fields`).
 */
export async function ensureCatalog(
  db: Db,
  config: CatalogSettings,
  logger?: Logger,
  options: EnsureCatalogOptions = {},
): Promise<CatalogOutcome> {
  const started = performance.now();
  const meta = createAppMetaRepository(db);
  const stored = await meta.get(CATALOG_VERSION_KEY);
  const storedVersion = typeof stored === 'string' ? stored : null;
  const version = catalogVersion(config);
  if (storedVersion === version && !options.force) {
    await meta.set(CATALOG_HOOK_KEY, {
      ranAt: new Date().toISOString(),
      catalogVersion: version,
      action: 'skipped',
    });
    const ms = Math.round(performance.now() - started);
    logger?.info({ catalogVersion: version, ms }, 'catalogue up to date, import skipped');
    return { version, action: 'skipped', ms };
  }

  // Logged before the long part, so an operator (or the fault bench) knows an import is under way.
  logger?.info({ catalogVersion: version, storedVersion }, 'importing the catalogue');
  const { goodbooks, ethiopian } = readCatalog(config);
  const wantToRead = readWantToRead(config.catalogDir);
  const readMs = Math.round(performance.now() - started);
  const records = [...goodbooks, ...ethiopian];
  await db.transaction(async (tx) => {
    const repo = createCatalogImportRepository(tx);
    // Search's vocabulary is counted once at the end rather than by its trigger for every row.
    await repo.startSearchTermsBulk();
    for (let i = 0; i < records.length; i += BATCH_SIZE) {
      await repo.upsert(records.slice(i, i + BATCH_SIZE), wantToRead);
    }
    await repo.recountSearchTerms();
    await createAppMetaRepository(tx).set(CATALOG_VERSION_KEY, version);
    await createAppMetaRepository(tx).set(CATALOG_HOOK_KEY, {
      ranAt: new Date().toISOString(),
      catalogVersion: version,
      action: 'imported',
    });
  });
  // Fresh statistics, so the planner uses the search indexes from the first query on.
  await db.execute(sql`ANALYZE books`);
  const counts = { goodbooks: goodbooks.length, ethiopian: ethiopian.length, total: records.length };
  const ms = Math.round(performance.now() - started);
  logger?.info({ catalogVersion: version, ...counts, readMs, ms }, 'catalogue imported');
  return { version, action: 'imported', counts, ms };
}

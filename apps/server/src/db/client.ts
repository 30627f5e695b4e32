import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;

/**
 * The Drizzle handle every repository receives. PGlite and node-postgres share this base
 * type, and so does a transaction, so one repository works in both modes and inside `db.transaction`.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the Drizzle handle plus what the process needs to check and close it. */
export interface Database {
  kind: DatabaseKind;
  db: Db;
  /**
   * Where search's capped reads run (`SEARCH_SETTINGS`): on PostgreSQL a few connections of their
   * own that start with the planner settings search needs, so a search is one round trip instead of
   * five (begin, two `SET LOCAL`, the query, commit); on PGlite the same handle as `db`.
   */
  searchDb: Db;
  /** Runs `select 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Set for PostgreSQL: the pool, for the migrator's advisory lock. */
  pool?: pg.Pool;
  /** Set for PGlite: the embedded instance, for its migrator. */
  pglite?: PGlite;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Connections of the search pool (`searchDb`); half the main pool's by default. */
      searchPoolSize?: number;
      /** An idle pooled connection failed (logged by the app; the pool opens a new one). */
      onIdleError?: (error: Error) => void;
    }
  /**
   * `dataDir` undefined keeps the database in memory (tests, throwaway demos). `loadDataDir`
   * starts from a dump made by `dumpDataDir()` instead of running initdb (much faster).
   */
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /**
       * PGlite's compiled WebAssembly and file bundle, for a process that opens many instances (the
       * tests: one per file): compiled once instead of on every open.
       */
      assets?: Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>;
    };

/**
 * The planner settings of search's connections, for its capped reads (`… LIMIT 1001`, no order):
 * - sequential scans discouraged (still taken where no index applies): the planner reads a tsquery's
 *   match count off the whole column, blind to the other conditions (a Ge'ez query's keys among
 *   books not in Ge'ez), and bet on meeting a thousand matches early in a sequential scan — on a
 *   million books it then read them all (356 ms) for one match;
 * - 16 MB for its bitmaps (4 MB by default): a word's matches ANDed with a genre's 134,000 books
 *   stayed exact instead of lossy, and the heap visits fell from 13,202 pages to the 78 that match
 *   (95 → 26 ms).
 * PGlite does without: a catalogue a machine holds in memory, where a sequential scan costs little.
 */
const SEARCH_SETTINGS = '-c enable_seqscan=off -c work_mem=16MB';

/** JIT compilation costs more than it saves on these short queries (tens of ms on big plans). */
const CONNECTION_SETTINGS = '-c jit=off';

function openPool(url: string, max: number, settings: string, onIdleError?: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A server that does not accept within this is down: the request gets 503 instead of waiting.
    connectionTimeoutMillis: 5_000,
    // Connections are kept once opened (node-postgres closes them after 10 s idle by default): under
    // traffic that ebbs and flows every lull closed some and the next burst opened them again — a new
    // process on the server each, its caches and plans warmed again, while the burst waited.
    idleTimeoutMillis: 0,
    options: settings,
  });
  // An idle client whose server connection ends (a database restart, an administrator's terminate)
  // is reported here; without a listener that event would crash the process. The pool replaces it.
  pool.on('error', (error) => onIdleError?.(error));
  // A checked-out client (a transaction between two statements) has no pool listener: its
  // connection ending would emit an unhandled 'error' and end the process. Its query rejects
  // anyway (the request answers 503) and the pool drops it on release, so the event needs no work.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/** Opens PostgreSQL (a pool, and search's own) or embedded PGlite with the pg_trgm extension. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const poolSize = options.poolSize ?? 10;
    const pool = openPool(options.url, poolSize, CONNECTION_SETTINGS, options.onIdleError);
    const searchPool = openPool(
      options.url,
      options.searchPoolSize ?? Math.max(2, Math.ceil(poolSize / 2)),
      `${CONNECTION_SETTINGS} ${SEARCH_SETTINGS}`,
      options.onIdleError,
    );
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      searchDb: drizzlePg({ client: searchPool, schema }) as unknown as Db,
      pool,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await Promise.all([pool.end(), searchPool.end()]);
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    ...options.assets,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    searchDb: db,
    pglite: client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in `<DATA_DIR>/pglite`. */
export function databaseOptionsFor(
  config: { databaseUrl?: string; dataDir: string },
  onIdleError?: (error: Error) => void,
): DatabaseOptions {
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl, onIdleError };
  return { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

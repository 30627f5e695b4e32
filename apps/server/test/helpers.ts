/**
 * API test helpers: a real server on 127.0.0.1 over a fresh database, and a small fetch wrapper.
 *
 * One database per test FILE (Vitest isolates modules per file): in-memory PGlite by default; with
 * TEST_DATABASE_URL (a postgres:// URL used as the maintenance connection) a new database
 * `nebab_t_<random>` is created, migrated, and dropped when the file's last server closes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ErrorBody, Language, SignupResponse } from '@nebab/shared';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type Database, type DatabaseOptions, type Db } from '../src/db/client.js';
import { watchUndocumentedErrors } from '../src/plugins/openapi.js';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../src/db/migrate.js';

export interface RequestOptions {
  method?: string;
  /** Sent as JSON unless it is a string. */
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent as `Accept-Language`. */
  lang?: Language;
  headers?: Record<string, string>;
}

export interface TestResponse<T> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  body: T;
  text: string;
}

export type TestFetch = <T = unknown>(pathname: string, options?: RequestOptions) => Promise<TestResponse<T>>;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  /** The Drizzle handle, to arrange state the API cannot (e.g. suspend a user). */
  db: Db;
  request: TestFetch;
  close(): Promise<void>;
}

/** Fetches `pathname` on `baseUrl`, JSON in and out. */
export function createFetch(baseUrl: string): TestFetch {
  return async <T>(pathname: string, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lang) headers['accept-language'] = options.lang;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(pathname, baseUrl), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'manual',
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };
}

/** A port that was free a moment ago (for configs that must know their URL before listening). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface FileDatabase {
  database: Database;
  drop(): Promise<void>;
}

let fileDatabase: Promise<FileDatabase> | undefined;
let holders = 0;

/** A short hash of the migrations (and `salt`: the engine and its version), naming a template. */
async function migrationsFingerprint(salt: string): Promise<string> {
  const fingerprint = createHash('sha256').update(salt);
  for (const file of (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      fingerprint.update(file).update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
  }
  return fingerprint.digest('hex').slice(0, 16);
}

/** Runs `work` on a client of `url`, then closes it. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `url` with its database replaced by `name`. */
function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.href;
}

/**
 * A migrated PostgreSQL database every file copies (`CREATE DATABASE … TEMPLATE`, a file copy, instead of
 * running every migration per file), named after the migrations. The first worker to need it builds it
 * under an advisory lock and publishes it by renaming; the others wait on the lock and find it.
 */
async function postgresTemplate(maintenanceUrl: string): Promise<string> {
  const name = `nebab_tpl_${await migrationsFingerprint('postgres')}`;
  return withClient(maintenanceUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(7423001)');
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_b${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({
        kind: 'postgres',
        url: databaseUrl(maintenanceUrl, building),
        poolSize: 2,
      });
      try {
        await migrateDatabase(database);
      } finally {
        await database.close();
      }
      // Another run on this server may have published it meanwhile (the lock is per database).
      await admin
        .query(`ALTER DATABASE ${building} RENAME TO ${name}`)
        .catch(async (error: { code?: string }) => {
          if (error.code !== '42P04') throw error;
          await admin.query(`DROP DATABASE ${building}`);
        });
      // Templates of older migrations go (one another run is still copying stays until next time).
      const stale = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname ~ '^nebab_tpl_[0-9a-f]{16}$' AND datname <> $1",
        [name],
      );
      for (const { datname } of stale.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(7423001)');
    }
  });
}

async function createPostgresDatabase(maintenanceUrl: string): Promise<FileDatabase> {
  const name = `nebab_t_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(maintenanceUrl);
  await withClient(maintenanceUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(maintenanceUrl, name),
    poolSize: 5,
  });
  return {
    database,
    async drop() {
      await database.close();
      await withClient(maintenanceUrl, async (cleanup) => {
        await cleanup.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      });
    },
  };
}

/** The installed PGlite version (its package.json is not exported, so find it next to the entry). */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (let depth = 0; depth < 5; depth += 1, dir = path.dirname(dir)) {
    const manifest = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (manifest) return (JSON.parse(manifest) as { version: string }).version;
  }
  return 'unknown';
}

type PgliteAssets = NonNullable<Extract<DatabaseOptions, { kind: 'pglite' }>['assets']>;
let pgliteAssets: Promise<PgliteAssets> | undefined;

/** PGlite's WebAssembly compiled once per worker (files share it: vitest.config.ts, isolate: false). */
function loadPgliteAssets(): Promise<PgliteAssets> {
  pgliteAssets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')),
      readFile(path.join(dist, 'pglite.data')),
    ]);
    // The server's TypeScript libs have no WebAssembly namespace; Node has it at run time.
    const { WebAssembly: webAssembly } = globalThis as unknown as {
      WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteAssets['pgliteWasmModule']> };
    };
    return { pgliteWasmModule: await webAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })();
  return pgliteAssets;
}

/**
 * A migrated, empty PGlite database in memory. PGlite's initdb costs seconds, so the first file of a
 * run dumps a migrated instance to the temp folder (keyed by the migrations and the PGlite version)
 * and the other files start from that dump.
 */
async function createPgliteDatabase(): Promise<FileDatabase> {
  const templatePath = path.join(
    os.tmpdir(),
    `nebab-pglite-template-${await migrationsFingerprint(await pgliteVersion())}.tar`,
  );
  const template = await readFile(templatePath).catch(() => undefined);
  if (template) {
    const database = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([template]),
      assets: await loadPgliteAssets(),
    });
    return { database, drop: () => database.close() };
  }
  const database = await openDatabase({ kind: 'pglite', assets: await loadPgliteAssets() });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const partial = `${templatePath}.${process.pid}.tmp`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, templatePath);
  return { database, drop: () => database.close() };
}

async function createFileDatabase(): Promise<FileDatabase> {
  const maintenanceUrl = process.env.TEST_DATABASE_URL;
  const created = maintenanceUrl
    ? await createPostgresDatabase(maintenanceUrl)
    : await createPgliteDatabase();
  await migrateDatabase(created.database);
  return created;
}

/**
 * The test file's database, created on first use and migrated. Pair every call with
 * `releaseTestDatabase()`; the database is dropped when the last holder releases it.
 */
export async function acquireTestDatabase(): Promise<Database> {
  holders += 1;
  fileDatabase ??= createFileDatabase();
  try {
    return (await fileDatabase).database;
  } catch (error) {
    holders -= 1;
    fileDatabase = undefined;
    throw error;
  }
}

/** How many holders the file's database has (0 once every server of the file is closed). */
export function testDatabaseHolders(): number {
  return holders;
}

/**
 * Drops the file's database whoever still holds it (test/setup.ts, after a file that left it held):
 * the next file of the worker starts on a database of its own all the same.
 */
export async function forgetTestDatabase(): Promise<void> {
  const current = fileDatabase;
  holders = 0;
  fileDatabase = undefined;
  await (await current?.catch(() => undefined))?.drop().catch(() => undefined);
}

export async function releaseTestDatabase(): Promise<void> {
  holders -= 1;
  if (holders > 0 || !fileDatabase) return;
  const current = fileDatabase;
  fileDatabase = undefined;
  await (await current).drop();
}

/** Config of a test server: silent logs, no catalogue import, no client build, loose rate limits, then `overrides`. */
export function testConfig(port: number, overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ LOG_LEVEL: 'silent' });
  return {
    ...base,
    port,
    host: '127.0.0.1',
    publicUrl: `http://127.0.0.1:${port}`,
    // One folder per Vitest worker: files of two workers never see each other's uploads or mail.
    dataDir: path.join(os.tmpdir(), `nebab-test-data-${process.env.VITEST_POOL_ID ?? '0'}`),
    webDist: path.join(os.tmpdir(), 'nebab-test-no-client-build'),
    socketChannel: `socket.io-test-${process.env.VITEST_POOL_ID ?? '0'}`,
    catalogAutoImport: false,
    // Files send many auth requests from 127.0.0.1; the rate-limit tests pass small limits.
    authRateLimit: { perIp: 10_000, perEmail: 10_000, windowMs: 60_000 },
    ...overrides,
  };
}

export interface StartOptions {
  /** Runs after `buildApp` and before `listen`, e.g. to add a route that throws. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
}

/**
 * Builds the app on the file's database and listens on 127.0.0.1. `overrides.port` picks the port
 * (the public URL follows it); by default a free one is chosen.
 */
export async function startTestServer(
  overrides: Partial<AppConfig> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const port = overrides.port ?? (await freePort());
  const config = testConfig(port, overrides);
  const database = await acquireTestDatabase();
  let app: FastifyInstance | undefined;
  let undocumented: () => string[] = () => [];
  try {
    app = await buildApp(config, { database });
    undocumented = watchUndocumentedErrors(app);
    await options.beforeListen?.(app);
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await releaseTestDatabase();
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;
  const started = app;
  let closed = false;
  return {
    url,
    app: started,
    config,
    database,
    db: database.db,
    request: createFetch(url),
    async close() {
      if (closed) return;
      closed = true;
      // Every error an operation answered in this file is one its OpenAPI `responses` list.
      let missing: string[];
      try {
        missing = undocumented();
      } finally {
        await started.close();
        await releaseTestDatabase();
      }
      if (missing.length > 0)
        throw new Error(`answers the OpenAPI document does not list:\n${missing.join('\n')}`);
    },
  };
}

/** A unique email for this run (`<prefix>-<random>@example.org`). */
export function uniqueEmail(prefix = 'reader'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.org`;
}

/** A password that passes every signup rule. */
export const GOOD_PASSWORD = 'Secret@2024';

/** Signs a new reader up through the API and returns the answer and credentials. */
export async function signUp(
  server: Pick<TestServer, 'request'>,
  fields: { fullName?: string; email?: string; password?: string } = {},
): Promise<{ email: string; password: string; token: string; response: SignupResponse }> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? GOOD_PASSWORD;
  const result = await server.request<SignupResponse | ErrorBody>('/api/auth/signup', {
    body: { fullName: fields.fullName ?? 'Abebe Bikila', email, password, confirmPassword: password },
  });
  if (result.status !== 201 || !('token' in result.body))
    throw new Error(`signup failed: ${result.status} ${result.text}`);
  return { email: email.toLowerCase(), password, token: result.body.token, response: result.body };
}

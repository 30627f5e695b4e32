/**
 * A real server node in its own process (`tsx src/server.ts`), for multi-node tests and the chat
 * bench: PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) are shared between nodes. Also creates and
 * drops throwaway PostgreSQL databases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './helpers.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerNode {
  url: string;
  pid: number;
  /** The process's resident memory in bytes (from /proc), or null where unavailable. */
  rss(): Promise<number | null>;
  /** CPU seconds (user + system) the process has used so far (from /proc), or null. */
  cpuSeconds(): Promise<number | null>;
  /** The last lines the process wrote to stderr/stdout (for failure messages). */
  output(): string;
  /** True while the process has not exited. */
  running(): boolean;
  /** Sends a signal (default SIGKILL: a crash, no shutdown) and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM (graceful shutdown), SIGKILL after 10 s; removes the data folder unless the caller gave it. */
  stop(): Promise<void>;
}

export interface ServerNodeOptions {
  databaseUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
  /** Extra node options, e.g. `--cpu-prof` for profiling. */
  nodeArgs?: string[];
  /** How long to wait for /api/health (default 60 s). */
  startTimeoutMs?: number;
  /** Listen on this port (default: a free one); a restarted node keeps its balancer's address. */
  port?: number;
  /** DATA_DIR of the node, kept by the caller (default: a temp folder removed by `stop`). */
  dataDir?: string;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

async function readCpuSeconds(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the ")" of the command name: state is field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return null;
  }
}

async function readRss(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts a node and waits until it answers /api/health. */
export async function startServerNode(options: ServerNodeOptions): Promise<ServerNode> {
  const port = options.port ?? (await freePort());
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'nebab-node-')));
  // `--import tsx` (not the tsx CLI, which forks): the pid is the server's own, for RSS and signals.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl ?? '',
      WEB_DIST: path.join(dataDir, 'no-client-build'),
      LOG_LEVEL: 'warn',
      CATALOG_AUTO_IMPORT: 'false',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
      ADMIN_EMAIL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited(child);
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server node exited with ${child.exitCode}: ${log}`);
    }
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server node did not start within the time limit: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    pid: child.pid ?? -1,
    rss: () => readRss(child.pid ?? -1),
    cpuSeconds: () => readCpuSeconds(child.pid ?? -1),
    output: () => log,
    running: () => child.exitCode === null && child.signalCode === null,
    kill,
    stop,
  };
}

/** Creates an empty database beside `maintenanceUrl`'s and answers its URL and a drop function. */
export async function createThrowawayDatabase(
  maintenanceUrl: string,
  prefix = 'nebab_node',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: maintenanceUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

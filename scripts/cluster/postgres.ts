/**
 * A throwaway PostgreSQL cluster of the cluster's own: `initdb` into a temp folder and `pg_ctl` on a
 * free port of 127.0.0.1, with Debian's binaries (/usr/lib/postgresql/<version>/bin, 15 preferred, or
 * PG_BIN). Never the machine's shared PostgreSQL. PostgreSQL refuses to run as root, so under root the
 * server runs as the `postgres` user (the owner of its data folder).
 */
import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/nebab` */
  url: string;
  /**
   * The same database through the server's Unix socket, for the nodes on this machine: a query
   * written to a loopback TCP socket costs its writer the receiver's side of TCP too (a fifth of a
   * node's CPU under bench:load went to writing queries).
   */
  socketUrl: string;
  port: number;
  /** The server's version, e.g. `15.19`. */
  version: string;
  /** `pg_ctl restart -m fast`: every connection is ended, the server comes back on the same port. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops at once (`-m immediate`), synchronously: for exit handlers. */
  stopNow(): void;
  /** The postmaster's pid while it runs (its backends are its children). */
  pid(): number | undefined;
}

/** The folder of `initdb` / `pg_ctl`: PG_BIN, else Debian's PostgreSQL 15, else the newest installed. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PG_BIN) return existsSync(path.join(env.PG_BIN, 'pg_ctl')) ? env.PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  const chosen = versions.includes('15') ? '15' : versions[0];
  return chosen ? path.join(root, chosen, 'bin') : undefined;
}

/** Under root: the uid/gid of `postgres` (PostgreSQL will not run as root); otherwise nothing. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const result = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (result.status !== 0 || group.status !== 0) {
    throw new Error(
      'PostgreSQL will not run as root and there is no `postgres` user: run as another user, or `adduser --system --group postgres`',
    );
  }
  return { uid: Number(result.stdout.trim()), gid: Number(group.stdout.trim()) };
}

function run(bin: string, args: string[], options: SpawnOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${path.basename(bin)} ${args.join(' ')} exited with ${code}: ${output.trim()}`));
    });
  });
}

/**
 * Creates and starts a cluster in `<folder>/pgdata` on `port`, with a database `nebab`. The folder is
 * the caller's (removed with the rest of the cluster's temp data).
 */
export async function startPostgres(folder: string, port: number): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      "PostgreSQL's server binaries were not found: `apt-get install postgresql-15` (or set PG_BIN to the folder of initdb and pg_ctl)",
    );
  }
  const user = serverUser();
  const dataDir = path.join(folder, 'pgdata');
  const socketDir = path.join(folder, 'pgsocket');
  mkdirSync(dataDir, { mode: 0o700 });
  mkdirSync(socketDir, { mode: 0o700 });
  if (user) {
    for (const owned of [dataDir, socketDir]) chownSync(owned, user.uid, user.gid);
  }
  const as: SpawnOptions = { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C.UTF-8' } };
  const pgCtl = path.join(bin, 'pg_ctl');

  await run(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    as,
  );
  // The server's log goes to a file its user can write: inside its own data folder.
  const logFile = path.join(dataDir, 'server.log');
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${socketDir}'`,
    '-c max_connections=200',
    '-c logging_collector=off',
    // CLUSTER_PG_OPTIONS: more server settings, e.g. "-c shared_preload_libraries=pg_stat_statements".
    process.env.CLUSTER_PG_OPTIONS ?? '',
  ].join(' ');
  const start = async () => {
    await run(pgCtl, ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start'], as);
  };
  const stop = async () => {
    await run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop'], as);
  };
  const restart = async () => {
    await run(
      pgCtl,
      ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-m', 'fast', '-w', '-t', '60', 'restart'],
      as,
    );
  };
  const stopNow = () => {
    spawnSync(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { ...as, stdio: 'ignore' });
  };

  await start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  let version = '';
  try {
    await admin.connect();
    await admin.query('CREATE DATABASE nebab');
    const row = await admin.query<{ server_version: string }>('SHOW server_version');
    version = row.rows[0]?.server_version.split(' ')[0] ?? '';
  } catch (error) {
    stopNow();
    throw error;
  } finally {
    await admin.end().catch(() => undefined);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/nebab`,
    socketUrl: `postgres://postgres@localhost/nebab?host=${encodeURIComponent(socketDir)}&port=${port}`,
    port,
    version,
    restart,
    stop,
    start,
    stopNow,
    pid() {
      try {
        const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        return Number.isInteger(pid) && pid > 0 ? pid : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

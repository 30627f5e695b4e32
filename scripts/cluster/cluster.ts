/**
 * The production topology on one machine, all of it the project's own and thrown away afterwards:
 *
 *   reader ──► HAProxy (127.0.0.1:<port>, health checks on /api/health, WebSockets, no stickiness)
 *                 ├──► node1 (src/server.ts) ─┐
 *                 └──► node2 (src/server.ts) ─┼──► PostgreSQL 15 (initdb + pg_ctl, temp folder)
 *                                             ├──► Redis (redis-server, nothing on disk)
 *                                             ├──► S3 (s3rver, temp folder)
 *                                             └──► SMTP (Postfix, private instance → Maildir)
 *
 * `startCluster()` is used by `npm run cluster` (scripts/cluster/main.ts) and by the load and fault
 * benchmarks, which kill, restart and stop its parts. Everything lives in one temp folder that
 * `stop()` removes; `stopNow()` is the synchronous last resort of an exit handler.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/helpers.js';
import { startRedisProcess, type RedisProcess } from '../../apps/server/test/redis-process.js';
import { startServerNode, type ServerNode } from '../../apps/server/test/server-process.js';
import { ensureWebBuild } from '../lib/web-build.mjs';
import { ensureHaproxy, startBalancer, type Balancer } from './haproxy.js';
import { ensurePostfix, startMailServer, type MailServer } from './postfix.js';
import { startPostgres, type PostgresCluster } from './postgres.js';
import { startObjectStore, type ObjectStore } from './s3.js';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ClusterOptions {
  /** Server nodes behind the balancer (default 2). */
  nodes?: number;
  /** The balancer's port (default: a free one). */
  port?: number;
  /** Extra environment of every node (e.g. raised rate limits for a load test). */
  env?: Record<string, string>;
  /** Progress lines (default: console.log). */
  log?: (line: string) => void;
  /** How long a node may take to start, the first one importing the catalogue (default 240 s). */
  startTimeoutMs?: number;
}

/** A node slot: a fixed name, port and data folder; its process may be killed and started again. */
export interface ClusterNode {
  name: string;
  port: number;
  /** Direct address of the node, bypassing the balancer. */
  url: string;
  /** The running process, if any. */
  process(): ServerNode | undefined;
  running(): boolean;
  /** kill -9: a crash. */
  kill(): Promise<void>;
  /** SIGTERM: a graceful shutdown (sockets told to reconnect, requests in flight finished). */
  stop(): Promise<void>;
  /** Starts the node again on the same port; resolves when it answers /api/health. */
  start(): Promise<void>;
}

export interface Cluster {
  /** The balancer's address: what readers use. */
  url: string;
  /** HAProxy's statistics page. */
  statsUrl: string;
  folder: string;
  nodes: ClusterNode[];
  postgres: PostgresCluster;
  redis: RedisProcess;
  objectStore: ObjectStore;
  /** Postfix with the nodes' mail in a Maildir, or null where it cannot run (then DATA_DIR/mail). */
  mailServer: MailServer | null;
  /** Why there is no mail server, when there is none. */
  mailServerMissing?: string;
  balancer: Balancer;
  /** Waits until the balancer sees every running node up (or `timeoutMs` passes). */
  waitForBalancer(timeoutMs?: number): Promise<void>;
  /** Stops everything in order and removes the temp folder. */
  stop(): Promise<void>;
  /** Synchronous, for exit handlers: kills what is left and removes the temp folder. */
  stopNow(): void;
}

async function safely(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch {
    // Stopping goes on: what failed to stop is killed by stopNow.
  }
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const nodeCount = options.nodes ?? 2;
  const haproxyBin = ensureHaproxy(log);
  const postfixMissing = ensurePostfix(log);
  if (ensureWebBuild(REPO_ROOT)) log('Web client built.');

  const folder = mkdtempSync(path.join(os.tmpdir(), 'nebab-cluster-'));
  // PostgreSQL runs as its own user under root: it must be able to reach its folder inside this one.
  await chmod(folder, 0o711);
  const stoppers: Array<() => void> = [];
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    for (const stop of stoppers.reverse()) {
      try {
        stop();
      } catch {
        // best effort
      }
    }
    rmSync(folder, { recursive: true, force: true });
  };

  try {
    const [pgPort, s3Port, smtpPort, lbPort, statsPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      options.port ? Promise.resolve(options.port) : freePort(),
      freePort(),
    ]);
    log(`Starting PostgreSQL, Redis, the object store${postfixMissing ? '' : ' and Postfix'}…`);
    const [postgres, redis, objectStore, mailServer] = await Promise.all([
      startPostgres(folder, pgPort),
      startRedisProcess(),
      startObjectStore(folder, s3Port),
      postfixMissing ? Promise.resolve(null) : startMailServer(folder, smtpPort),
    ]);
    stoppers.push(() => postgres.stopNow());
    stoppers.push(() => void redis.stop());
    stoppers.push(() => objectStore.stopNow());
    if (mailServer) stoppers.push(() => mailServer.stopNow());
    else log(`No mail server (${postfixMissing}): the nodes write their mail to DATA_DIR/mail/*.eml.`);

    const url = `http://127.0.0.1:${lbPort}`;
    const nodeEnv: Record<string, string> = {
      // React's production build for server rendering (the development one checks every element).
      NODE_ENV: 'production',
      UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE || '16',
      // A young generation of 64 MB (V8's default is 16): with 16, what a request holds while it waits for
      // the database outlived two collections and was promoted, and the old generation filled and was
      // collected every 5–10 s (a fifth fewer long scavenges, a tenth less CPU per node under bench:load).
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' '),
      PUBLIC_URL: url,
      WEB_DIST: path.join(REPO_ROOT, 'apps/web/dist'),
      TRUST_PROXY: 'true',
      CATALOG_AUTO_IMPORT: 'true',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      // The production defaults unless the caller raises them (blank means "not set").
      AUTH_RATE_LIMIT_PER_IP: '',
      AUTH_RATE_LIMIT_PER_EMAIL: '',
      ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? '',
      ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? '',
      ...objectStore.env,
      ...(mailServer ? { SMTP_URL: mailServer.url, MAIL_FROM: 'Nebab <no-reply@nebab.localhost>' } : {}),
      ...options.env,
    };

    // Node.js flags of every node, e.g. CLUSTER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" for a
    // CPU profile of each (written when the cluster stops).
    const nodeArgs = (process.env.CLUSTER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const nodes: ClusterNode[] = [];
    for (let i = 0; i < nodeCount; i += 1) {
      const name = `node${i + 1}`;
      const port = await freePort();
      const dataDir = path.join(folder, name);
      await mkdir(dataDir);
      let current: ServerNode | undefined;
      const node: ClusterNode = {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        process: () => current,
        running: () => current?.running() ?? false,
        async kill() {
          await current?.kill('SIGKILL');
        },
        async stop() {
          await current?.stop();
        },
        async start() {
          if (current?.running()) return;
          current = await startServerNode({
            databaseUrl: postgres.socketUrl,
            redisUrl: redis.url,
            port,
            dataDir,
            env: nodeEnv,
            nodeArgs,
            startTimeoutMs: options.startTimeoutMs ?? 240_000,
          });
        },
      };
      stoppers.push(() => {
        if (current?.running()) void current.kill('SIGKILL');
      });
      nodes.push(node);
    }

    // The first node migrates and imports the catalogue; the others then find it in place.
    const started = performance.now();
    log(`Starting ${nodes[0]!.name} (migrations, catalogue import, recommender model)…`);
    await nodes[0]!.start();
    log(`  ${nodes[0]!.name} up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (nodes.length > 1) {
      log(
        `Starting ${nodes
          .slice(1)
          .map((node) => node.name)
          .join(', ')}…`,
      );
      await Promise.all(nodes.slice(1).map((node) => node.start()));
    }

    const balancer = await startBalancer(haproxyBin, {
      port: lbPort,
      statsPort,
      folder,
      nodes: nodes.map((node) => ({ name: node.name, port: node.port })),
      logFile: process.env.CLUSTER_LB_LOG || undefined,
    });
    stoppers.push(() => balancer.stopNow());

    const waitForBalancer = async (timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const states = await balancer.states().catch(() => ({}) as Record<string, string>);
        const ready = nodes.every((node) => !node.running() || states[node.name] === 'UP');
        if (ready) return;
        if (Date.now() > deadline)
          throw new Error(`the balancer does not see the nodes up: ${JSON.stringify(states)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await waitForBalancer();

    return {
      url,
      statsUrl: balancer.statsUrl,
      folder,
      nodes,
      postgres,
      redis,
      objectStore,
      mailServer,
      ...(postfixMissing ? { mailServerMissing: postfixMissing } : {}),
      balancer,
      waitForBalancer,
      async stop() {
        if (stopped) return;
        await safely(() => balancer.stop());
        await Promise.all(nodes.map((node) => safely(() => node.stop())));
        await safely(() => objectStore.stop());
        if (mailServer) await safely(() => mailServer.stop());
        await safely(() => redis.stop());
        await safely(() => postgres.stop());
        stopNow();
      },
      stopNow,
    };
  } catch (error) {
    stopNow();
    throw error;
  }
}

/**
 * Stops the cluster on Ctrl-C / SIGTERM (in order, then exits with `code`), and kills what is left
 * if the process exits any other way.
 */
export function stopClusterOnExit(cluster: Cluster, log: (line: string) => void = console.log): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: stopping the cluster and removing ${cluster.folder}…`);
    const force = setTimeout(() => {
      cluster.stopNow();
      process.exit(1);
    }, 30_000);
    force.unref();
    void cluster.stop().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  // Kept while stopping: a signal sent to tsx's own process too (`pkill -f`, `timeout`) reaches this
  // one twice, once directly and once passed on by tsx; with no handler left the second would kill
  // it mid-stop and leave PostgreSQL, Redis and the object store running.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.once('exit', () => cluster.stopNow());
}

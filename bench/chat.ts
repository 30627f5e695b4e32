/**
 * `npm run bench:chat`
 *
 * Club chat under load, the production way: two server nodes (separate processes, `src/server.ts`)
 * over one throwaway PostgreSQL database, joined by the Redis adapter. The bench seeds readers (with
 * sessions), clubs and memberships straight into the database, opens socket.io-client connections
 * spread evenly over the clubs and alternately over the two nodes, joins every socket to its club's
 * room, then sends chat messages at a fixed rate from round-robin senders (each reader stays under
 * the 5 messages / 5 s limit). Every message must reach every socket in its club's room, on either
 * node; the bench waits for stragglers, then prints delivery latency (send to receipt, same clock)
 * p50/p99/max, messages and deliveries lost (must be 0), failed acks, and each node's resident memory
 * per connection (RSS after connecting minus RSS before, divided by that node's connections).
 *
 * Environment (defaults in brackets):
 *   BENCH_CONNECTIONS [2000]  BENCH_CLUBS [50]  BENCH_RATE messages/s [300]  BENCH_SECONDS [30]
 *   BENCH_DRAIN_SECONDS [5]   BENCH_PG_URL maintenance connection [PG_URL or postgres://postgres@127.0.0.1:5432/postgres]
 *   BENCH_REDIS_URL [REDIS_URL or redis://127.0.0.1:6379]
 *   BENCH_NODE_ARGS extra node options of the server processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 * A quick run: `BENCH_CONNECTIONS=200 BENCH_SECONDS=5 BENCH_RATE=50 npm run bench:chat`.
 * The database `nebab_bench_*` is dropped afterwards, also on failure.
 */
import type { ClientToServerEvents, ClubMessage, ServerToClientEvents } from '@nebab/shared';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client.js';
import { clubMemberships, clubMessages, clubs, sessions, users } from '../apps/server/src/db/schema/index.js';
import { hashToken, newSessionToken } from '../apps/server/src/lib/ids.js';
import { count } from 'drizzle-orm';
import {
  createThrowawayDatabase,
  startServerNode,
  type ServerNode,
} from '../apps/server/test/server-process.js';

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const CONNECTIONS = Math.floor(envNumber('BENCH_CONNECTIONS', 2000));
const CLUBS = Math.floor(envNumber('BENCH_CLUBS', 50));
const RATE = envNumber('BENCH_RATE', 300);
const SECONDS = envNumber('BENCH_SECONDS', 30);
const DRAIN_SECONDS = envNumber('BENCH_DRAIN_SECONDS', 5);
const PG_URL =
  process.env.BENCH_PG_URL || process.env.PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((part) => part !== '');
const NODES = 2;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

interface Reader {
  userId: string;
  token: string;
  clubIndex: number;
  node: number;
}

async function seed(databaseUrl: string): Promise<{ readers: Reader[]; clubIds: string[] }> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const clubRows = await database.db
      .insert(clubs)
      .values(
        Array.from({ length: CLUBS }, (_, i) => ({ name: `Bench club ${i + 1}`, visibility: 'public' })),
      )
      .returning({ id: clubs.id });
    const clubIds = clubRows.map((row) => row.id);
    const readers: Reader[] = [];
    const expiresAt = new Date(Date.now() + 24 * 3600_000);
    for (let start = 0; start < CONNECTIONS; start += 500) {
      const size = Math.min(500, CONNECTIONS - start);
      const userRows = await database.db
        .insert(users)
        .values(
          Array.from({ length: size }, (_, k) => ({
            name: `Bench reader ${start + k + 1}`,
            email: `bench-${start + k + 1}@example.org`,
          })),
        )
        .returning({ id: users.id });
      const batch = userRows.map((row, k) => ({
        userId: row.id,
        token: newSessionToken(),
        clubIndex: (start + k) % CLUBS,
        node: (start + k) % NODES,
      }));
      await database.db
        .insert(sessions)
        .values(
          batch.map((reader) => ({ userId: reader.userId, tokenHash: hashToken(reader.token), expiresAt })),
        );
      await database.db.insert(clubMemberships).values(
        batch.map((reader) => ({
          clubId: clubIds[reader.clubIndex]!,
          userId: reader.userId,
          state: 'member',
        })),
      );
      readers.push(...batch);
    }
    return { readers, clubIds };
  } finally {
    await database.close();
  }
}

async function storedMessages(databaseUrl: string): Promise<number> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    const [row] = await database.db.select({ n: count() }).from(clubMessages);
    return Number(row?.n ?? 0);
  } finally {
    await database.close();
  }
}

function openSocket(url: string, token: string): Promise<ChatSocket> {
  const socket: ChatSocket = connect(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

async function main(): Promise<void> {
  console.log(
    `Chat bench: ${CONNECTIONS} connections, ${CLUBS} clubs, ${NODES} nodes, ${RATE} messages/s for ${SECONDS} s`,
  );
  const database = await createThrowawayDatabase(PG_URL, 'nebab_bench');
  const nodes: ServerNode[] = [];
  const sockets: ChatSocket[] = [];
  try {
    // Both start together; the migrator serialises on an advisory lock.
    nodes.push(
      ...(await Promise.all(
        Array.from({ length: NODES }, () =>
          startServerNode({ databaseUrl: database.url, redisUrl: REDIS_URL, nodeArgs: NODE_ARGS }),
        ),
      )),
    );
    const { readers, clubIds } = await seed(database.url);
    const rssBefore = await Promise.all(nodes.map((node) => node.rss()));

    // Connect and join rooms, 100 at a time.
    const sent = new Map<string, { at: number; club: number }>();
    const latencies: number[] = [];
    let deliveries = 0;
    let unexpected = 0;
    const connectStarted = performance.now();
    for (let start = 0; start < readers.length; start += 100) {
      const batch = readers.slice(start, start + 100);
      const opened = await Promise.all(
        batch.map(async (reader) => {
          const socket = await openSocket(nodes[reader.node]!.url, reader.token);
          socket.on('club:message', (message: ClubMessage) => {
            const key = message.content;
            const origin = sent.get(key);
            if (!origin || origin.club !== reader.clubIndex) {
              unexpected += 1;
              return;
            }
            deliveries += 1;
            latencies.push(performance.now() - origin.at);
          });
          const ack = await socket
            .timeout(10_000)
            .emitWithAck('club:join', { clubId: clubIds[reader.clubIndex]! });
          if (!ack.ok) throw new Error(`club:join refused: ${ack.code}`);
          return socket;
        }),
      );
      sockets.push(...opened);
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await sleep(1000);
    const rssAfter = await Promise.all(nodes.map((node) => node.rss()));
    console.log(`Connected and joined ${sockets.length} sockets in ${connectSeconds.toFixed(1)} s`);

    // Members per club, to know how many deliveries each message owes.
    const membersOf = new Array<number>(CLUBS).fill(0);
    for (const reader of readers) membersOf[reader.clubIndex]! += 1;

    const cpuBefore = await Promise.all(nodes.map((node) => node.cpuSeconds()));
    const benchCpuBefore = process.cpuUsage();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const total = Math.round(RATE * SECONDS);
    let expected = 0;
    let acked = 0;
    let failedAcks = 0;
    const pendingAcks: Array<Promise<void>> = [];
    const started = performance.now();
    let next = 0;
    while (next < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE) + 1);
      for (; next < due; next += 1) {
        const index = next % readers.length;
        const reader = readers[index]!;
        const socket = sockets[index]!;
        const content = `bench ${next}`;
        sent.set(content, { at: performance.now(), club: reader.clubIndex });
        expected += membersOf[reader.clubIndex]!;
        pendingAcks.push(
          socket
            .timeout(30_000)
            .emitWithAck('club:message', { clubId: clubIds[reader.clubIndex]!, content })
            .then(
              (ack) => {
                if (ack.ok) acked += 1;
                else failedAcks += 1;
              },
              () => {
                failedAcks += 1;
              },
            ),
        );
      }
      await sleep(5);
    }
    const sendSeconds = (performance.now() - started) / 1000;
    await Promise.all(pendingAcks);
    const drainUntil = performance.now() + DRAIN_SECONDS * 1000;
    while (deliveries < expected && performance.now() < drainUntil) await sleep(50);
    const busySeconds = (performance.now() - started) / 1000;
    const cpuAfter = await Promise.all(nodes.map((node) => node.cpuSeconds()));
    const benchCpu = process.cpuUsage(benchCpuBefore);
    loopDelay.disable();
    const stored = await storedMessages(database.url);

    latencies.sort((a, b) => a - b);
    const lostDeliveries = expected - deliveries;
    console.log('');
    console.log(
      `Messages sent      ${total} in ${sendSeconds.toFixed(1)} s (${(total / sendSeconds).toFixed(0)}/s)`,
    );
    console.log(`Acks ok / failed   ${acked} / ${failedAcks}; stored in the database: ${stored}`);
    console.log(`Deliveries         ${deliveries} of ${expected} expected (${unexpected} unexpected)`);
    console.log(`Messages lost      ${total - stored} not stored; deliveries lost: ${lostDeliveries}`);
    console.log(
      `Delivery latency   p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms`,
    );
    nodes.forEach((_node, i) => {
      const perNode = readers.filter((reader) => reader.node === i).length;
      const before = rssBefore[i];
      const after = rssAfter[i];
      if (before == null || after == null) {
        console.log(`Node ${i + 1}             RSS unavailable`);
        return;
      }
      console.log(
        `Node ${i + 1} memory      RSS ${mb(before)} idle, ${mb(after)} with ${perNode} connections: ${((after - before) / perNode / 1024).toFixed(1)} KB per connection`,
      );
    });
    const cpuShares = nodes.map((_node, i) => {
      const before = cpuBefore[i];
      const after = cpuAfter[i];
      return before == null || after == null
        ? 'n/a'
        : `${(((after - before) / busySeconds) * 100).toFixed(0)}%`;
    });
    const clientShare = ((benchCpu.user + benchCpu.system) / 1e6 / busySeconds) * 100;
    console.log(
      `CPU while sending  nodes ${cpuShares.join(', ')} of one core; bench client ${clientShare.toFixed(0)}% (event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms); machine load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')} on ${os.cpus().length} cores`,
    );
    if (lostDeliveries !== 0 || failedAcks !== 0 || stored !== total || unexpected !== 0) {
      process.exitCode = 1;
      console.error('FAILED: messages or deliveries were lost');
    }
  } finally {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(nodes.map((node) => node.stop().catch(() => undefined)));
    await database
      .drop()
      .catch((error: unknown) => console.warn(`Could not drop the bench database: ${String(error)}`));
  }
}

await main();

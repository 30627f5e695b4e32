/**
 * `npm run bench:load`
 *
 * Mixed reader traffic through the load balancer of `npm run cluster` (HAProxy → 2 nodes →
 * PostgreSQL, Redis, S3), the way browsers use the app: BENCH_CLIENTS concurrent clients (default
 * 200) for BENCH_SECONDS (default 60), measured once all have arrived (they arrive over a ramp-up of
 * 10 s, or a quarter of a shorter run; errors count from the start). Seven in ten are signed-in readers (they sign in over the API
 * first, keep a chat socket open through the balancer in their club's room, and besides browsing
 * change their reading list, write reviews, send chat messages and sometimes sign in again); the rest
 * are guests who browse. Each client does one thing at a time — a landing visit (the page, trending
 * and the author spotlight together, as the page loads them), a search, a typeahead (three keystrokes
 * apart), a book page (detail, related and reviews together), … — then pauses for a think time drawn
 * uniformly around BENCH_THINK_MS (default 1000 ms; 0 runs the clients flat out, a saturation test).
 *
 * Prints requests per second, p50/p99/max per kind of request, chat delivery latency (send → receipt
 * by every other member of the club, across both nodes) and every error (any status the app would not
 * answer a well-behaved client, and any connection failure). Goal: 0 errors, p99 ≤ 200 ms. Also
 * prints the CPU each part used, to show where the time goes.
 *
 * Environment: BENCH_CLIENTS [200]  BENCH_SECONDS [60]  BENCH_THINK_MS [1000]  BENCH_READER_SHARE [0.7]
 * BENCH_NODE_ARGS extra node options for the server processes (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p").
 * The rate limits on sign-in are raised for the run: every client comes from 127.0.0.1.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ClubMessage } from '@nebab/shared';
import { Pool } from 'undici';
import { startCluster, stopClusterOnExit } from '../scripts/cluster/cluster.js';
import {
  chatSocket,
  connected,
  envNumber,
  percentile,
  READER_PASSWORD,
  Recorder,
  sampleBookIds,
  seedReaders,
  sleep,
  treeCpuSeconds,
  type ChatSocket,
  type SeededReader,
} from './lib/cluster-bench.js';
import { SEARCH, searchPath, SUGGEST } from './queries.js';
import pg from 'pg';

const CLIENTS = Math.floor(envNumber('BENCH_CLIENTS', 200));
const SECONDS = envNumber('BENCH_SECONDS', 60);
const THINK_MS = envNumber('BENCH_THINK_MS', 1000);
const READER_SHARE = envNumber('BENCH_READER_SHARE', 0.7);
const CLUB_SIZE = 8;

const KIND_ORDER = [
  'landing',
  'trending',
  'spotlight',
  'search',
  'suggest',
  'book',
  'related',
  'reviews',
  'review-write',
  'signin',
  'list',
  'list-add',
  'list-remove',
  'chat-send',
  'chat-delivery',
] as const;
type Kind = (typeof KIND_ORDER)[number];

const recorder = new Recorder();
const GOAL_P99_MS = 200;
/**
 * Requests over the goal by the second of the run they started in (and their kinds): whether the
 * tail is spread over the minute or comes in bursts, and when (UTC, to find them in the logs).
 */
const slowBySecond = new Map<number, Map<string, number>>();
function noteSlow(kind: string, startedAt: number): void {
  const second = Math.floor((performance.timeOrigin + startedAt) / 1000);
  let kinds = slowBySecond.get(second);
  if (!kinds) slowBySecond.set(second, (kinds = new Map()));
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}
/**
 * Latencies count for what starts once every client has arrived (see `allArrived`): a request begun in
 * the ramp-up belongs to it even when it ends later. Errors count all along (ramp-up too).
 */
let measuredFrom = Number.POSITIVE_INFINITY;
const counts = (startedAt: number) => startedAt >= measuredFrom;
/**
 * Clients arrive over the ramp-up (140 argon2 sign-ins at once would be a burst no real site sees);
 * the SECONDS measured start once all of them are there.
 */
const RAMP_MS = Math.min(10_000, (SECONDS * 1000) / 4);

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/** Popular books are visited most: an index skewed towards the head of the list. */
function skewed<T>(items: readonly T[]): T {
  return items[Math.floor(items.length * Math.random() ** 2.5)]!;
}

interface CallOptions {
  token?: string;
  body?: unknown;
  /** Statuses a well-behaved client expects (default 200). */
  expect?: readonly number[];
  /**
   * The caller uses the answer: it is decoded and parsed. Other answers are read in full but not
   * decoded: that is the work of the readers' own devices, and done here it took a fifth of a core
   * beside the cluster and delayed the clock of every other request in flight.
   */
  read?: boolean;
}

/** A body as the server sent it, decoded (`br` or `gzip`), as a browser does. */
function decompressed(body: Buffer, encoding: string | string[] | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

function createCaller(pool: Pool) {
  return async function call<T = unknown>(
    kind: Kind,
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    path: string,
    options: CallOptions = {},
  ): Promise<T | undefined> {
    // As a browser asks: compressed answers (the server compresses every answer of 1 kB or more).
    const headers: Record<string, string> = {
      'accept-language': Math.random() < 0.3 ? 'am' : 'en',
      'accept-encoding': 'br, gzip',
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    try {
      const response = await pool.request({
        method,
        path,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const body = Buffer.from(await response.body.arrayBuffer());
      const ms = performance.now() - started;
      const text = () => decompressed(body, response.headers['content-encoding']).toString('utf8');
      const expected = options.expect ?? [200];
      if (!expected.includes(response.statusCode)) {
        recorder.fail(kind, `${method} ${path} → ${response.statusCode} ${text().slice(0, 160)}`);
        return undefined;
      }
      if (counts(started)) {
        recorder.ok(kind, ms);
        if (ms > GOAL_P99_MS) noteSlow(kind, started);
      }
      if (!options.read) return undefined;
      return JSON.parse(text()) as T;
    } catch (error) {
      recorder.fail(kind, `${method} ${path} → ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
}

type Call = ReturnType<typeof createCaller>;

interface Books {
  popular: string[];
  ethiopian: string[];
}

function anyBook(books: Books): string {
  return Math.random() < 0.85 ? skewed(books.popular) : pick(books.ethiopian);
}

/** What a guest and a reader both do. */
function browsing(call: Call, books: Books, token?: string) {
  return {
    async landing() {
      await Promise.all([
        call('landing', 'GET', '/', { expect: [200] }),
        call('trending', 'GET', '/api/books/trending?limit=10', { token }),
        call(
          'spotlight',
          'GET',
          searchPath({ author: 'Chimamanda Ngozi Adichie', sort: 'rating', page: 1, pageSize: 3 }),
          { token },
        ),
      ]);
    },
    async search() {
      await call('search', 'GET', searchPath(pick(SEARCH)), { token });
    },
    async suggest() {
      // Three keystrokes of a typeahead, a debounce apart.
      const q = pick(SUGGEST);
      for (const length of [Math.max(2, q.length - 4), Math.max(2, q.length - 2), q.length]) {
        await call('suggest', 'GET', `/api/search/suggest?q=${encodeURIComponent(q.slice(0, length))}`, {
          token,
        });
        await sleep(120);
      }
    },
    async book() {
      const id = encodeURIComponent(anyBook(books));
      await Promise.all([
        call('book', 'GET', `/api/books/${id}`, { token }),
        call('related', 'GET', `/api/books/${id}/related?sort=popular&limit=9&offset=0`, { token }),
        call('reviews', 'GET', `/api/books/${id}/reviews`, { token }),
      ]);
    },
  };
}

function weighted<T>(choices: ReadonlyArray<readonly [number, T]>): () => T {
  const total = choices.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const [weight, value] of choices) {
      roll -= weight;
      if (roll <= 0) return value;
    }
    return choices.at(-1)![1];
  };
}

const think = () => (THINK_MS === 0 ? Promise.resolve() : sleep(THINK_MS * (0.5 + Math.random())));

/**
 * Chat bookkeeping: when each message was sent, and which sockets were in its club's room then (every
 * one of them is owed the message, the sender's included: the room broadcast reaches it too).
 */
const sentAt = new Map<string, number>();
let deliveriesExpected = 0;
let deliveries = 0;
const joinedAt = new Map<string, Map<number, number>>();

/**
 * The measured minute starts once every client has arrived — a guest when it starts browsing, a reader
 * once signed in and in its club's room — and its end is set then (clients stop at `endAt`).
 */
let endAt = Number.POSITIVE_INFINITY;
let arrivals = 0;
let everyoneArrived: () => void = () => undefined;
const allArrived = new Promise<void>((resolve) => {
  everyoneArrived = resolve;
});
function arrive(): void {
  arrivals += 1;
  if (arrivals === CLIENTS) everyoneArrived();
}

async function guest(call: Call, books: Books): Promise<void> {
  const actions = browsing(call, books);
  const next = weighted([
    [20, actions.landing],
    [25, actions.search],
    [20, actions.suggest],
    [35, actions.book],
  ] as const);
  await sleep(Math.random() * Math.max(THINK_MS, 200));
  arrive();
  while (performance.now() < endAt) {
    await next()();
    await think();
  }
}

async function reader(
  call: Call,
  books: Books,
  balancerUrl: string,
  me: SeededReader,
  index: number,
  sockets: ChatSocket[],
): Promise<void> {
  await sleep(Math.random() * RAMP_MS);
  const signIn = async () =>
    (
      await call<{ token: string }>('signin', 'POST', '/api/auth/login', {
        body: { email: me.email, password: READER_PASSWORD },
        read: true,
      })
    )?.token;
  let token = await signIn();
  if (!token) {
    arrive();
    return;
  }

  const socket = chatSocket(balancerUrl, token, { reconnection: true });
  sockets.push(socket);
  let joined = Number.POSITIVE_INFINITY;
  socket.on('club:message', (message: ClubMessage) => {
    const at = sentAt.get(message.content);
    // Only messages sent once this socket was in the room are owed to it.
    if (at === undefined || at < joined) return;
    deliveries += 1;
    if (counts(at)) recorder.ok('chat-delivery', performance.now() - at);
  });
  try {
    await connected(socket);
    const ack = await socket.timeout(10_000).emitWithAck('club:join', { clubId: me.clubId });
    if (!ack.ok) throw new Error(ack.code);
    joined = performance.now();
    let room = joinedAt.get(me.clubId);
    if (!room) joinedAt.set(me.clubId, (room = new Map()));
    room.set(index, joined);
  } catch (error) {
    recorder.fail('chat-send', `join: ${error instanceof Error ? error.message : String(error)}`);
  }
  arrive();

  const onList = new Set<string>();
  let sent = 0;
  const actions = {
    ...browsing(call, books, token),
    async list() {
      await call('list', 'GET', '/api/reading-list', { token });
    },
    async listChange() {
      if (onList.size > 0 && Math.random() < 0.4) {
        const bookId = pick([...onList]);
        onList.delete(bookId);
        await call('list-remove', 'DELETE', `/api/reading-list/${encodeURIComponent(bookId)}`, {
          token,
          expect: [204],
        });
        return;
      }
      const bookId = anyBook(books);
      if (onList.has(bookId)) return;
      onList.add(bookId);
      await call('list-add', 'POST', '/api/reading-list', {
        token,
        body: { bookId, status: 'wantToRead' },
        expect: [201],
      });
    },
    async review() {
      const bookId = encodeURIComponent(anyBook(books));
      await call('review-write', 'POST', `/api/books/${bookId}/reviews`, {
        token,
        body: {
          rating: 1 + Math.floor(Math.random() * 5),
          comment: `Read it during the load test (reader ${index}).`,
          visibility: 'public',
        },
        expect: [200, 201],
      });
    },
    async chat() {
      if (!socket.connected) return;
      const content = `load ${index} ${sent++}`;
      const started = performance.now();
      sentAt.set(content, started);
      deliveriesExpected += joinedAt.get(me.clubId)?.size ?? 0;
      try {
        const ack = await socket.timeout(10_000).emitWithAck('club:message', { clubId: me.clubId, content });
        if (!ack.ok) {
          recorder.fail('chat-send', `${ack.code} ${ack.message ?? ''}`);
          return;
        }
        if (counts(started)) recorder.ok('chat-send', performance.now() - started);
      } catch (error) {
        recorder.fail('chat-send', error instanceof Error ? error.message : String(error));
      }
    },
    async signInAgain() {
      token = (await signIn()) ?? token;
    },
  };
  const next = weighted([
    [10, actions.landing],
    [15, actions.search],
    [12, actions.suggest],
    [25, actions.book],
    [5, actions.list],
    [12, actions.listChange],
    [6, actions.review],
    [12, actions.chat],
    [3, actions.signInAgain],
  ] as const);
  await think();
  while (performance.now() < endAt) {
    await next()();
    await think();
  }
}

/** Runs `work` on a connection of its own to the cluster's PostgreSQL, closed afterwards. */
async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * BENCH_PG_STATEMENTS=1 (with CLUSTER_PG_OPTIONS="-c shared_preload_libraries=pg_stat_statements",
 * and "-c pg_stat_statements.track_planning=on" for the planning times): the statements PostgreSQL
 * spent most time on during the measured run, to find where its share goes.
 */
async function printStatements(url: string): Promise<void> {
  await withStatements(url, async (client) => {
    const { rows } = await client.query<{
      calls: string;
      total: number;
      mean: number;
      plan: number;
      query: string;
    }>(
      `SELECT calls, total_exec_time AS total, mean_exec_time AS mean, total_plan_time AS plan,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
       FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT 20`,
    );
    const { rows: all } = await client.query<{ calls: string; total: number; plan: number }>(
      `SELECT sum(calls)::bigint AS calls, sum(total_exec_time) AS total, sum(total_plan_time) AS plan
       FROM pg_stat_statements`,
    );
    console.log(
      `\nPostgreSQL, most time spent during the measured run (pg_stat_statements; all ${all[0]?.calls ?? 0} statements: ${(all[0]?.total ?? 0).toFixed(0)} ms executing, ${(all[0]?.plan ?? 0).toFixed(0)} ms planning):`,
    );
    for (const row of rows)
      console.log(
        `  ${row.total.toFixed(0).padStart(7)} ms ${row.calls.padStart(6)} calls ${row.mean.toFixed(2).padStart(7)} ms (planning ${row.plan.toFixed(0)} ms)  ${row.query}`,
      );
  });
}

/** Starts pg_stat_statements' counts afresh (the catalogue import and the warm-up left theirs). */
async function resetStatements(url: string): Promise<void> {
  await withStatements(url, async (client) => {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  });
}

/** `withPostgres` for pg_stat_statements, which the cluster may not load: says so instead of failing. */
async function withStatements(url: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  await withPostgres(url, work).catch((error: unknown) =>
    console.log(`pg_stat_statements unavailable: ${String(error)}`),
  );
}

/**
 * Connections PostgreSQL has accepted so far (pg_stat_database.sessions): the nodes' pools should
 * keep theirs, as a new one costs the server a process and its caches warmed again.
 */
async function postgresSessions(url: string): Promise<number | null> {
  return withPostgres(url, async (client) => {
    const { rows } = await client.query<{ sessions: string }>(
      'SELECT sum(sessions)::bigint AS sessions FROM pg_stat_database',
    );
    return Number(rows[0]?.sessions ?? 0);
  }).catch(() => null);
}

async function main(): Promise<void> {
  console.log(
    `Load bench: ${CLIENTS} clients (${Math.round(READER_SHARE * 100)}% signed-in readers) for ${SECONDS} s, think time ${THINK_MS} ms ± 50%`,
  );
  const cluster = await startCluster({
    env: {
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    },
  });
  stopClusterOnExit(cluster);
  const sockets: ChatSocket[] = [];
  // Idle connections are let go before the balancer's own keep-alive timeout (10 s) closes them, as
  // browsers do: a request sent on a connection the balancer is closing meets "other side closed".
  const pool = new Pool(cluster.url, { connections: CLIENTS + 50, pipelining: 1, keepAliveTimeout: 8_000 });
  try {
    const readerCount = Math.round(CLIENTS * READER_SHARE);
    const { readers } = await seedReaders(cluster.postgres.url, {
      count: readerCount,
      clubCount: Math.max(1, Math.ceil(readerCount / CLUB_SIZE)),
      prefix: 'Load',
    });
    const books = await sampleBookIds(cluster.postgres.url);
    console.log(
      `Seeded ${readers.length} readers in ${Math.ceil(readerCount / CLUB_SIZE)} clubs; ${books.popular.length + books.ethiopian.length} books to visit`,
    );
    const call = createCaller(pool);

    // Warm-up: every kind once, unmeasured (first queries plan and fill caches).
    await Promise.all(
      Array.from({ length: 20 }, () =>
        Promise.all([
          browsing(call, books).landing(),
          browsing(call, books).search(),
          browsing(call, books).book(),
        ]),
      ),
    );

    const pids = {
      nodes: cluster.nodes.map((node) => node.process()?.pid ?? -1),
      postgres: cluster.postgres.pid() ?? -1,
      balancer: cluster.balancer.pid,
    };
    const cpu = async () => ({
      nodes: await Promise.all(pids.nodes.map((pid) => treeCpuSeconds(pid))),
      postgres: await treeCpuSeconds(pids.postgres),
      balancer: await treeCpuSeconds(pids.balancer),
      bench: process.cpuUsage(),
    });
    const clients: Array<Promise<void>> = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      clients.push(
        i < readers.length ? reader(call, books, cluster.url, readers[i]!, i, sockets) : guest(call, books),
      );
    }
    // The ramp-up, and the last arrivals' sign-ins and joins (they were still running when the measured
    // minute began at the ramp-up's end: 14 sign-ins a second on top of the full traffic).
    await Promise.all([sleep(RAMP_MS), allArrived]);
    if (process.env.BENCH_PG_STATEMENTS) await resetStatements(cluster.postgres.url);
    const sessionsBefore = await postgresSessions(cluster.postgres.url);
    const cpuBefore = await cpu();
    const osCpuBefore = os.cpus().map((core) => core.times);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const started = performance.now();
    measuredFrom = started;
    endAt = started + SECONDS * 1000;
    // The wall-clock time, to find the run in the servers' and the balancer's logs.
    console.log(
      `  all ${CLIENTS} clients arrived at ${new Date().toISOString().slice(11, 19)} UTC (${(RAMP_MS / 1000).toFixed(0)} s ramp-up, not measured)`,
    );
    const progress = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      console.log(
        `  ${elapsed.toFixed(0).padStart(3)} s  ${recorder.totalOk()} ok, ${recorder.totalErrors()} errors`,
      );
    }, 10_000);
    await Promise.all(clients);
    clearInterval(progress);
    const elapsed = (performance.now() - started) / 1000;
    // Stragglers of the chat.
    const drainUntil = performance.now() + 3000;
    while (deliveries < deliveriesExpected && performance.now() < drainUntil) await sleep(50);
    loopDelay.disable();
    const cpuAfter = await cpu();
    const osCpuAfter = os.cpus().map((core) => core.times);
    const sessionsAfter = await postgresSessions(cluster.postgres.url);

    const httpCount = recorder.totalOk((kind) => !kind.startsWith('chat-'));
    const httpErrors = [...recorder.errors]
      .filter(([kind]) => !kind.startsWith('chat-'))
      .reduce((s, [, n]) => s + n, 0);
    console.log('');
    console.log(
      `HTTP requests      ${httpCount + httpErrors} in ${elapsed.toFixed(1)} s = ${((httpCount + httpErrors) / elapsed).toFixed(0)} requests/s; chat messages ${recorder.latencies.get('chat-send')?.length ?? 0} (${((recorder.latencies.get('chat-send')?.length ?? 0) / elapsed).toFixed(1)}/s)`,
    );
    for (const line of recorder.table(KIND_ORDER)) console.log(`  ${line}`);
    const allHttp = [...recorder.latencies]
      .filter(([kind]) => !kind.startsWith('chat-'))
      .flatMap(([, list]) => list)
      .sort((a, b) => a - b);
    console.log(
      `All HTTP           p50 ${percentile(allHttp, 50).toFixed(1)} ms, p99 ${percentile(allHttp, 99).toFixed(1)} ms, max ${(allHttp.at(-1) ?? Number.NaN).toFixed(1)} ms`,
    );
    console.log(
      `Chat deliveries    ${deliveries} of ${deliveriesExpected} owed (${deliveriesExpected - deliveries} lost)`,
    );
    const slow = [...slowBySecond].map(([second, kinds]) => ({
      second,
      count: [...kinds.values()].reduce((sum, n) => sum + n, 0),
      kinds,
    }));
    const slowTotal = slow.reduce((sum, { count }) => sum + count, 0);
    const worst = [...slow].sort((a, b) => b.count - a.count).slice(0, 5);
    console.log(
      `Over ${GOAL_P99_MS} ms      ${slowTotal} requests in ${slow.length} of the ${Math.ceil(elapsed)} seconds${worst.length ? '; the worst seconds (UTC):' : ''}`,
    );
    for (const { second, count, kinds } of worst)
      console.log(
        `  ${new Date(second * 1000).toISOString().slice(11, 19)}  ${count} (${[...kinds]
          .sort((a, b) => b[1] - a[1])
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', ')})`,
      );
    console.log(`Errors             ${recorder.totalErrors()}`);
    for (const sample of recorder.samples) console.log(`  ${sample}`);

    const busy = (times: typeof osCpuBefore, later: typeof osCpuAfter) =>
      later.reduce((sum, core, i) => {
        const before = times[i]!;
        const total = (t: typeof core) => t.user + t.nice + t.sys + t.idle + t.irq;
        const idle = core.idle - before.idle;
        const all = total(core) - total(before);
        return sum + (all > 0 ? 1 - idle / all : 0);
      }, 0);
    const share = (before: number | null | undefined, after: number | null | undefined) =>
      before == null || after == null ? 'n/a' : `${(((after - before) / elapsed) * 100).toFixed(0)}%`;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    console.log(
      `CPU (of one core)  nodes ${cluster.nodes.map((_n, i) => share(cpuBefore.nodes[i], cpuAfter.nodes[i])).join(' + ')}, PostgreSQL ${share(cpuBefore.postgres, cpuAfter.postgres)}, HAProxy ${share(cpuBefore.balancer, cpuAfter.balancer)}, load generator ${(((benchCpu.user + benchCpu.system) / 1e6 / elapsed) * 100).toFixed(0)}% (event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms); whole machine ${(busy(osCpuBefore, osCpuAfter) * 100).toFixed(0)}% of ${os.cpus().length} cores`,
    );
    if (sessionsBefore !== null && sessionsAfter !== null)
      console.log(
        `PostgreSQL         ${sessionsAfter - sessionsBefore - 1} connections opened during the run (the bench's own not counted)`,
      );
    const worstP99 = Math.max(
      ...KIND_ORDER.filter((k) => k !== 'chat-delivery')
        .map((k) => recorder.p99(k))
        .filter(Number.isFinite),
    );
    console.log(
      `Machine            ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')} (other processes included)`,
    );
    console.log(
      `Goal               0 errors, p99 ≤ ${GOAL_P99_MS} ms: ${recorder.totalErrors() === 0 && worstP99 <= GOAL_P99_MS && deliveries === deliveriesExpected ? 'met' : 'NOT met'} (worst p99 ${worstP99.toFixed(1)} ms)`,
    );
    if (recorder.totalErrors() > 0 || deliveries !== deliveriesExpected) process.exitCode = 1;
    if (process.env.BENCH_PG_STATEMENTS) await printStatements(cluster.postgres.url);
  } finally {
    for (const socket of sockets) socket.disconnect();
    await pool.close().catch(() => undefined);
    await cluster.stop();
  }
}

await main();

/**
 * `npm run bench:faults` (`BENCH_FAULTS_SHORT=1` for the shortened run of CI's PostgreSQL stage)
 *
 * Faults against the production topology of `npm run cluster` (HAProxy → 2 nodes → PostgreSQL,
 * Redis, S3), each checked for what was lost and how long recovery took:
 *
 *  1. kill -9 one node during a burst of writes (reading-list adds, reviews) and chat: every write
 *     the API acknowledged and every message whose send was acknowledged is in the database
 *     afterwards; the chat clients of the killed node reconnect through the balancer to the other
 *     one and catch up with `GET /api/clubs/:id/messages?after=` exactly as the web client does
 *     (`mergeMessages` / `newestId`), ending with every message of their club, none twice — those
 *     that stayed on the other node included: a message the killed node stored but never broadcast
 *     reaches them through the digest of recent messages (`club:recent`), as in the web client.
 *  2. restart PostgreSQL under load: meanwhile every failed answer is 503 `UNAVAILABLE` in the API's
 *     error shape with `Retry-After` (from a node, or from the balancer once both are out of its
 *     rotation), never a 500 or a dropped connection; all answers succeed again within 5 s of the
 *     database accepting connections, with nothing restarted by hand.
 *  3. stop Redis: REST through the balancer keeps answering 200; chat keeps working between the
 *     sockets of each node; when Redis returns, messages cross nodes again (time measured), and the
 *     messages sent during the outage are all stored and reach the other node's readers by catch-up.
 *  4. kill -9 during the first-start catalogue import on PGlite (no cluster: one node, its embedded
 *     database): the next start imports the whole catalogue, and the one after finds it in place.
 *  5. a rolling restart under load, as docs/deploy.md does it: each node in turn is
 *     drained in the balancer, stopped with SIGTERM, started again and put back; no request fails
 *     and the chat clients move over and catch up.
 *
 * Prints each check's figures and a summary; exits 1 when a check fails. BENCH_FAULTS_ONLY=1,3
 * runs some checks only.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ClubMessage } from '@nebab/shared';
import pg from 'pg';
import { Pool } from 'undici';
import { mergeMessages, newestId } from '../apps/web/src/features/clubs/mergeMessages.js';
import { freePort } from '../apps/server/test/helpers.js';
import { startCluster, stopClusterOnExit, type Cluster } from '../scripts/cluster/cluster.js';
import {
  chatSocket,
  connected,
  READER_PASSWORD,
  sampleBookIds,
  seedReaders,
  sleep,
  type ChatSocket,
  type SeededReader,
} from './lib/cluster-bench.js';

const SHORT = ['1', 'true', 'yes'].includes((process.env.BENCH_FAULTS_SHORT ?? '').toLowerCase());
const ONLY = new Set(
  (process.env.BENCH_FAULTS_ONLY ?? '1,2,3,4,5')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => n >= 1 && n <= 5),
);
const READERS = SHORT ? 24 : 60;
const CLUB_SIZE = 6;
/** Length of the write burst of check 1, and of the load around the outages of checks 2 and 3. */
const BURST_SECONDS = SHORT ? 8 : 20;
const RECOVERY_GOAL_MS = 5000;

interface CheckResult {
  name: string;
  ok: boolean;
  summary: string;
}
const results: CheckResult[] = [];

function report(name: string, ok: boolean, summary: string, lines: string[]): void {
  console.log(`\n${ok ? 'PASS' : 'FAIL'}  ${name}`);
  for (const line of lines) console.log(`      ${line}`);
  results.push({ name, ok, summary });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** JSON over the balancer (or a node), keep-alive; never throws (a failure is status 0). */
function createClient(baseUrl: string) {
  const pool = new Pool(baseUrl, { connections: 64 });
  async function call<T = unknown>(
    method: string,
    pathname: string,
    options: { token?: string; body?: unknown; lang?: string } = {},
  ): Promise<{ status: number; body: T | undefined; retryAfter?: string; error?: string }> {
    const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await pool.request({
        method: method as 'GET',
        path: pathname,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        headersTimeout: 15_000,
        bodyTimeout: 15_000,
      });
      const text = await response.body.text();
      let body: T | undefined;
      try {
        body = text ? (JSON.parse(text) as T) : undefined;
      } catch {
        body = undefined;
      }
      const retryAfter = response.headers['retry-after'];
      return {
        status: response.statusCode,
        body,
        retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
      };
    } catch (error) {
      return { status: 0, body: undefined, error: error instanceof Error ? error.message : String(error) };
    }
  }
  return { call, close: () => pool.close() };
}
type Client = ReturnType<typeof createClient>;

function isErrorShape(body: unknown, code?: string): boolean {
  if (!body || typeof body !== 'object' || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  if (!error || typeof error !== 'object') return false;
  const { code: actual, message } = error as { code?: unknown; message?: unknown };
  return (
    typeof actual === 'string' && typeof message === 'string' && message !== '' && (!code || actual === code)
  );
}

async function signIn(client: Client, reader: SeededReader): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await client.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email: reader.email, password: READER_PASSWORD },
    });
    if (response.status === 200 && response.body?.token) return response.body.token;
    await sleep(500);
  }
  throw new Error(`could not sign in ${reader.email}`);
}

/**
 * A chat client as the web app's `useClubChat`: on every (re)connection it joins the room, then
 * pages `?after=<newest held>` while `hasMore` (the first time, the latest page); live messages and
 * pages merge by id. What the server's digest (`club:recent`) lists and it lacks, it fetches.
 */
class ChatClient {
  held: ClubMessage[] = [];
  /** Broadcasts of an id this client had already been sent live: a server-side duplicate. */
  duplicateBroadcasts = 0;
  private seenLive = new Set<string>();
  disconnects = 0;
  /** Milliseconds from each disconnection to the room joined again and the gap filled. */
  recoveries: number[] = [];
  /** Milliseconds from each disconnection to the socket connected again (through the balancer). */
  reconnections: number[] = [];
  catchUpRetries = 0;
  joins = 0;
  private disconnectedAt: number | undefined;
  private fills: Promise<void> = Promise.resolve();
  readonly socket: ChatSocket;

  constructor(
    private readonly url: string,
    private readonly http: Client,
    readonly reader: SeededReader,
    readonly token: string,
  ) {
    this.socket = chatSocket(url, token, { reconnection: true });
    this.socket.on('connect', () => {
      if (this.disconnectedAt !== undefined) this.reconnections.push(performance.now() - this.disconnectedAt);
      this.socket.emit('club:join', { clubId: reader.clubId }, (ack) => {
        if (!ack.ok) return;
        this.joins += 1;
        const since = this.disconnectedAt;
        this.fills = this.fills
          .then(() => this.catchUp())
          .then(() => {
            if (since !== undefined) {
              this.recoveries.push(performance.now() - since);
              this.disconnectedAt = undefined;
            }
          });
      });
    });
    this.socket.on('disconnect', () => {
      this.disconnects += 1;
      this.disconnectedAt ??= performance.now();
    });
    this.socket.on('club:message', (message) => {
      if (message.clubId !== reader.clubId) return;
      if (this.seenLive.has(message.id)) this.duplicateBroadcasts += 1;
      this.seenLive.add(message.id);
      this.held = mergeMessages(this.held, [message]);
    });
    this.socket.on('club:recent', (digest) => {
      if (digest.clubId !== reader.clubId || this.held.length === 0) return;
      const have = new Set(this.held.map((message) => message.id));
      const missing = new Set(digest.ids.filter((id) => !have.has(id) && !this.asked.has(id)));
      if (missing.size === 0) return;
      for (const id of missing) this.asked.add(id);
      this.fills = this.fills.then(() => this.fetchListed(missing));
    });
  }

  /** Ids a digest listed that this client fetched for (each asked about once, as the web client). */
  private asked = new Set<string>();
  /** Messages a digest listed that this client lacked and then fetched. */
  digestFilled = 0;

  /** As the web client's `fetchListed`: the latest page, then earlier ones while some are missing. */
  private async fetchListed(missing: Set<string>): Promise<void> {
    try {
      let before = '';
      for (let pages = 0; pages < 4 && missing.size > 0; pages += 1) {
        const page = await this.page(`${before ? `before=${before}&` : ''}limit=100`);
        this.held = mergeMessages(this.held, page.items);
        for (const message of page.items) if (missing.delete(message.id)) this.digestFilled += 1;
        before = page.items[0]?.id ?? '';
        if (!page.hasMore || !before) return;
      }
    } catch {
      for (const id of missing) this.asked.delete(id);
    }
  }

  private async page(query: string): Promise<{ items: ClubMessage[]; hasMore: boolean }> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await this.http.call<{ items: ClubMessage[]; hasMore: boolean }>(
        'GET',
        `/api/clubs/${this.reader.clubId}/messages?${query}`,
        { token: this.token },
      );
      if (response.status === 200 && response.body) return response.body;
      if (attempt >= 20) throw new Error(`catch-up failed: ${response.status}`);
      this.catchUpRetries += 1;
      await sleep(250);
    }
  }

  private async catchUp(): Promise<void> {
    if (this.held.length === 0) {
      const page = await this.page('limit=50');
      this.held = mergeMessages(this.held, page.items);
      return;
    }
    for (;;) {
      const after = newestId(this.held);
      if (!after) return;
      const page = await this.page(`after=${after}&limit=100`);
      this.held = mergeMessages(this.held, page.items);
      if (!page.hasMore || page.items.length === 0) return;
    }
  }

  /** Waits until the client is connected and joined, with its latest catch-up done. */
  async settled(timeoutMs = 20_000): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (this.socket.connected && this.disconnectedAt === undefined && this.joins > 0) {
        await this.fills;
        return true;
      }
      await sleep(100);
    }
    return false;
  }

  /** Sends refused up front because the socket was reconnecting (the web client says "offline"). */
  offlineSends = 0;

  async send(content: string): Promise<ClubMessage | undefined> {
    if (!this.socket.connected) {
      this.offlineSends += 1;
      return undefined;
    }
    try {
      const ack = await this.socket
        .timeout(5000)
        .emitWithAck('club:message', { clubId: this.reader.clubId, content });
      return ack.ok ? ack.data : undefined;
    } catch {
      return undefined;
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// 1. kill -9 a node during writes and chat

async function killNodeCheck(
  cluster: Cluster,
  http: Client,
  readers: Array<SeededReader & { token: string }>,
  books: string[],
  db: pg.Pool,
): Promise<void> {
  const name = '1. kill -9 a node during writes and chat';
  const clients = readers.map((reader) => new ChatClient(cluster.url, http, reader, reader.token));
  await Promise.all(clients.map((client) => connected(client.socket).catch(() => undefined)));
  await Promise.all(clients.map((client) => client.settled()));

  const victim = cluster.nodes[0]!;
  const ackedList: Array<{ userId: string; bookId: string }> = [];
  const ackedReviews: string[] = [];
  const ackedMessages: ClubMessage[] = [];
  const failed = new Map<string, number>();
  const failedWrites: Array<{ userId: string; bookId: string }> = [];
  let sentMessages = 0;
  let messageFailures = 0;
  const fail = (what: string) => failed.set(what, (failed.get(what) ?? 0) + 1);

  const started = performance.now();
  const until = started + BURST_SECONDS * 1000;
  const killAt = started + (BURST_SECONDS * 1000) / 3;
  let killedAt = 0;
  const killer = (async () => {
    await sleep(killAt - performance.now());
    killedAt = performance.now();
    await victim.kill();
  })();

  let bookCursor = 0;
  const nextBook = () => books[bookCursor++ % books.length]!;
  await Promise.all(
    clients.map(async (client, index) => {
      await sleep(Math.random() * 300);
      let step = 0;
      while (performance.now() < until) {
        step += 1;
        const bookId = nextBook();
        if (step % 3 === 0) {
          const response = await http.call<{ id: string }>(
            'POST',
            `/api/books/${encodeURIComponent(bookId)}/reviews`,
            {
              token: client.token,
              body: {
                rating: 1 + (step % 5),
                comment: `Fault bench review ${index}/${step}`,
                visibility: 'public',
              },
            },
          );
          if ((response.status === 200 || response.status === 201) && response.body?.id)
            ackedReviews.push(response.body.id);
          else fail(`review → ${response.status || response.error}`);
        } else {
          const response = await http.call('POST', '/api/reading-list', {
            token: client.token,
            body: { bookId, status: 'wantToRead' },
          });
          if (response.status === 201) ackedList.push({ userId: client.reader.userId, bookId });
          else if (response.status !== 409) {
            fail(`reading-list add → ${response.status || response.error}`);
            failedWrites.push({ userId: client.reader.userId, bookId });
          }
        }
        // One message a reader every ~1.2 s stays under the chat limit (5 in 5 s).
        if (step % 2 === 0) {
          sentMessages += 1;
          const stored = await client.send(`fault ${index} ${step}`);
          if (stored) ackedMessages.push(stored);
          else messageFailures += 1;
        }
        await sleep(250 + Math.random() * 200);
      }
    }),
  );
  await killer;
  const burstEnded = performance.now();

  // Clients settle (reconnected, caught up); then the killed node comes back.
  const settledAll = (await Promise.all(clients.map((client) => client.settled(30_000)))).every(Boolean);
  await sleep(1500);
  const restartStarted = performance.now();
  await victim.start();
  await cluster.waitForBalancer();
  const restartMs = performance.now() - restartStarted;
  // Fetches a digest started meanwhile end before the views are compared.
  await Promise.all(clients.map((client) => client.settled()));

  // What the database holds.
  const listRows = await db.query<{ user_id: string; book_id: string }>(
    'SELECT user_id, book_id FROM reading_list_entries WHERE user_id = ANY($1)',
    [readers.map((reader) => reader.userId)],
  );
  const listStored = new Set(listRows.rows.map((row) => `${row.user_id}|${row.book_id}`));
  const lostList = ackedList.filter((write) => !listStored.has(`${write.userId}|${write.bookId}`));
  const failedButStored = failedWrites.filter((write) =>
    listStored.has(`${write.userId}|${write.bookId}`),
  ).length;
  const reviewRows = await db.query<{ id: string }>('SELECT id FROM reviews WHERE id = ANY($1)', [
    ackedReviews,
  ]);
  const lostReviews = ackedReviews.length - reviewRows.rowCount!;
  const messageRows = await db.query<{ id: string; club_id: string }>(
    'SELECT id, club_id FROM club_messages WHERE club_id = ANY($1) ORDER BY seq',
    [[...new Set(readers.map((reader) => reader.clubId))]],
  );
  const storedIds = new Set(messageRows.rows.map((row) => row.id));
  const lostMessages = ackedMessages.filter((message) => !storedIds.has(message.id)).length;

  // Each client's view against its club's messages in the database.
  let gaps = 0;
  let duplicatesInView = 0;
  let clientsWithGaps = 0;
  const ackedIds = new Set(ackedMessages.map((message) => message.id));
  const gapKinds = { stayed: 0, moved: 0, acked: 0, unacked: 0 };
  for (const client of clients) {
    const clubIds = messageRows.rows
      .filter((row) => row.club_id === client.reader.clubId)
      .map((row) => row.id);
    const held = client.held.map((message) => message.id);
    duplicatesInView += held.length - new Set(held).size;
    const heldSet = new Set(held);
    const missingIds = clubIds.filter((id) => !heldSet.has(id));
    gaps += missingIds.length;
    if (missingIds.length > 0) {
      clientsWithGaps += 1;
      gapKinds[client.disconnects > 0 ? 'moved' : 'stayed'] += missingIds.length;
      for (const id of missingIds) gapKinds[ackedIds.has(id) ? 'acked' : 'unacked'] += 1;
    }
  }
  const moved = clients.filter((client) => client.disconnects > 0);
  const recoveries = moved.flatMap((client) => client.recoveries).sort((a, b) => a - b);
  const duplicateBroadcasts = clients.reduce((sum, client) => sum + client.duplicateBroadcasts, 0);
  const catchUpRetries = clients.reduce((sum, client) => sum + client.catchUpRetries, 0);
  const digestFilled = clients.reduce((sum, client) => sum + client.digestFilled, 0);
  for (const client of clients) client.close();

  const ok =
    lostList.length === 0 &&
    lostReviews === 0 &&
    lostMessages === 0 &&
    gaps === 0 &&
    duplicatesInView === 0 &&
    duplicateBroadcasts === 0 &&
    settledAll &&
    moved.length > 0 &&
    recoveries.length >= moved.length;
  const failures = [...failed].map(([what, count]) => `${count}× ${what}`).join(', ') || 'none';
  report(
    name,
    ok,
    `lost ${lostList.length + lostReviews + lostMessages}, gaps ${gaps}; reconnect ≤ ${seconds(recoveries.at(-1) ?? 0)}`,
    [
      `burst of ${seconds(burstEnded - started)}, ${clients.length} readers through the balancer; ${victim.name} killed (SIGKILL) at ${seconds(killedAt - started)}`,
      `acknowledged: ${ackedList.length} reading-list adds, ${ackedReviews.length} reviews, ${ackedMessages.length} of ${sentMessages} chat messages`,
      `lost (acknowledged, not stored): ${lostList.length} adds, ${lostReviews} reviews, ${lostMessages} messages`,
      `writes not acknowledged (in flight on the killed node, or sent before the balancer noticed): ${failures}; of the adds among them ${failedButStored} were stored anyway; chat sends not acknowledged: ${messageFailures} (${clients.reduce((sum, client) => sum + client.offlineSends, 0)} refused while reconnecting, the rest in flight on the killed node)`,
      `chat clients moved to the other node: ${moved.length} of ${clients.length}, all settled: ${settledAll ? 'yes' : 'NO'}; reconnected and caught up in p50 ${seconds(recoveries[Math.floor(recoveries.length / 2)] ?? 0)}, max ${seconds(recoveries.at(-1) ?? 0)} (catch-up requests retried: ${catchUpRetries})`,
      `after the burst every client's view against its club in the database: ${gaps} messages missing (${clientsWithGaps} clients; ${gapKinds.stayed} at clients that stayed on their node, ${gapKinds.moved} at clients that moved; ${gapKinds.acked} of the missing messages acknowledged to their sender, ${gapKinds.unacked} not), ${duplicatesInView} duplicates held, ${duplicateBroadcasts} duplicate broadcasts; messages fetched because the digest of recent messages named them: ${digestFilled}`,
      `${victim.name} restarted and back in the balancer in ${seconds(restartMs)}`,
    ],
  );
}

// ---------------------------------------------------------------------------------------------
// 2. restart PostgreSQL under load

async function postgresRestartCheck(
  cluster: Cluster,
  http: Client,
  readers: Array<SeededReader & { token: string }>,
  books: string[],
): Promise<void> {
  interface Sample {
    at: number;
    done: number;
    status: number;
    shapeOk: boolean;
    retryAfter: boolean;
    what: string;
  }
  const samples: Sample[] = [];
  let stop = false;
  const workerCount = SHORT ? 12 : 24;
  const workers = readers.slice(0, workerCount).map(async (reader, index) => {
    let step = 0;
    while (!stop) {
      step += 1;
      const bookId = books[(index * 997 + step) % books.length]!;
      const choice = step % 4;
      const at = performance.now();
      const lang = step % 2 ? 'am' : 'en';
      const response =
        choice === 0
          ? await http.call('GET', `/api/search?q=${encodeURIComponent('the night')}`, { lang })
          : choice === 1
            ? await http.call('GET', `/api/books/${encodeURIComponent(bookId)}`, { lang })
            : choice === 2
              ? await http.call('GET', '/api/reading-list', { token: reader.token, lang })
              : await http.call('POST', '/api/reading-list', {
                  token: reader.token,
                  lang,
                  body: { bookId, status: 'wantToRead' },
                });
      // A write: added, or already on the list from an earlier round.
      const expectedOk = choice === 3 ? [201, 409] : [200];
      const ok = expectedOk.includes(response.status);
      samples.push({
        at,
        done: performance.now(),
        status: ok ? 200 : response.status,
        shapeOk: ok || isErrorShape(response.body, 'UNAVAILABLE'),
        retryAfter: ok || response.retryAfter !== undefined,
        what: ok
          ? ''
          : `${choice} ${response.status} ${response.error ?? JSON.stringify(response.body).slice(0, 120)}`,
      });
      await sleep(50 + Math.random() * 50);
    }
  });

  /** Load goes on until every answer has been a success for 3 s (or 30 s have passed). */
  const untilAllSucceed = async (since: number) => {
    const deadline = since + 30_000;
    for (;;) {
      await sleep(250);
      const now = performance.now();
      const recent = samples.filter((sample) => sample.at > now - 3000);
      if (now - since > 3000 && recent.length > 0 && recent.every((sample) => sample.status === 200)) return;
      if (now > deadline) return;
    }
  };

  const outages: Array<{ name: string; act: () => Promise<void>; detail: string }> = [
    {
      name: '2a. restart PostgreSQL under load (pg_ctl restart -m fast)',
      act: () => cluster.postgres.restart(),
      detail: 'pg_ctl restart -m fast',
    },
    {
      name: '2b. PostgreSQL down for 5 s under load (stop, start)',
      act: async () => {
        await cluster.postgres.stop();
        await sleep(5000);
        await cluster.postgres.start();
      },
      detail: 'pg_ctl stop -m fast, 5 s, pg_ctl start',
    },
  ];
  try {
    await sleep(1500);
    for (const outage of outages) {
      const from = samples.length;
      const began = performance.now();
      let lowestUp = Infinity;
      const watch = setInterval(() => {
        void cluster.balancer.states().then(
          (states) => {
            const up = Object.values(states).filter((state) => state.startsWith('UP')).length;
            lowestUp = Math.min(lowestUp, up);
          },
          () => undefined,
        );
      }, 200);
      await outage.act();
      const acceptingAt = performance.now();
      await untilAllSucceed(acceptingAt);
      clearInterval(watch);
      const window = samples.slice(from);
      const failures = window.filter((sample) => sample.status !== 200);
      const unavailable = failures.filter((sample) => sample.status === 503);
      const other = failures.filter((sample) => sample.status !== 503);
      const badShape = failures.filter((sample) => !sample.shapeOk);
      const noRetryAfter = unavailable.filter((sample) => !sample.retryAfter);
      const lastFailureDone = Math.max(began, ...failures.map((sample) => sample.done));
      const recoveryMs = Math.max(0, lastFailureDone - acceptingAt);
      const nodesUp = cluster.nodes.every((node) => node.running());
      for (const node of cluster.nodes.filter((candidate) => !candidate.running())) {
        console.log(`${node.name} is not running; its last output:\n${node.process()?.output() ?? ''}`);
      }
      const ok =
        failures.length > 0 &&
        other.length === 0 &&
        badShape.length === 0 &&
        noRetryAfter.length === 0 &&
        recoveryMs <= RECOVERY_GOAL_MS &&
        nodesUp;
      report(
        outage.name,
        ok,
        `503 ${unavailable.length}, other errors ${other.length}; all answers succeed ${seconds(recoveryMs)} after the database is back`,
        [
          `${window.length} requests from ${workerCount} readers (search, book, reading list, a reading-list write); ${outage.detail}: ${seconds(acceptingAt - began)} until PostgreSQL accepted connections again`,
          `meanwhile: ${unavailable.length} answers 503 UNAVAILABLE (${noRetryAfter.length} without Retry-After), ${badShape.length} not in the error shape, ${other.length} other failures${
            other.length
              ? ` (${other
                  .slice(0, 3)
                  .map((s) => s.what)
                  .join('; ')})`
              : ''
          }; nodes the balancer kept in rotation at the lowest: ${Number.isFinite(lowestUp) ? lowestUp : '?'} of ${cluster.nodes.length}`,
          `the last failure was answered ${seconds(recoveryMs)} after PostgreSQL accepted connections again (goal ≤ ${seconds(RECOVERY_GOAL_MS)}); nodes still running, none restarted: ${nodesUp ? 'yes' : 'NO'}`,
        ],
      );
    }
  } finally {
    stop = true;
    await Promise.all(workers);
  }
}

// ---------------------------------------------------------------------------------------------
// 3. stop Redis

async function redisOutageCheck(
  cluster: Cluster,
  http: Client,
  readers: Array<SeededReader & { token: string }>,
  books: string[],
): Promise<void> {
  const name = '3. stop Redis';
  const [nodeA, nodeB] = cluster.nodes as [Cluster['nodes'][number], Cluster['nodes'][number]];
  // Four members of one club, two on each node (direct sockets, so each one's node is known).
  const clubId = readers[0]!.clubId;
  const members = readers.filter((reader) => reader.clubId === clubId).slice(0, 4);
  if (members.length < 4) throw new Error('check 3 needs a club of four readers');
  const received = new Map<ChatSocket, Map<string, number>>();
  const sockets = await Promise.all(
    members.map(async (member, index) => {
      const socket = chatSocket(index < 2 ? nodeA.url : nodeB.url, member.token, { reconnection: true });
      received.set(socket, new Map());
      socket.on('club:message', (message) => received.get(socket)!.set(message.content, performance.now()));
      socket.on('connect', () => socket.emit('club:join', { clubId }, () => undefined));
      await connected(socket);
      return socket;
    }),
  );
  const [a1, a2, b1, b2] = sockets as [ChatSocket, ChatSocket, ChatSocket, ChatSocket];
  await sleep(500);
  const send = async (socket: ChatSocket, content: string) => {
    try {
      const ack = await socket.timeout(5000).emitWithAck('club:message', { clubId, content });
      return ack.ok ? ack.data : undefined;
    } catch {
      return undefined;
    }
  };
  const waitFor = async (socket: ChatSocket, content: string, ms: number) => {
    const deadline = performance.now() + ms;
    while (performance.now() < deadline) {
      if (received.get(socket)!.has(content)) return true;
      await sleep(20);
    }
    return received.get(socket)!.has(content);
  };

  // REST load through the balancer the whole time.
  let stop = false;
  let restOk = 0;
  const restFailures: string[] = [];
  const rest = readers.slice(4, 12).map(async (reader, index) => {
    let step = 0;
    while (!stop) {
      step += 1;
      const response =
        step % 2
          ? await http.call(
              'GET',
              `/api/books/${encodeURIComponent(books[(index * 31 + step) % books.length]!)}`,
            )
          : await http.call('GET', '/api/reading-list', { token: reader.token });
      if (response.status === 200) restOk += 1;
      else
        restFailures.push(
          `${response.status} ${response.error ?? JSON.stringify(response.body).slice(0, 100)}`,
        );
      await sleep(100);
    }
  });

  const before = (await send(a1, 'redis before')) && (await waitFor(b1, 'redis before', 3000));
  const stoppedAt = performance.now();
  await cluster.redis.stop();
  // Both nodes report the outage.
  let degradedMs = Number.NaN;
  for (let i = 0; i < 100; i += 1) {
    const healths = await Promise.all(
      [nodeA, nodeB].map((node) =>
        fetch(`${node.url}/api/health`)
          .then((r) => r.json() as Promise<{ status: string }>)
          .catch(() => undefined),
      ),
    );
    if (healths.every((health) => health?.status === 'degraded')) {
      degradedMs = performance.now() - stoppedAt;
      break;
    }
    await sleep(100);
  }
  const balancerHealth = await http.call<{ status: string }>('GET', '/api/health');

  // During the outage: within each node, chat works; across nodes it cannot.
  const outageSeconds = SHORT ? 4 : 10;
  const outageUntil = performance.now() + outageSeconds * 1000;
  let withinSent = 0;
  let withinDelivered = 0;
  let crossLive = 0;
  const outageMessages: ClubMessage[] = [];
  let outageSendFailures = 0;
  let round = 0;
  while (performance.now() < outageUntil) {
    round += 1;
    for (const [from, peer, other] of [
      [a1, a2, b1],
      [b2, b1, a2],
    ] as const) {
      const content = `redis down ${round} ${from === a1 ? 'A' : 'B'}`;
      const stored = await send(from, content);
      if (!stored) {
        outageSendFailures += 1;
        continue;
      }
      outageMessages.push(stored);
      withinSent += 1;
      if (await waitFor(peer, content, 2000)) withinDelivered += 1;
      if (await waitFor(other, content, 100)) crossLive += 1;
    }
    await sleep(1200);
  }

  // Redis returns: how long until a message crosses nodes again.
  const restartedAt = performance.now();
  await cluster.redis.start();
  let crossRecoveredMs = Number.NaN;
  for (let attempt = 0; performance.now() - restartedAt < 30_000; attempt += 1) {
    const content = `redis back ${attempt}`;
    await send(a1, content);
    if (await waitFor(b1, content, 300)) {
      crossRecoveredMs = performance.now() - restartedAt;
      break;
    }
    await sleep(700);
  }
  let okHealthMs = Number.NaN;
  for (let i = 0; i < 150; i += 1) {
    const healths = await Promise.all(
      [nodeA, nodeB].map((node) =>
        fetch(`${node.url}/api/health`)
          .then((r) => r.json() as Promise<{ status: string }>)
          .catch(() => undefined),
      ),
    );
    if (healths.every((health) => health?.status === 'ok')) {
      okHealthMs = performance.now() - restartedAt;
      break;
    }
    await sleep(100);
  }
  stop = true;
  await Promise.all(rest);

  // Messages sent during the outage: every one stored, and the other node's reader gets them by catch-up.
  const page = await http.call<{ items: ClubMessage[] }>('GET', `/api/clubs/${clubId}/messages?limit=100`, {
    token: members[2]!.token,
  });
  const pageIds = new Set((page.body?.items ?? []).map((message) => message.id));
  const caughtUp = outageMessages.filter((message) => pageIds.has(message.id)).length;
  for (const socket of sockets) socket.disconnect();

  const ok =
    Boolean(before) &&
    restFailures.length === 0 &&
    balancerHealth.status === 200 &&
    withinSent > 0 &&
    withinDelivered === withinSent &&
    outageSendFailures === 0 &&
    Number.isFinite(crossRecoveredMs) &&
    caughtUp === outageMessages.length &&
    cluster.nodes.every((node) => node.running());
  report(
    name,
    ok,
    `REST errors ${restFailures.length}; chat across nodes back ${seconds(crossRecoveredMs)} after Redis`,
    [
      `before: a message crossed nodes: ${before ? 'yes' : 'NO'}; Redis killed, both nodes reported degraded after ${seconds(degradedMs)}; /api/health through the balancer ${balancerHealth.status} ${balancerHealth.body?.status ?? ''}`,
      `REST through the balancer during and after the outage: ${restOk} answered 200, ${restFailures.length} failed${restFailures.length ? ` (${restFailures.slice(0, 3).join('; ')})` : ''}`,
      `chat during the ${outageSeconds} s outage: ${withinDelivered} of ${withinSent} messages reached the other reader on the same node; ${crossLive} crossed nodes live (none can); ${outageSendFailures} sends refused`,
      `Redis back: messages crossed nodes again after ${seconds(crossRecoveredMs)}, both nodes healthy after ${seconds(okHealthMs)}; the other node's reader got ${caughtUp} of ${outageMessages.length} outage messages by catch-up (?after / latest page)`,
      `nodes still running: ${cluster.nodes.every((node) => node.running()) ? 'yes' : 'NO'}`,
    ],
  );
}

// ---------------------------------------------------------------------------------------------
// 4. kill -9 during the first-start catalogue import on PGlite

interface NodeRun {
  pid: number;
  log: () => string;
  exited: Promise<number | null>;
  kill(): void;
}

function runPgliteNode(dataDir: string, port: number): NodeRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
      LOG_LEVEL: 'info',
      CATALOG_AUTO_IMPORT: 'true',
      WEB_DIST: path.join(dataDir, 'no-client-build'),
      ADMIN_EMAIL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return {
    pid: child.pid ?? -1,
    log: () => log,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

async function waitForLog(run: NodeRun, pattern: RegExp, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  let exited = false;
  void run.exited.then(() => {
    exited = true;
  });
  while (performance.now() < deadline) {
    if (pattern.test(run.log())) return true;
    if (exited) return false;
    await sleep(50);
  }
  return false;
}

async function importCrashCheck(): Promise<void> {
  const name = '4. kill -9 during the first-start catalogue import (PGlite)';
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nebab-import-crash-'));
  const lines: string[] = [];
  let ok = true;
  const runs: NodeRun[] = [];
  try {
    // Killed once early in the import (short run), or early and late (full run).
    const delays = SHORT ? [2000] : [1500, 9000];
    for (const delay of delays) {
      const run = runPgliteNode(dataDir, await freePort());
      runs.push(run);
      const importing = await waitForLog(run, /importing the catalogue/, 120_000);
      if (!importing) {
        ok = false;
        lines.push(`the node never began importing: ${run.log().slice(-500)}`);
        break;
      }
      await sleep(delay);
      const finished = /catalogue imported/.test(run.log());
      run.kill();
      await run.exited;
      lines.push(
        `killed (SIGKILL) ${seconds(delay)} into the import${finished ? ' — but the import had already finished' : ', before it finished'}`,
      );
      if (finished) ok = false;
    }
    if (ok) {
      const port = await freePort();
      const started = performance.now();
      const run = runPgliteNode(dataDir, port);
      runs.push(run);
      const imported = await waitForLog(run, /catalogue imported/, 300_000);
      const listening = imported && (await waitForLog(run, /Server listening/, 120_000));
      const total = /"total":(\d+)/.exec(run.log())?.[1];
      const health = listening
        ? await fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.status,
            () => 0,
          )
        : 0;
      const search = listening
        ? await fetch(`http://127.0.0.1:${port}/api/search/suggest?q=harry`).then(
            (r) => r.json() as Promise<{ items: unknown[] }>,
            () => ({ items: [] }),
          )
        : { items: [] };
      lines.push(
        `next start: import ${imported ? `finished (${total} books)` : 'did NOT finish'}, serving after ${seconds(performance.now() - started)}, /api/health ${health}, suggest "harry" → ${search.items.length} books`,
      );
      run.kill();
      await run.exited;
      ok = ok && imported && listening && health === 200 && search.items.length > 0 && Number(total) > 12_000;

      // The start after that finds the catalogue in place (its version was stored with it).
      const again = runPgliteNode(dataDir, await freePort());
      runs.push(again);
      const skipped = await waitForLog(again, /import skipped/, 120_000);
      lines.push(
        `the start after that: ${skipped ? 'catalogue up to date, import skipped' : 'did NOT find the catalogue in place'}`,
      );
      ok = ok && skipped;
    }
  } finally {
    for (const run of runs) run.kill();
    await Promise.all(runs.map((run) => run.exited));
    await rm(dataDir, { recursive: true, force: true });
  }
  report(name, ok, ok ? 'import completed on the next start' : 'import did not recover', lines);
}

// ---------------------------------------------------------------------------------------------
// 5. a rolling restart, one node at a time, under load

async function rollingRestartCheck(
  cluster: Cluster,
  http: Client,
  readers: Array<SeededReader & { token: string }>,
  books: string[],
  db: pg.Pool,
): Promise<void> {
  const name = '5. rolling restart, one node at a time, under load';
  const chatters = readers.slice(0, SHORT ? 12 : 30);
  const clubIds = [...new Set(chatters.map((reader) => reader.clubId))];
  // A client starts from its club's latest page: the earlier checks' messages before it are history
  // it may page back to, not gaps.
  const earlier = await db.query<{ id: string }>('SELECT id FROM club_messages WHERE club_id = ANY($1)', [
    clubIds,
  ]);
  const history = new Set(earlier.rows.map((row) => row.id));
  const clients = chatters.map((reader) => new ChatClient(cluster.url, http, reader, reader.token));
  await Promise.all(clients.map((client) => connected(client.socket).catch(() => undefined)));
  await Promise.all(clients.map((client) => client.settled()));

  let stop = false;
  let requests = 0;
  const failures: string[] = [];
  const ackedMessages: ClubMessage[] = [];
  let messageFailures = 0;
  const workers = clients.map(async (client, index) => {
    let step = 0;
    while (!stop) {
      step += 1;
      const bookId = books[(index * 389 + step) % books.length]!;
      const response =
        step % 3 === 0
          ? await http.call('POST', '/api/reading-list', {
              token: client.token,
              body: { bookId, status: 'wantToRead' },
            })
          : await http.call(
              'GET',
              step % 3 === 1 ? `/api/books/${encodeURIComponent(bookId)}` : '/api/reading-list',
              {
                token: client.token,
              },
            );
      requests += 1;
      if (![200, 201, 409].includes(response.status)) {
        failures.push(
          `${response.status || response.error} ${JSON.stringify(response.body ?? '').slice(0, 100)}`,
        );
      }
      if (step % 4 === 0) {
        const stored = await client.send(`rolling ${index} ${step}`);
        if (stored) ackedMessages.push(stored);
        else messageFailures += 1;
      }
      await sleep(200 + Math.random() * 100);
    }
  });

  const lines: string[] = [];
  try {
    await sleep(1000);
    for (const node of cluster.nodes) {
      const began = performance.now();
      // 1. No new requests for this node; what it is answering finishes.
      await cluster.balancer.command(`set server nodes/${node.name} state drain`);
      await sleep(1000);
      // 2. SIGTERM: in-flight requests finish, sockets are told to go (they reconnect elsewhere).
      await node.stop();
      const stoppedAt = performance.now();
      // 3. The new version starts; 4. back in rotation once its health check passes.
      await node.start();
      await cluster.balancer.command(`set server nodes/${node.name} state ready`);
      await cluster.waitForBalancer(30_000);
      lines.push(
        `${node.name}: drained 1 s, stopped in ${seconds(stoppedAt - began - 1000)}, started and back in rotation after ${seconds(performance.now() - stoppedAt)}`,
      );
    }
    await sleep(1500);
  } finally {
    stop = true;
    await Promise.all(workers);
  }
  const settledAll = (await Promise.all(clients.map((client) => client.settled(30_000)))).every(Boolean);
  await sleep(1000);
  const rows = await db.query<{ id: string; club_id: string }>(
    'SELECT id, club_id FROM club_messages WHERE club_id = ANY($1)',
    [clubIds],
  );
  const stored = new Set(rows.rows.map((row) => row.id));
  const lost = ackedMessages.filter((message) => !stored.has(message.id)).length;
  let gaps = 0;
  for (const client of clients) {
    const held = new Set(client.held.map((message) => message.id));
    gaps += rows.rows.filter(
      (row) => row.club_id === client.reader.clubId && !history.has(row.id) && !held.has(row.id),
    ).length;
  }
  const moved = clients.filter((client) => client.disconnects > 0).length;
  const recoveries = clients.flatMap((client) => client.recoveries).sort((a, b) => a - b);
  const reconnections = clients.flatMap((client) => client.reconnections).sort((a, b) => a - b);
  for (const client of clients) client.close();
  const offline = clients.reduce((sum, client) => sum + client.offlineSends, 0);
  const unanswered = messageFailures - offline;
  const ok = failures.length === 0 && lost === 0 && gaps === 0 && settledAll;
  report(name, ok, `failed requests ${failures.length}, chat lost ${lost}, gaps ${gaps}`, [
    ...lines,
    `${requests} requests from ${clients.length} readers meanwhile (book, reading list, a write): ${failures.length} failed${failures.length ? ` (${failures.slice(0, 3).join('; ')})` : ''}`,
    `chat: ${ackedMessages.length} messages acknowledged, ${lost} lost; not sent: ${offline} while the client was reconnecting (the reader sees "offline"), ${unanswered} sent as its node shut down (no answer: "not sent, try again"); ${moved} of ${clients.length} clients moved node (connected again in p50 ${seconds(reconnections[Math.floor(reconnections.length / 2)] ?? 0)}, max ${seconds(reconnections.at(-1) ?? 0)}; joined and caught up in p50 ${seconds(recoveries[Math.floor(recoveries.length / 2)] ?? 0)}, max ${seconds(recoveries.at(-1) ?? 0)}); ${gaps} messages since they connected missing from their views`,
  ]);
}

// ---------------------------------------------------------------------------------------------

/** A check that throws fails with its error; the others still run. */
async function guarded(name: string, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    report(name, false, `stopped: ${message}`, [
      `the check stopped: ${error instanceof Error ? (error.stack ?? message) : message}`,
    ]);
  }
}

async function main(): Promise<void> {
  console.log(
    `Fault bench${SHORT ? ' (short)' : ''}: checks ${[...ONLY].join(', ')}; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}`,
  );
  if (ONLY.has(1) || ONLY.has(2) || ONLY.has(3) || ONLY.has(5)) {
    const cluster = await startCluster({
      env: { AUTH_RATE_LIMIT_PER_IP: '1000000', AUTH_RATE_LIMIT_PER_EMAIL: '1000000' },
    });
    stopClusterOnExit(cluster);
    const http = createClient(cluster.url);
    const db = new pg.Pool({ connectionString: cluster.postgres.url, max: 2 });
    db.on('error', () => undefined);
    try {
      const { readers } = await seedReaders(cluster.postgres.url, {
        count: READERS,
        clubCount: Math.ceil(READERS / CLUB_SIZE),
        prefix: 'Fault',
      });
      const signedIn = await Promise.all(
        readers.map(async (reader) => ({ ...reader, token: await signIn(http, reader) })),
      );
      const sample = await sampleBookIds(cluster.postgres.url);
      const books = [...sample.popular, ...sample.ethiopian];
      console.log(`Cluster up at ${cluster.url}; ${readers.length} readers signed in, ${books.length} books`);
      if (ONLY.has(1))
        await guarded('1. kill -9 a node', () => killNodeCheck(cluster, http, signedIn, books, db));
      if (ONLY.has(2))
        await guarded('2. PostgreSQL outage', () => postgresRestartCheck(cluster, http, signedIn, books));
      if (ONLY.has(3)) await guarded('3. stop Redis', () => redisOutageCheck(cluster, http, signedIn, books));
      if (ONLY.has(5))
        await guarded('5. rolling restart', () => rollingRestartCheck(cluster, http, signedIn, books, db));
    } finally {
      await db.end().catch(() => undefined);
      await http.close().catch(() => undefined);
      await cluster.stop();
    }
  }
  if (ONLY.has(4)) await guarded('4. kill -9 during the catalogue import', importCrashCheck);

  console.log('\nSummary');
  for (const result of results)
    console.log(`  ${result.ok ? 'PASS' : 'FAIL'}  ${result.name}: ${result.summary}`);
  const failed = results.filter((result) => !result.ok).length;
  console.log(
    failed === 0
      ? `All ${results.length} fault checks held.`
      : `${failed} of ${results.length} fault checks FAILED.`,
  );
  if (failed > 0) process.exitCode = 1;
}

await main();

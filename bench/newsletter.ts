/**
 * `npm run bench:newsletter`
 *
 * A newsletter issue to BENCH_SUBSCRIBERS confirmed subscribers (default 10,000) through the
 * production topology of `npm run cluster` and its mail server (Debian's postfix, delivering into a
 * Maildir), while readers browse: how many mails a second leave Nebab and land in the Maildir, and
 * whether the readers notice (their p95 while the issue goes out against their p95 just before, on
 * the same cluster; the goal is a change of at most 20%).
 *
 * Steps: start the cluster (postfix needs root; without it the bench stops and says so), insert the
 * confirmed subscribers in one statement (half English, half Amharic), sign in the first admin, write
 * an issue; then BENCH_CLIENTS readers (default 20) browse — landing, search, typeahead, a book page —
 * with a think time of BENCH_THINK_MS (default 500 ms) ± 50%: BENCH_BASELINE_SECONDS (default 30)
 * measured alone, then the issue is sent (POST …/send) and they go on until every message is in the
 * Maildir. Prints the time to queue the issue, to hand every message to the mail server and to see it
 * delivered, mails per second, and the readers' p50/p95/p99 before and during the send.
 *
 * Environment: BENCH_SUBSCRIBERS [10000]  BENCH_CLIENTS [20]  BENCH_THINK_MS [500]
 * BENCH_BASELINE_SECONDS [30]  BENCH_TIMEOUT_SECONDS [1800]
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { NewsletterIssue } from '@nebab/shared';
import pg from 'pg';
import { Pool } from 'undici';
import { startCluster, stopClusterOnExit } from '../scripts/cluster/cluster.js';
import { envNumber, percentile, sampleBookIds, sleep } from './lib/cluster-bench.js';
import { SEARCH, searchPath, SUGGEST } from './queries.js';

const SUBSCRIBERS = Math.floor(envNumber('BENCH_SUBSCRIBERS', 10_000));
const CLIENTS = Math.floor(envNumber('BENCH_CLIENTS', 20));
const THINK_MS = envNumber('BENCH_THINK_MS', 500);
const BASELINE_SECONDS = envNumber('BENCH_BASELINE_SECONDS', 30);
const TIMEOUT_SECONDS = envNumber('BENCH_TIMEOUT_SECONDS', 1800);
const ADMIN = { email: 'bench-admin@nebab.test', password: 'Bench-admin-pass-1' };

type Phase = 'baseline' | 'sending';

/** What the readers did, per phase: latencies of every request, and failures. */
class Readers {
  readonly latencies: Record<Phase, number[]> = { baseline: [], sending: [] };
  errors = 0;
  phase: Phase | null = null;
  stopped = false;

  record(ms: number): void {
    if (this.phase) this.latencies[this.phase].push(ms);
  }

  summary(phase: Phase): string {
    const sorted = [...this.latencies[phase]].sort((a, b) => a - b);
    const p = (q: number) => percentile(sorted, q).toFixed(1);
    return `${phase.padEnd(9)} ${String(sorted.length).padStart(6)} requests  p50 ${p(50)} ms  p95 ${p(95)} ms  p99 ${p(99)} ms`;
  }

  p95(phase: Phase): number {
    return percentile(
      [...this.latencies[phase]].sort((a, b) => a - b),
      95,
    );
  }
}

async function countMaildir(maildir: string): Promise<number> {
  const [fresh, seen] = await Promise.all(
    ['new', 'cur'].map((part) => readdir(path.join(maildir, part)).catch(() => [] as string[])),
  );
  return (fresh?.length ?? 0) + (seen?.length ?? 0);
}

async function main(): Promise<void> {
  console.log(
    `Newsletter bench: one issue to ${SUBSCRIBERS.toLocaleString('en')} confirmed subscribers while ${CLIENTS} readers browse (think time ${THINK_MS} ms ± 50%)`,
  );
  const cluster = await startCluster({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  stopClusterOnExit(cluster);
  const pool = new Pool(cluster.url, { connections: CLIENTS + 10, pipelining: 1, keepAliveTimeout: 8_000 });
  try {
    const mailServer = cluster.mailServer;
    if (!mailServer) throw new Error(`the cluster has no mail server: ${cluster.mailServerMissing}`);
    const before = await countMaildir(mailServer.maildir);

    const db = new pg.Client({ connectionString: cluster.postgres.url });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO newsletter_subscriptions (email, language, confirmed_at)
         SELECT 'reader-' || g || '@bench.nebab.test', CASE WHEN g % 2 = 0 THEN 'am' ELSE 'en' END, now()
         FROM generate_series(1, $1::int) g`,
        [SUBSCRIBERS],
      );
    } finally {
      await db.end();
    }
    const books = await sampleBookIds(cluster.postgres.url);
    const bookIds = [...books.popular, ...books.ethiopian];

    const json = async <T>(method: string, url: string, body?: unknown, token?: string): Promise<T> => {
      const response = await pool.request({
        method: method as 'GET',
        path: url,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.body.text();
      if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    };
    const { token } = await json<{ token: string }>('POST', '/api/auth/login', ADMIN);
    const issue = await json<NewsletterIssue>(
      'POST',
      '/api/admin/newsletter/issues',
      {
        subject: { en: 'New on Nebab this month', am: 'በዚህ ወር በነባብ አዲስ' },
        body: {
          en: 'Ten new Ethiopian novels joined the catalogue.\n\nThe Saturday readalong starts Fikir Eske Mekabir.',
          am: 'አሥር አዳዲስ የኢትዮጵያ ልብወለዶች ወደ ካታሎጉ ገብተዋል።\n\nየቅዳሜው የጋራ ንባብ ፍቅር እስከ መቃብርን ይጀምራል።',
        },
      },
      token,
    );

    // Readers: one thing at a time, as a browser does, with a think time between.
    const readers = new Readers();
    const visit = async (url: string) => {
      const started = performance.now();
      try {
        const response = await pool.request({
          method: 'GET',
          path: url,
          headers: { 'accept-encoding': 'gzip' },
        });
        await response.body.arrayBuffer();
        if (response.statusCode >= 400) readers.errors += 1;
        else readers.record(performance.now() - started);
      } catch {
        readers.errors += 1;
      }
    };
    let step = 0;
    const client = async (index: number) => {
      while (!readers.stopped) {
        step += 1;
        const pick = (step + index) % 4;
        const book = bookIds[(step * 7 + index) % bookIds.length]!;
        if (pick === 0) await visit('/api/books/trending?limit=12');
        else if (pick === 1) await visit(searchPath(SEARCH[(step + index) % SEARCH.length]!));
        else if (pick === 2)
          await visit(
            `/api/search/suggest?q=${encodeURIComponent(SUGGEST[(step + index) % SUGGEST.length]!)}`,
          );
        else await visit(`/api/books/${encodeURIComponent(book)}`);
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
    await sleep(5_000); // every client has started
    readers.phase = 'baseline';
    await sleep(BASELINE_SECONDS * 1000);

    readers.phase = 'sending';
    const sendStarted = performance.now();
    await json('POST', `/api/admin/newsletter/issues/${issue.id}/send`, {}, token);
    let queuedMs: number | null = null;
    let handedMs: number | null = null;
    let deliveredMs: number | null = null;
    let last: NewsletterIssue = issue;
    while (deliveredMs === null) {
      if (performance.now() - sendStarted > TIMEOUT_SECONDS * 1000)
        throw new Error(`not delivered after ${TIMEOUT_SECONDS} s: ${JSON.stringify(last)}`);
      await sleep(500);
      last = await json<NewsletterIssue>('GET', `/api/admin/newsletter/issues/${issue.id}`, undefined, token);
      const elapsed = performance.now() - sendStarted;
      if (queuedMs === null && last.status === 'sent') queuedMs = elapsed;
      if (handedMs === null && last.status === 'sent' && last.sent + last.failed >= last.total)
        handedMs = elapsed;
      if (handedMs !== null && (await countMaildir(mailServer.maildir)) - before >= last.sent)
        deliveredMs = elapsed;
    }
    readers.stopped = true;
    readers.phase = null;
    await Promise.all(clients);

    const seconds = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);
    console.log('');
    console.log(
      `Issue: ${last.total.toLocaleString('en')} subscribers, ${last.sent} sent, ${last.failed} failed`,
    );
    console.log(`  queued (every message in the outbox)   ${seconds(queuedMs)}`);
    console.log(`  handed to the mail server             ${seconds(handedMs)}`);
    console.log(`  in the Maildir                         ${seconds(deliveredMs)}`);
    console.log(
      `  mails per second (to the Maildir)      ${(last.sent / ((deliveredMs ?? 1) / 1000)).toFixed(1)}`,
    );
    console.log('');
    console.log('Readers (trending, search, typeahead, book; every answer read in full):');
    console.log(`  ${readers.summary('baseline')}`);
    console.log(`  ${readers.summary('sending')}`);
    const change = readers.p95('sending') / readers.p95('baseline') - 1;
    console.log(
      `  p95 while sending: ${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}% (goal: within 20%); ${readers.errors} errors`,
    );
    process.exitCode = last.failed === 0 && readers.errors === 0 ? 0 : 1;
  } finally {
    await pool.close();
    await cluster.stop();
  }
}

await main();

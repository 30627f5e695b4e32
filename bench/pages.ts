/**
 * `npm run bench:pages`
 *
 * Lighthouse (the npm package, mobile profile: Moto G Power screen, simulated slow 4G and 4× CPU
 * slowdown) in Debian's Chromium (`/usr/bin/chromium`, or CHROMIUM_PATH) against the production
 * server: the built client (built first when its sources changed) with server rendering, compression
 * and the shipped catalogue, in a data folder kept between runs (`os.tmpdir()/nebab-bench-pages`, so
 * the catalogue is imported once). For the landing page, a book page, a genre page and the search page
 * it prints the four category scores, the main timings and the bytes moved (all of it, and
 * JavaScript), compressed as sent. Exits 1 when a page misses a budget (Performance ≥ 90,
 * Accessibility 100, Best practices ≥ 95, SEO 100).
 *
 * The machine has no Internet: Open Library and Goodreads covers cannot load. Requests to those hosts
 * are blocked in Lighthouse (and counted as failed, as the page's own fallback — the generated cover —
 * takes over), so the figures measure Nebab and not a missing network. `--runs N` (default 1) runs
 * each page N times and keeps the median performance run. Environment: BENCH_PORT [4590].
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureWebBuild } from '../scripts/lib/web-build.mjs';
import { startServer, stopServer, waitForServer } from './lib/server.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 4590);
const base = `http://127.0.0.1:${port}`;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;

const PAGES: Array<{ name: string; path: string; skipAudits?: string[] }> = [
  { name: 'landing', path: '/' },
  { name: 'book', path: '/book/1' },
  { name: 'genre', path: '/discover?genre=fantasy' },
  { name: 'search', path: '/search' },
  // Results are `noindex` by design (endless, thin pages): the is-crawlable audit is left out of SEO.
  { name: 'results', path: '/search?q=hunger', skipAudits: ['is-crawlable'] },
];
const BUDGET = { performance: 90, accessibility: 100, 'best-practices': 95, seo: 100 } as const;
type Category = keyof typeof BUDGET;
const CATEGORIES = Object.keys(BUDGET) as Category[];
/** Cover hosts of the catalogue, unreachable from this machine. */
const OFFLINE_HOSTS = ['*covers.openlibrary.org*', '*images.gr-assets.com*', '*s.gr-assets.com*'];

interface PageResult {
  scores: Record<Category, number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  ttfb: number;
  totalBytes: number;
  jsBytes: number;
  failed: string[];
}

type Audits = Record<
  string,
  { numericValue?: number; score: number | null; title: string; details?: unknown }
>;

async function audit(url: string, chromePort: number, skipAudits: string[] = []): Promise<PageResult> {
  // A trace Chromium failed to record (NO_NAVSTART and the like) is retried, twice at most.
  let result: Awaited<ReturnType<typeof lighthouse>>;
  for (let attempt = 1; ; attempt += 1) {
    result = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      blockedUrlPatterns: OFFLINE_HOSTS,
      skipAudits,
    });
    if (!result?.lhr.runtimeError || attempt === 3) break;
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (process.env.BENCH_REPORT_DIR) {
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
    const file = path.join(
      process.env.BENCH_REPORT_DIR,
      `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}.json`,
    );
    writeFileSync(file, JSON.stringify(lhr));
  }
  const audits = lhr.audits as unknown as Audits;
  const requests =
    (
      audits['network-requests']?.details as {
        items?: Array<{ url: string; resourceType?: string; transferSize?: number }>;
      }
    )?.items ?? [];
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failed = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${audits[ref.id]?.title} (${audits[ref.id]?.score})`),
  );
  return {
    scores,
    lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
    tbt: audits['total-blocking-time']?.numericValue ?? 0,
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    fcp: audits['first-contentful-paint']?.numericValue ?? 0,
    ttfb: audits['server-response-time']?.numericValue ?? 0,
    totalBytes: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsBytes: requests
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    failed,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main(): Promise<void> {
  if (ensureWebBuild(root)) console.log('client built');
  const server = startServer(port, {
    DATA_DIR: path.join(os.tmpdir(), 'nebab-bench-pages'),
    DATABASE_URL: '',
    LOG_LEVEL: 'error',
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForServer(base);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
      ],
    });
    // Warm the server (first renders load the route modules).
    for (const page of PAGES) await fetch(base + page.path);

    const rows: Record<string, Record<string, string | number>> = {};
    let missed = false;
    for (const page of PAGES) {
      const results: PageResult[] = [];
      for (let run = 0; run < runs; run += 1) {
        // As a page being visited: rendered moments ago (the server keeps a render for 10 s).
        await fetch(base + page.path);
        results.push(await audit(base + page.path, chrome.port, page.skipAudits));
      }
      results.sort((a, b) => a.scores.performance - b.scores.performance);
      const median = results[Math.floor(results.length / 2)]!;
      const over = CATEGORIES.filter((id) => median.scores[id] < BUDGET[id]);
      if (over.length > 0) missed = true;
      rows[`${page.name} ${page.path}`] = {
        Performance: median.scores.performance,
        Accessibility: median.scores.accessibility,
        'Best practices': median.scores['best-practices'],
        SEO: median.scores.seo,
        'FCP ms': Math.round(median.fcp),
        'LCP ms': Math.round(median.lcp),
        'TBT ms': Math.round(median.tbt),
        CLS: Number(median.cls.toFixed(3)),
        'TTFB ms': Math.round(median.ttfb),
        transferred: kb(median.totalBytes),
        'JS transferred': kb(median.jsBytes),
      };
      if (median.failed.length > 0)
        console.log(`${page.name}: not full marks on\n  ${median.failed.join('\n  ')}`);
    }
    console.log(
      `\nLighthouse ${lighthouseVersion()} · mobile profile · Chromium ${await chromeVersion(chrome.port)} · ${runs} run(s) per page`,
    );
    console.table(rows);
    console.log(
      `budgets: Performance ≥ ${BUDGET.performance}, Accessibility ${BUDGET.accessibility}, Best practices ≥ ${BUDGET['best-practices']}, SEO ${BUDGET.seo}`,
    );
    if (missed) {
      console.error('A page misses a budget.');
      process.exitCode = 1;
    }
  } finally {
    await chrome?.kill();
    await stopServer(server);
  }
}

function lighthouseVersion(): string {
  try {
    return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
  } catch {
    return '';
  }
}

async function chromeVersion(chromePort: number): Promise<string> {
  try {
    const info = (await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json()) as {
      Browser?: string;
    };
    return info.Browser?.replace(/^.*\//, '') ?? '';
  } catch {
    return '';
  }
}

await main();

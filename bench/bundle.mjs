#!/usr/bin/env node
// Gzipped JavaScript a route loads: the entry and its static imports, plus the page's lazy chunk and
// its static imports, and for routes other than the landing page the rest of the English messages
// (what the browser fetches before it shows that route). Reads the Vite manifest of the built
// client; run after `npm run build -w @nebab/web` (or `npm run bench:bundle`).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}: run \`npm run build -w @nebab/web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Budgets of the landing and book routes (gzipped JS, bytes; 1 kB = 1000 bytes). */
const LANDING_BUDGET = 170_000;
const BOOK_BUDGET = 200_000;

/**
 * English messages outside the core sections (apps/web/src/i18n/sections.ts): every route except the core
 * ones (the landing page) waits for this chunk before it renders, so it counts for them.
 */
const REST_MESSAGES = 'src/i18n/parts/en.rest.ts';

const ROUTES = [
  { name: 'landing (/)', page: 'src/pages/LandingPage/LandingPage.tsx', budget: LANDING_BUDGET, core: true },
  { name: 'search (/search)', page: 'src/pages/SearchPage/SearchPage.tsx' },
  { name: 'book (/book/:id)', page: 'src/pages/BookPage/BookPage.tsx', budget: BOOK_BUDGET },
];

const gzCache = new Map();
function gzipSize(file) {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzCache.get(file);
}

/** Manifest keys reachable from `key` through static imports (dynamic imports are not loaded up front). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  seen.add(key);
  for (const next of chunk.imports ?? []) closure(next, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry');
const entryKeys = closure(entryKey);

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const rows = [];
let failed = false;

const entryBytes = [...entryKeys].reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);
console.log(
  `entry ${manifest[entryKey].file} + ${entryKeys.size - 1} static imports: ${kb(entryBytes)} gzip`,
);

for (const route of ROUTES) {
  if (!manifest[route.page]) {
    rows.push({ route: route.name, total: 'missing', files: 0 });
    continue;
  }
  const keys = closure(route.page, new Set(entryKeys));
  if (!route.core && manifest[REST_MESSAGES]) closure(REST_MESSAGES, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
  const over = route.budget !== undefined && total > route.budget;
  if (over) failed = true;
  rows.push({
    route: route.name,
    'gzip JS': kb(total),
    bytes: total,
    chunks: files.length,
    budget: route.budget ? `${kb(route.budget)} ${over ? 'OVER' : 'ok'}` : '',
  });
  if (process.argv.includes('--verbose')) {
    for (const file of files.sort((a, b) => gzipSize(b) - gzipSize(a)))
      console.log(`  ${route.name}  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  }
}
console.table(rows);
if (failed) {
  console.error('A route is over its budget.');
  process.exitCode = 1;
}

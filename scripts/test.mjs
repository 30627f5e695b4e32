#!/usr/bin/env node
// `npm test`: every suite in turn — unit, API (PGlite), components, then the browser tests in Chromium.
// Prints one closing line: "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './lib/web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = mkdtempSync(join(tmpdir(), 'nebab-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    ok = false;
    console.error(`✖ ${label} failed (exit ${result.status ?? result.signal}).`);
  }
  return result.status === 0;
}

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// 1. Unit, API integration and component tests (Vitest projects shared, server, web).
const vitestReport = join(reports, 'vitest.json');
run('Unit, API and component tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
} else {
  totals.failed += 1;
}

// 2. Browser tests in Debian's Chromium against the built app (and the W3C HTML checker on Java).
run('Java for the HTML checker', 'node', ['scripts/ensure-java.mjs']);
if (run('Chromium for the browser tests', 'node', ['scripts/ensure-chromium.mjs'])) {
  ensureWebBuild(root);
  const playwrightReport = join(reports, 'playwright.json');
  run(
    'Browser tests (Playwright + Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  );
  const stats = readJson(playwrightReport)?.stats;
  if (stats) {
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
  } else {
    totals.failed += 1;
  }
} else {
  totals.failed += 1;
}

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);

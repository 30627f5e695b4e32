import { defineConfig, devices } from '@playwright/test';
import { e2eServers, E2E_WORKERS } from './e2e/support/ports';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the real server, started
 * with a fresh PGlite data folder, a first admin and a local OpenID provider standing in for Google —
 * one set of servers per worker (e2e/support/ports.ts), so the workers share no data.
 */
const workers = Array.from({ length: E2E_WORKERS }, (_, index) => index);

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  use: {
    // Each worker's own server: e2e/support/test.ts sets `baseURL` from the worker's index.
    baseURL: e2eServers(0).appUrl,
    trace: 'retain-on-failure',
    // The service worker precaches the app on install: only the spec that tests it lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: workers.map((index) => ({
    command: `npx tsx apps/web/e2e/support/start-servers.ts ${index}`,
    cwd: '../..',
    url: `${e2eServers(index).appUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});

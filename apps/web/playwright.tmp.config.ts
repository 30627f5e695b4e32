import { defineConfig, devices } from '@playwright/test';
import { E2E_APP_PORT } from './e2e/support/ports';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the real server, started
 * with a fresh PGlite data folder, a first admin and a local OpenID provider standing in for Google.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://127.0.0.1:${E2E_APP_PORT}`,
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
  webServer: {
    command: 'npx tsx apps/web/e2e/support/start-servers.ts > /tmp/e2e-managed.log 2>&1',
    cwd: '../..',
    url: `http://127.0.0.1:${E2E_APP_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

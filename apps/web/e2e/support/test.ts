import { test as base } from '@playwright/test';
import { e2eServers, type E2EServers } from './ports';

/**
 * Playwright's `test` with the worker's own servers: `baseURL` (and so `page`, `request` and every
 * `browser.newContext()`) points at the Nebab server of this worker (`servers`).
 */
export const test = base.extend<object, { servers: E2EServers }>({
  // Playwright reads which fixtures a fixture needs from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  servers: [async ({}, use, workerInfo) => use(e2eServers(workerInfo.parallelIndex)), { scope: 'worker' }],
  baseURL: async ({ servers }, use) => use(servers.appUrl),
});

/** The servers of the test that is running (for helpers called outside a fixture). */
export function currentServers(): E2EServers {
  return e2eServers(test.info().parallelIndex);
}

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, CDPSession, Locator, Page, Route } from '@playwright/test';

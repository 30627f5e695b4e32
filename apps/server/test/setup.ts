import { afterAll } from 'vitest';
import { testDatabaseHolders } from './helpers.js';

// Files share a worker's module graph (vitest.config.ts: isolate: false), so a file that left a test
// server open would hand its database to the next file: it fails here instead.
afterAll(() => {
  if (testDatabaseHolders() > 0)
    throw new Error(`this file left ${testDatabaseHolders()} test server(s) or database hold(s) open`);
});

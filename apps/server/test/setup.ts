import { afterAll } from 'vitest';
import { forgetTestDatabase, testDatabaseHolders } from './helpers.js';

// Files share a worker's module graph (vitest.config.ts: isolate: false), so a file that left a test
// server open would hand its database to the next file: it fails here, and the database is dropped
// so the next file still starts on one of its own.
afterAll(async () => {
  const held = testDatabaseHolders();
  if (held === 0) return;
  await forgetTestDatabase();
  throw new Error(`this file left ${held} test server(s) or database hold(s) open`);
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one module graph: the app's modules are loaded
    // once per worker, not once per file (3–4 s a file). Each file still gets its own database
    // (test/helpers.ts), and tests that fake timers or set env restore them.
    isolate: false,
    setupFiles: ['./test/setup.ts'],
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One Vitest run, three projects: shared (unit), server (API over HTTP), web (components in jsdom). */
export default defineConfig({
  test: {
    // A worker per core (Vitest's default leaves one for itself, which on two cores is one worker
    // and an idle core: the main process only collects results).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/server/vitest.config.ts',
      './apps/web/vitest.config.ts',
    ],
  },
});

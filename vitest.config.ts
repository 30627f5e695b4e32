import { defineConfig } from 'vitest/config';

/** One Vitest run, three projects: shared (unit), server (API over HTTP), web (components in jsdom). */
export default defineConfig({
  test: {
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

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localeSections } from './src/i18n/localeSectionsPlugin';

/** Component and unit tests of the web client, run in jsdom. */
export default defineConfig({
  // Locale files split the same way as in the app (src/i18n/sections.ts).
  plugins: [localeSections(), react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // i18n/testSetup.ts: the whole English messages are in before each test file runs.
    setupFiles: ['./src/test/setup.ts', './src/i18n/testSetup.ts'],
    css: false,
  },
});

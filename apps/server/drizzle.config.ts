import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates SQL migrations only; the app applies them itself (see src/db/migrate.ts). */
export default defineConfig({
  schema: './src/db/schema',
  out: './drizzle',
  dialect: 'postgresql',
});

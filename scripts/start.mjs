#!/usr/bin/env node
// `npm start`: build the web client when its sources changed, then run the server in this process.
// The server applies migrations, imports the catalogue on first start and serves app + API on PORT.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './lib/web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (!existsSync(new URL('../node_modules/tsx', import.meta.url))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}

await ensureWebBuild(root);

// React's production build for server rendering unless told otherwise (the development build checks
// every element it renders, several times slower).
process.env.NODE_ENV ??= 'production';

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/server.ts');

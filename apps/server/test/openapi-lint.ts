/**
 * `npm run lint:api`: builds the app as the API tests do (their migrated in-memory PGlite, nothing
 * listening), writes its OpenAPI document to a temp file and lints it with Redocly's recommended
 * rules (`redocly.yaml` at the root). `OPENAPI_OUT=<file>` keeps a copy of the document. Arguments
 * go to `redocly lint` (e.g. `--format summary`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { acquireTestDatabase, releaseTestDatabase } from './helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'nebab-openapi-'));
const file = path.join(dir, 'openapi.json');
try {
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' }),
    dataDir: dir,
    webDist: path.join(dir, 'no-client-build'),
    catalogAutoImport: false,
  };
  // The API tests' migrated PGlite (a cached dump in the temp folder), or TEST_DATABASE_URL's server.
  const app = await buildApp(config, { database: await acquireTestDatabase() });
  try {
    await app.ready();
    writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
  } finally {
    await app.close();
    await releaseTestDatabase();
  }
  if (process.env.OPENAPI_OUT) writeFileSync(process.env.OPENAPI_OUT, readFileSync(file));
  const lint = spawnSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      path.join(REPO_ROOT, 'redocly.yaml'),
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      },
    },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

#!/usr/bin/env node
// Runs the API suite against a real PostgreSQL server: creates a fresh database for this run,
// points the tests at it (each test file makes and drops its own database beside it), drops it after.
// PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the maintenance connection.
// Unreachable PostgreSQL: a skip with a message, except under CI=true, where it is a failure.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const maintenanceUrl = process.env.PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const strict = process.env.CI === 'true' || process.env.CI === '1';
const dbName = `nebab_ci_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: maintenanceUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

try {
  await admin(`CREATE DATABASE ${dbName}`);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  if (strict) {
    console.error(`PostgreSQL is unreachable at ${maintenanceUrl} (${reason}); under CI this is a failure.`);
    process.exit(1);
  }
  console.warn(`Skipping the PostgreSQL suite: ${maintenanceUrl} is unreachable (${reason}).`);
  process.exit(0);
}

const url = new URL(maintenanceUrl);
url.pathname = `/${dbName}`;
console.log(`API suite against PostgreSQL (database ${dbName})`);
const extraArgs = process.argv.slice(2);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...extraArgs], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url.toString() },
});

try {
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
} catch (error) {
  console.warn(`Could not drop ${dbName}: ${error instanceof Error ? error.message : error}`);
}
process.exit(result.status ?? 1);

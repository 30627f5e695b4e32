// Builds apps/web only when its inputs changed since the last build (a fingerprint kept in dist/).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'package-lock.json',
];

function* walk(path) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isFile()) {
    yield [path, stat];
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    yield* walk(join(path, name));
  }
}

/** A fingerprint of the client's inputs: paths, sizes and modification times. */
export function webFingerprint(root) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const [path, stat] of walk(join(root, input))) {
      hash.update(`${path.slice(root.length)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** Builds the client (dist/) and its server-rendering entry (dist-ssr/) when missing or out of date; true when it built. */
export function ensureWebBuild(root, { force = false } = {}) {
  const stampFile = join(root, 'apps/web/dist/.fingerprint');
  const fingerprint = webFingerprint(root);
  const built =
    existsSync(join(root, 'apps/web/dist/index.html')) &&
    existsSync(join(root, 'apps/web/dist-ssr/entry-server.js')) &&
    existsSync(stampFile);
  if (!force && built && readFileSync(stampFile, 'utf8') === fingerprint) return false;
  console.log('Building the web client…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@nebab/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web client did not build.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, fingerprint);
  return true;
}

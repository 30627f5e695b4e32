/**
 * Uploads in an S3-compatible store: s3rver (already a dev dependency of the server's tests), in a
 * process of its own on a free port, keeping its objects in the cluster's temp folder. MinIO would be
 * the production-grade choice, but it is neither in Debian's packages nor on the npm registry, the
 * only sources this project installs from; the server talks to both through the same AWS SDK calls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** s3rver accepts only its own fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface ObjectStore {
  endpoint: string;
  bucket: string;
  /** The nodes' S3_* variables. */
  env: Record<string, string>;
  stop(): Promise<void>;
  stopNow(): void;
}

export async function startObjectStore(folder: string, port: number, bucket = 'nebab'): Promise<ObjectStore> {
  const require = createRequire(import.meta.url);
  const packageFile = require.resolve('s3rver/package.json');
  const bin = path.join(path.dirname(packageFile), 'bin', 's3rver.js');
  const directory = path.join(folder, 's3');
  mkdirSync(directory);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      bin,
      '--directory',
      directory,
      '--address',
      '127.0.0.1',
      '--port',
      String(port),
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-2000);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver exited with ${child.exitCode}: ${log}`);
    // Any HTTP answer (403 without a signature) means it listens.
    const listening = await fetch(`${endpoint}/${bucket}`).then(
      () => true,
      () => false,
    );
    if (listening) break;
    if (Date.now() > deadline) throw new Error(`s3rver did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited();
    },
    stopNow() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

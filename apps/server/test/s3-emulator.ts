/**
 * A real S3-compatible server for tests: `s3rver` (a dev dependency) in this process, on a free
 * port of 127.0.0.1, keeping its files in a fresh temp folder. It speaks the S3 REST API (signed
 * requests, multipart uploads, CopyObject, ListObjectsV2); it lacks ListMultipartUploads and
 * AbortMultipartUpload (answering 501 / 405), which `createS3Storage` tolerates.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.js';
import { createS3Client } from '../src/lib/storage.s3.js';

export interface S3Emulator {
  endpoint: string;
  bucket: string;
  /** A config for the emulator's bucket with keys under `prefix` ('' or ending in '/'). */
  config(prefix?: string): S3Config;
  /** A client of the whole bucket (no prefix). */
  client: S3Client;
  /** Every object key in the bucket under `prefix` (whole keys, sorted). */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

/** s3rver accepts only its own fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Emulator(bucket = 'nebab-test'): Promise<S3Emulator> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'nebab-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (prefix = ''): S3Config => ({
    bucket,
    region: 'us-east-1',
    endpoint,
    credentials: CREDENTIALS,
    forcePathStyle: true,
    prefix,
  });
  const client = createS3Client(config());
  return {
    endpoint,
    bucket,
    config,
    client,
    async keys(prefix = '') {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

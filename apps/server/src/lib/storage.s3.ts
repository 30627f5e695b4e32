import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { S3Config } from '../config.js';
import type { Logger } from './logger.js';
import { guardedWrite, isLeftoverKey, type Storage } from './storage.js';

/**
 * Streamed uploads go up in parts of this size, at most `QUEUE_SIZE` at a time: an upload holds
 * about `PART_SIZE × QUEUE_SIZE` in memory, never the whole file. A body smaller than one part is
 * sent as a single PutObject.
 */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** An S3 client for `config`. */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 demands them: several S3-compatible services refuse the SDK's newer
    // default (streamed CRC32 trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function errorName(error: unknown): string | undefined {
  return error instanceof S3ServiceException ? error.name : undefined;
}

function isMissing(error: unknown): boolean {
  const name = errorName(error);
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** The service does not offer the operation (an emulator, some S3-compatible stores). */
function isUnsupported(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode;
  return (
    error.name === 'NotImplemented' || error.name === 'MethodNotAllowed' || status === 501 || status === 405
  );
}

/** `x-amz-copy-source` is URL-encoded; `/` between segments stays. */
function copySource(bucket: string, key: string): string {
  return `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), with the same contract as
 * `createLocalStorage`. Keys live under `config.prefix`.
 *
 * - `putStream` writes straight to the key: S3 shows an object only once its PutObject or
 *   CompleteMultipartUpload succeeded, so no reader sees half a file and a refused upload leaves the
 *   object that was there. A refused or failed multipart upload is aborted, so its parts go too.
 * - `move` is CopyObject then DeleteObject (single copies reach 5 GB, far beyond the upload limits).
 * - `sweep` deletes old leftovers (`tmp/…`, `*.upload`, `*.partial`) and aborts multipart uploads
 *   begun before the cutoff (where the service can list them).
 */
export function createS3Storage(
  config: S3Config,
  options: { client?: S3Client; logger?: Logger } = {},
): Storage {
  const client = options.client ?? createS3Client(config);
  const { bucket: Bucket, prefix } = config;

  function objectKey(key: string): string {
    const segments = key.split('/');
    if (key.includes('\\') || segments.some((segment) => !segment || segment === '.' || segment === '..'))
      throw new Error(`storage: key outside the root: ${key}`);
    return prefix + key;
  }

  async function abortUpload(Key: string, UploadId: string): Promise<boolean> {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
      return true;
    } catch (error) {
      // The parts stay until `sweep` (or a bucket lifecycle rule) removes them; no object exists.
      options.logger?.warn({ err: error, key: Key }, 'could not abort a multipart upload');
      return false;
    }
  }

  /** Aborts the multipart uploads under the prefix begun before `cutoff`; answers how many. */
  async function abortStaleUploads(cutoff: number): Promise<number> {
    let aborted = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      let page;
      try {
        page = await client.send(
          new ListMultipartUploadsCommand({ Bucket, Prefix: prefix || undefined, KeyMarker, UploadIdMarker }),
        );
      } catch (error) {
        // Housekeeping only: a service without the call (501/405) or a policy without
        // s3:ListBucketMultipartUploads must not stop the server; a bucket lifecycle rule can do it.
        if (!isUnsupported(error))
          options.logger?.warn({ err: error }, 'could not list unfinished multipart uploads');
        return aborted;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated) continue;
        if (upload.Initiated.getTime() > cutoff) continue;
        if (await abortUpload(upload.Key, upload.UploadId)) aborted += 1;
      }
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
    return aborted;
  }

  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data }));
    },

    async putStream(key, source, putOptions) {
      const Key = objectKey(key);
      const started: { upload?: Upload } = {};
      try {
        return await guardedWrite(source, putOptions, async (guarded) => {
          started.upload = new Upload({
            client,
            params: { Bucket, Key, Body: guarded },
            partSize: PART_SIZE,
            queueSize: QUEUE_SIZE,
            // Aborted below, so a failing abort cannot hide why the upload stopped.
            leavePartsOnError: true,
          });
          await started.upload.done();
        });
      } catch (error) {
        const uploadId = started.upload?.uploadId;
        if (uploadId) await abortUpload(Key, uploadId);
        throw error;
      }
    },

    async move(from, to) {
      const source = objectKey(from);
      const target = objectKey(to);
      if (source === target) return;
      await client.send(
        new CopyObjectCommand({ Bucket, Key: target, CopySource: copySource(Bucket, source) }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: source }));
    },

    async open(key) {
      let object;
      try {
        object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const body: unknown = object.Body;
      if (!(body instanceof Readable) || object.ContentLength === undefined) {
        if (body instanceof Readable) body.destroy();
        throw new Error(`storage: S3 answered ${key} without a body stream and its length`);
      }
      return { stream: body, size: object.ContentLength };
    },

    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async sweep(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }))
          .catch((error: unknown) => {
            // The first call to the bucket at start: say which bucket could not be reached.
            const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
            throw new Error(`storage: cannot list s3://${Bucket}/${prefix} (${reason})`, { cause: error });
          });
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(prefix) || !object.LastModified) continue;
          if (!isLeftoverKey(object.Key.slice(prefix.length))) continue;
          if (object.LastModified.getTime() > cutoff) continue;
          await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
          removed += 1;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return removed + (await abortStaleUploads(cutoff));
    },
  };
}

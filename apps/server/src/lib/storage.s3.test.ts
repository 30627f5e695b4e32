/**
 * The Storage contract, checked the same way against the local folder and against a real
 * S3-compatible server (the s3rver emulator on 127.0.0.1), plus what only S3 has: key prefixes,
 * multipart uploads aborted on refusal and by the sweep, and the S3_* configuration.
 */
import {
  AbortMultipartUploadCommand,
  ListMultipartUploadsCommand,
  S3ServiceException,
  type AbortMultipartUploadCommandInput,
  type ListMultipartUploadsCommandInput,
  type ListMultipartUploadsCommandOutput,
} from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { silentLogger } from './logger.js';
import { startS3Emulator, type S3Emulator } from '../../test/s3-emulator.js';
import { createLocalStorage, StorageRejectedError, StorageTooLargeError, type Storage } from './storage.js';
import { createS3Client, createS3Storage } from './storage.s3.js';

const MiB = 1024 * 1024;

let emulator: S3Emulator;
const folders: string[] = [];

beforeAll(async () => {
  emulator = await startS3Emulator();
});
afterAll(async () => {
  await emulator?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

interface Subject {
  storage: Storage;
  /** Every stored key, relative to the storage's root, sorted. */
  keys(): Promise<string[]>;
  /** The S3 commands sent so far (empty for local storage). */
  commands: string[];
}

interface Backend {
  name: string;
  /** A fresh, empty storage. */
  create(): Subject;
}

let prefixCount = 0;

const backends: Backend[] = [
  {
    name: 'local folder',
    create() {
      const root = mkdtempSync(path.join(os.tmpdir(), 'nebab-storage-'));
      folders.push(root);
      return {
        storage: createLocalStorage(root),
        commands: [],
        async keys() {
          const entries = await readdir(root, { recursive: true, withFileTypes: true });
          return entries
            .filter((entry) => entry.isFile())
            .map((entry) =>
              path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
            )
            .sort();
        },
      };
    },
  },
  {
    name: 'S3 bucket',
    create() {
      prefixCount += 1;
      const prefix = `case-${prefixCount}/`;
      const config = emulator.config(prefix);
      const client = createS3Client(config);
      const commands: string[] = [];
      client.middlewareStack.add(
        (next, context) => async (args) => {
          commands.push(context.commandName ?? 'unknown');
          return next(args);
        },
        { step: 'initialize', name: 'recordCommands' },
      );
      return {
        storage: createS3Storage(config, { client }),
        commands,
        async keys() {
          return (await emulator.keys(prefix)).map((key) => key.slice(prefix.length));
        },
      };
    },
  },
];

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function contents(storage: Storage, key: string): Promise<Buffer | null> {
  const opened = await storage.open(key);
  if (!opened) return null;
  const data = await read(opened.stream);
  expect(opened.size).toBe(data.length);
  return data;
}

/** `total` bytes of random data, in chunks of `chunk` bytes. */
function randomChunks(total: number, chunk = 64 * 1024): Buffer[] {
  const chunks: Buffer[] = [];
  for (let sent = 0; sent < total; sent += chunk) chunks.push(randomBytes(Math.min(chunk, total - sent)));
  return chunks;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(backends)('Storage contract: $name', (backend) => {
  let subject: Subject;
  beforeEach(() => {
    subject = backend.create();
  });

  it('puts, opens, moves (replacing the target) and removes files; missing files open as null', async () => {
    const { storage } = subject;
    const first = Buffer.from('first cover');
    const second = Buffer.from('second cover, longer');
    await storage.put('covers/a.png', first);
    const opened = await storage.open('covers/a.png');
    expect(opened?.stream).toBeInstanceOf(Readable);
    expect(opened?.size).toBe(first.length);
    expect(await read(opened!.stream)).toEqual(first);
    expect(await storage.open('covers/missing.png')).toBeNull();

    await storage.put('covers/b.png', second);
    await storage.move('covers/a.png', 'covers/b.png');
    expect(await storage.open('covers/a.png')).toBeNull();
    expect(await contents(storage, 'covers/b.png')).toEqual(first);

    // Keys with spaces and Ge'ez letters survive the copy (the copy source is URL-encoded).
    await storage.move('covers/b.png', 'books/ፍቅር እስከ መቃብር+1.pdf');
    expect(await subject.keys()).toEqual(['books/ፍቅር እስከ መቃብር+1.pdf']);
    expect(await contents(storage, 'books/ፍቅር እስከ መቃብር+1.pdf')).toEqual(first);

    await storage.remove('books/ፍቅር እስከ መቃብር+1.pdf');
    await storage.remove('books/ፍቅር እስከ መቃብር+1.pdf');
    await storage.remove('never/stored.png');
    expect(await subject.keys()).toEqual([]);
  });

  it('streams a large file in (several S3 parts) and answers its size and first bytes', async () => {
    const chunks = randomChunks(18 * MiB);
    const whole = Buffer.concat(chunks);
    let seen: Buffer | undefined;
    const result = await subject.storage.putStream('books/big.pdf', Readable.from(chunks), {
      maxBytes: 20 * MiB,
      accept: (head) => {
        seen = head;
        return true;
      },
    });
    expect(result).toEqual({ size: whole.length, head: whole.subarray(0, 16) });
    expect(seen).toEqual(whole.subarray(0, 16));
    expect(sha256((await contents(subject.storage, 'books/big.pdf'))!)).toBe(sha256(whole));
    expect(await subject.keys()).toEqual(['books/big.pdf']);
    if (backend.name === 'S3 bucket') {
      expect(subject.commands).toContain('CreateMultipartUploadCommand');
      expect(subject.commands.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
      expect(subject.commands).toContain('CompleteMultipartUploadCommand');
    }
  });

  it('lets `accept` see a stream shorter than the head it asks for', async () => {
    const result = await subject.storage.putStream('covers/tiny.png', Readable.from([Buffer.from('abc')]), {
      maxBytes: 10,
      accept: (head) => head.toString() === 'abc',
      headBytes: 8,
    });
    expect(result).toEqual({ size: 3, head: Buffer.from('abc') });
    expect(await contents(subject.storage, 'covers/tiny.png')).toEqual(Buffer.from('abc'));
  });

  it('refuses a stream over the limit, keeping what the key held and draining the source', async () => {
    await subject.storage.put('books/x.pdf', Buffer.from('the old file'));
    const source = new PassThrough();
    const ended = once(source, 'end');
    source.write(Buffer.alloc(600, 1));
    const put = subject.storage.putStream('books/x.pdf', source, { maxBytes: 1000 });
    source.write(Buffer.alloc(600, 2));
    await expect(put).rejects.toBeInstanceOf(StorageTooLargeError);
    expect(source.destroyed).toBe(false);
    // The rest of the body is still read (and dropped), so a multipart request can go on.
    source.end(Buffer.alloc(4000, 3));
    await ended;
    expect(await subject.keys()).toEqual(['books/x.pdf']);
    expect(await contents(subject.storage, 'books/x.pdf')).toEqual(Buffer.from('the old file'));
  });

  it('refuses a stream over the limit after parts went up, leaving nothing (the upload is aborted)', async () => {
    await expect(
      subject.storage.putStream('tmp/huge.pdf', Readable.from(randomChunks(12 * MiB)), {
        maxBytes: 9 * MiB,
      }),
    ).rejects.toBeInstanceOf(StorageTooLargeError);
    expect(await subject.keys()).toEqual([]);
    if (backend.name === 'S3 bucket') {
      expect(subject.commands).toContain('UploadPartCommand');
      expect(subject.commands).toContain('AbortMultipartUploadCommand');
      expect(subject.commands).not.toContain('CompleteMultipartUploadCommand');
    }
  });

  it('refuses a stream whose first bytes `accept` rejects, leaves the source flowing, stores nothing', async () => {
    const source = new PassThrough();
    const ended = once(source, 'end');
    source.write(Buffer.from('MZ\x90\x00 not an image at all', 'latin1'));
    let seen: Buffer | undefined;
    await expect(
      subject.storage.putStream('clubs/c-1.upload', source, {
        maxBytes: 1000,
        accept: (head) => {
          seen = head;
          return false;
        },
      }),
    ).rejects.toBeInstanceOf(StorageRejectedError);
    expect(seen).toEqual(Buffer.from('MZ\x90\x00 not an image at all', 'latin1').subarray(0, 16));
    expect(source.destroyed).toBe(false);
    source.end(Buffer.alloc(50_000, 7));
    await ended;
    expect(await subject.keys()).toEqual([]);
    if (backend.name === 'S3 bucket') {
      expect(subject.commands).not.toContain('PutObjectCommand');
      expect(subject.commands).not.toContain('CreateMultipartUploadCommand');
    }
  });

  it('passes on the error of a failing source and stores nothing', async () => {
    const source = new PassThrough();
    const put = subject.storage.putStream('tmp/broken.pdf', source, { maxBytes: 1000 });
    source.write(Buffer.from('%PDF-1.4 start of a file'));
    source.destroy(new Error('connection reset'));
    await expect(put).rejects.toThrow('connection reset');
    expect(await subject.keys()).toEqual([]);
  });

  it('refuses keys outside its root', async () => {
    await expect(subject.storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/outside the root/);
    await expect(subject.storage.open('../../etc/passwd')).rejects.toThrow(/outside the root/);
    expect(await subject.keys()).toEqual([]);
  });

  it('sweeps old leftovers of interrupted uploads, keeping finished files and fresh leftovers', async () => {
    const { storage } = subject;
    for (const key of ['tmp/upload-1.pdf', 'clubs/c-abc.upload', 'books/local-1.pdf.123.abc.partial'])
      await storage.put(key, Buffer.from('leftover'));
    await storage.put('books/local-1.pdf', Buffer.from('finished'));
    await storage.put('covers/local-1.png', Buffer.from('finished'));
    const oldWritten = Date.now();
    // S3 keeps LastModified to the second: leave two seconds between old and fresh.
    await sleep(2100);
    await storage.put('tmp/upload-2.pdf', Buffer.from('in flight'));

    expect(await storage.sweep(Date.now() - oldWritten - 1)).toBe(3);
    expect(await subject.keys()).toEqual(['books/local-1.pdf', 'covers/local-1.png', 'tmp/upload-2.pdf']);
    expect(await storage.sweep(60 * 60 * 1000)).toBe(0);
    if (backend.name === 'S3 bucket') {
      // s3rver cannot list multipart uploads (501): the sweep goes on without that part.
      expect(subject.commands).toContain('ListMultipartUploadsCommand');
    }
  });
});

describe('S3 storage: the bucket prefix', () => {
  it('keeps every key under S3_PREFIX and sees nothing outside it', async () => {
    const mine = createS3Storage(emulator.config('prefix-test/nebab/'));
    const other = createS3Storage(emulator.config('prefix-test/other/'));
    await mine.put('tmp/a.pdf', Buffer.from('a'));
    await other.put('tmp/b.pdf', Buffer.from('b'));
    expect(await emulator.keys('prefix-test/')).toEqual([
      'prefix-test/nebab/tmp/a.pdf',
      'prefix-test/other/tmp/b.pdf',
    ]);
    expect(await other.open('tmp/a.pdf')).toBeNull();
    expect(await mine.sweep(-60_000)).toBe(1);
    expect(await emulator.keys('prefix-test/')).toEqual(['prefix-test/other/tmp/b.pdf']);
    await other.remove('tmp/b.pdf');
  });

  it('answers a clear error when the bucket does not exist (the start-up sweep names it)', async () => {
    const missing = createS3Storage({ ...emulator.config(), bucket: 'no-such-bucket' });
    await expect(missing.put('covers/a.png', Buffer.from('x'))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    await expect(missing.sweep(0)).rejects.toThrow(
      /^storage: cannot list s3:\/\/no-such-bucket\/ \(NoSuchBucket: /,
    );
  });
});

describe('S3 storage: sweeping stale multipart uploads', () => {
  it('aborts the uploads under its prefix begun before the cutoff, page by page', async () => {
    // s3rver cannot list multipart uploads, so the service's answers to ListMultipartUploads and
    // AbortMultipartUpload are played here; every other call goes to the emulator.
    const config = emulator.config('stale-uploads/');
    const client = createS3Client(config);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const pages: ListMultipartUploadsCommandOutput[] = [
      {
        $metadata: {},
        Uploads: [
          { Key: 'stale-uploads/books/old.pdf', UploadId: 'u-old', Initiated: hourAgo },
          { Key: 'stale-uploads/books/new.pdf', UploadId: 'u-new', Initiated: new Date() },
        ],
        IsTruncated: true,
        NextKeyMarker: 'stale-uploads/books/new.pdf',
        NextUploadIdMarker: 'u-new',
      },
      {
        $metadata: {},
        Uploads: [{ Key: 'stale-uploads/tmp/old.cover', UploadId: 'u-old-2', Initiated: hourAgo }],
        IsTruncated: false,
      },
    ];
    const listed: ListMultipartUploadsCommandInput[] = [];
    const aborted: AbortMultipartUploadCommandInput[] = [];
    const send = client.send.bind(client);
    const played = async (command: unknown) => {
      if (command instanceof ListMultipartUploadsCommand) {
        listed.push(command.input);
        return pages[listed.length - 1];
      }
      if (command instanceof AbortMultipartUploadCommand) {
        aborted.push(command.input);
        return { $metadata: {} };
      }
      return send(command as Parameters<typeof send>[0]);
    };
    client.send = played as typeof client.send;
    const storage = createS3Storage(config, { client });
    await storage.put('tmp/leftover.pdf', Buffer.from('x'));

    // Half an hour: the two uploads begun an hour ago go; the fresh upload and object stay.
    expect(await storage.sweep(30 * 60 * 1000)).toBe(2);
    expect(
      listed.map(({ Prefix, KeyMarker, UploadIdMarker }) => ({ Prefix, KeyMarker, UploadIdMarker })),
    ).toEqual([
      { Prefix: 'stale-uploads/', KeyMarker: undefined, UploadIdMarker: undefined },
      { Prefix: 'stale-uploads/', KeyMarker: 'stale-uploads/books/new.pdf', UploadIdMarker: 'u-new' },
    ]);
    expect(aborted).toEqual([
      { Bucket: config.bucket, Key: 'stale-uploads/books/old.pdf', UploadId: 'u-old' },
      { Bucket: config.bucket, Key: 'stale-uploads/tmp/old.cover', UploadId: 'u-old-2' },
    ]);
    expect(await emulator.keys('stale-uploads/')).toEqual(['stale-uploads/tmp/leftover.pdf']);
    await storage.remove('tmp/leftover.pdf');
  });
});

describe('S3 storage: a policy that may not list multipart uploads', () => {
  it('still sweeps the leftover objects and logs a warning instead of failing the start', async () => {
    const config = emulator.config('no-list-uploads/');
    const client = createS3Client(config);
    const send = client.send.bind(client);
    const refusing = async (command: unknown) => {
      if (command instanceof ListMultipartUploadsCommand)
        throw new S3ServiceException({
          name: 'AccessDenied',
          $fault: 'client',
          $metadata: { httpStatusCode: 403 },
          message: 'Access Denied',
        });
      return send(command as Parameters<typeof send>[0]);
    };
    client.send = refusing as typeof client.send;
    const warn = vi.fn();
    const storage = createS3Storage(config, { client, logger: { ...silentLogger, warn } });
    await storage.put('tmp/leftover.pdf', Buffer.from('x'));
    expect(await storage.sweep(-60_000)).toBe(1);
    expect(warn.mock.calls.map((call) => call[1])).toEqual(['could not list unfinished multipart uploads']);
    expect(await emulator.keys('no-list-uploads/')).toEqual([]);
  });
});

describe('S3 configuration (S3_* variables)', () => {
  it('is off without S3_BUCKET and on with it, with defaults for the rest', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'nebab-uploads' }).s3).toEqual({
      bucket: 'nebab-uploads',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('reads every variable; an endpoint turns path-style URLs on unless told otherwise', () => {
    const env = {
      S3_BUCKET: 'nebab-uploads',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: '/nebab/uploads/',
    };
    expect(loadConfig(env).s3).toEqual({
      bucket: 'nebab-uploads',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'nebab/uploads/',
    });
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'nebab-uploads', S3_FORCE_PATH_STYLE: 'yes' }).s3?.forcePathStyle).toBe(
      true,
    );
  });

  it('refuses a partial or invalid S3 configuration with a ConfigError naming the variable', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [
        { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a' },
        /S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID are set/,
      ],
      [{ S3_PREFIX: 'nebab' }, /S3_BUCKET: required when S3_PREFIX is set/],
      [
        { S3_BUCKET: 'nebab-uploads', S3_ACCESS_KEY_ID: 'a' },
        /S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
      ],
      [{ S3_BUCKET: 'nebab-uploads', S3_SECRET_ACCESS_KEY: 's' }, /S3_ACCESS_KEY_ID: set/],
      [{ S3_BUCKET: 'Nebab_Uploads' }, /S3_BUCKET: 3–63 lowercase letters/],
      [{ S3_BUCKET: 'nebab-uploads', S3_ENDPOINT: 'ftp://files.example' }, /S3_ENDPOINT/],
      [{ S3_BUCKET: 'nebab-uploads', S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
      [{ S3_BUCKET: 'nebab-uploads', S3_PREFIX: 'a/../b' }, /S3_PREFIX: a key prefix/],
      [{ S3_BUCKET: 'nebab-uploads', S3_PREFIX: 'a//b' }, /S3_PREFIX: a key prefix/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });
});

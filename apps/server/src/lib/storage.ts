import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** `putStream` refused the data: more than `maxBytes` arrived. Nothing was kept. */
export class StorageTooLargeError extends Error {
  override name = 'StorageTooLargeError';
}

/** `putStream` failed: its source closed before its end (a cut-off upload). Nothing was kept. */
export class StorageSourceEndedError extends Error {
  override name = 'StorageSourceEndedError';
  constructor() {
    super('the upload ended before its end');
  }
}

/** `putStream` refused the data: `accept` said no to its first bytes. Nothing was kept. */
export class StorageRejectedError extends Error {
  override name = 'StorageRejectedError';
}

export interface PutStreamOptions {
  /** More bytes than this abort the write (StorageTooLargeError) and delete the partial file. */
  maxBytes: number;
  /**
   * Checks the first `headBytes` bytes as soon as they have arrived (or all of a shorter stream);
   * false aborts the write (StorageRejectedError), an Error aborts it with that error. Use it to check
   * the type by content, never by name.
   */
  accept?: (head: Buffer) => boolean | Error;
  /** How many leading bytes `accept` sees (default 16). */
  headBytes?: number;
}

/** Where uploaded files live. Keys are relative paths like `covers/<id>.png`. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Writes a stream without holding it in memory: to a temp file, renamed to `key` when complete.
   * On a limit, a refused head or a failing source the partial file is deleted and the error thrown.
   * On a refusal the source is NOT destroyed: it is unpiped and left flowing, so the rest of a
   * request body drains (multipart parsing can continue). On success it answers the size and head.
   */
  putStream(
    key: string,
    source: Readable,
    options: PutStreamOptions,
  ): Promise<{ size: number; head: Buffer }>;
  /** Renames a stored file to another key (same storage), replacing what is there. */
  move(from: string, to: string): Promise<void>;
  /** A stream of the stored file and its size, or null when absent. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /**
   * Deletes what an upload interrupted by a crash left behind (`*.partial` and `*.upload` files and
   * anything under `tmp/`) older than `olderThanMs`; answers how many files went.
   */
  sweep(olderThanMs: number): Promise<number>;
}

const LEFTOVER = /\.(partial|upload)$/;

/** What `sweep` may delete (when old enough): a `*.partial` or `*.upload` file, or anything under `tmp/`. */
export function isLeftoverKey(key: string): boolean {
  return LEFTOVER.test(key) || key.startsWith('tmp/');
}

function safeJoin(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep))
    throw new Error(`storage: key outside the root: ${key}`);
  return full;
}

function partialName(full: string): string {
  return `${full}.${process.pid}.${randomBytes(6).toString('hex')}.partial`;
}

/** Counts bytes, checks the head once, and fails past the limit; passes the bytes on unchanged. */
export class UploadGuard extends Transform {
  /** Bytes seen so far (not `size`: the AWS SDK would take that for the length of the body). */
  received = 0;
  private headChunks: Buffer[] = [];
  private headLength = 0;
  private checked = false;
  head: Buffer = Buffer.alloc(0);

  constructor(private readonly options: PutStreamOptions) {
    super();
  }

  private check(): Error | null {
    this.checked = true;
    this.head = Buffer.concat(this.headChunks);
    this.headChunks = [];
    const verdict = this.options.accept ? this.options.accept(this.head) : true;
    if (verdict instanceof Error) return verdict;
    return verdict ? null : new StorageRejectedError();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.received += chunk.length;
    if (this.received > this.options.maxBytes) return callback(new StorageTooLargeError());
    if (!this.checked) {
      const want = this.options.headBytes ?? 16;
      this.headChunks.push(chunk.subarray(0, want - this.headLength));
      this.headLength += Math.min(chunk.length, want - this.headLength);
      if (this.headLength >= want) {
        const refused = this.check();
        if (refused) return callback(refused);
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    callback(this.checked ? null : this.check());
  }
}

/**
 * The part of `putStream` every storage shares: pipes `source` through an UploadGuard and hands the
 * guarded stream to `write`, which must store it or throw. On any failure the source is unpiped and
 * left flowing (its rest drains), and the guard's own refusal (StorageTooLargeError,
 * StorageRejectedError, the source's error) wins over whatever `write` made of it.
 */
export async function guardedWrite(
  source: Readable,
  options: PutStreamOptions,
  write: (guarded: Readable) => Promise<void>,
): Promise<{ size: number; head: Buffer }> {
  const guard = new UploadGuard(options);
  // Its error may come before `write` consumes it (e.g. while a folder is made); it is read from
  // `guard.errored` below and reaches the consumer anyway, so it must not go unhandled meanwhile.
  guard.on('error', () => undefined);
  const onSourceError = (error: unknown) =>
    guard.destroy(error instanceof Error ? error : new Error(String(error)));
  // A source that closes before its end (a body cut inside a file part, a client gone) would
  // otherwise leave the guard, and the file being written, waiting for ever.
  const onSourceClose = () => {
    if (!source.readableEnded) guard.destroy(source.errored ?? new StorageSourceEndedError());
  };
  source.once('error', onSourceError);
  source.once('close', onSourceClose);
  // The source may have failed before it reached us (a multipart parser that saw the body end
  // while the route was still checking permissions): fail now instead of piping a dead stream.
  if (source.errored || source.destroyed) onSourceClose();
  else source.pipe(guard);
  try {
    await write(guard);
    return { size: guard.received, head: guard.head };
  } catch (error) {
    source.unpipe(guard);
    // Keep reading (and dropping) the rest, so the sender's body is consumed.
    if (!source.destroyed) source.resume();
    const refusal = guard.errored;
    if (!guard.destroyed) guard.destroy();
    throw refusal ?? error;
  } finally {
    source.off('error', onSourceError);
    source.off('close', onSourceClose);
  }
}

/** A local folder (`<DATA_DIR>/uploads`). Writes go to a temp name first, so no half-written file is seen. */
export function createLocalStorage(root: string): Storage {
  return {
    async put(key, data) {
      const full = safeJoin(root, key);
      await mkdir(path.dirname(full), { recursive: true });
      const partial = `${full}.${process.pid}.partial`;
      await writeFile(partial, data);
      await rename(partial, full);
    },
    async putStream(key, source, options) {
      const full = safeJoin(root, key);
      const partial = partialName(full);
      try {
        // No await before guardedWrite: it must listen to the source's errors at once.
        const result = await guardedWrite(source, options, async (guarded) => {
          await mkdir(path.dirname(full), { recursive: true });
          await pipeline(guarded, createWriteStream(partial, { flags: 'wx' }));
        });
        await rename(partial, full);
        return result;
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async move(from, to) {
      const target = safeJoin(root, to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(safeJoin(root, from), target);
    },
    async open(key) {
      const full = safeJoin(root, key);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(full), size: info.size };
    },
    async remove(key) {
      await rm(safeJoin(root, key), { force: true });
    },
    async sweep(olderThanMs) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full);
        if (!isLeftoverKey(key.split(path.sep).join('/'))) continue;
        const info = await stat(full).catch(() => null);
        if (!info || info.mtimeMs > cutoff) continue;
        await rm(full, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}

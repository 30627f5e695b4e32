import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Keys are relative paths like `covers/<id>.png`. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the stored file and its size, or null when absent. */
  open(key: string): Promise<{ stream: ReadStream; size: number } | null>;
  remove(key: string): Promise<void>;
}

function safeJoin(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep))
    throw new Error(`storage: key outside the root: ${key}`);
  return full;
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
    async open(key) {
      const full = safeJoin(root, key);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(full), size: info.size };
    },
    async remove(key) {
      await rm(safeJoin(root, key), { force: true });
    },
  };
}

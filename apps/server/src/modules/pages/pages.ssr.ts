import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SsrInput, SsrOutput } from '@nebab/shared';

/** The client's server-rendering entry, built by `npm run build` next to the client build. */
export interface SsrEntry {
  render(input: SsrInput): Promise<SsrOutput>;
  /** Stops the thread the entry renders on. */
  close(): Promise<void>;
}

/** Where the entry is built: `apps/web/dist-ssr` beside `apps/web/dist` (never served as a file). */
export function ssrEntryPath(webDist: string): string {
  return path.join(path.dirname(path.resolve(webDist)), 'dist-ssr', 'entry-server.js');
}

/** What the render thread says (pages.ssr-worker.mjs). */
type WorkerMessage =
  | { type: 'ready'; ok: boolean }
  | { type: 'api'; id: number; call: number; path: string }
  | { type: 'done'; id: number; output: SsrOutput }
  | { type: 'failed'; id: number; message: string };

interface Render {
  api: SsrInput['api'];
  resolve(output: SsrOutput): void;
  reject(error: Error): void;
}

const WORKER_FILE = new URL('./pages.ssr-worker.mjs', import.meta.url);

/**
 * Starts the entry on a thread of its own, or null when the client was built without it (pages are then
 * shells with their heads). A render holds its thread for 20–90 ms (React, the generated covers); on
 * the server's thread every request in flight on the node waited that long, and bench:load's nodes
 * re-render their cached pages every 10 s: each time every kind of request went past 200 ms at p99.
 * The API reads a render makes still run on the server's thread (`input.api`, with its routes and
 * caches); only the rendering moved. A thread that stops is started again by the next render.
 */
export async function loadSsrEntry(
  webDist: string,
  onThreadError: (error: Error) => void,
): Promise<SsrEntry | null> {
  const file = ssrEntryPath(webDist);
  if (!existsSync(file)) return null;
  const renders = new Map<number, Render>();
  let nextId = 0;
  let closed = false;

  let worker: Promise<Worker | null> | null = null;
  const start = (): Promise<Worker | null> => {
    const starting = new Promise<Worker | null>((resolve) => {
      const thread = new Worker(WORKER_FILE, { workerData: { file } });
      thread.unref();
      thread.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          if (message.ok) resolve(thread);
          else void thread.terminate().then(() => resolve(null));
          return;
        }
        const render = renders.get(message.id);
        if (message.type === 'api') {
          const answer = render
            ? render.api(message.path).then(
                (result) => ({ result }),
                (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
              )
            : Promise.resolve({ error: 'the render was given up' });
          void answer.then((reply) => thread.postMessage({ type: 'api', call: message.call, ...reply }));
          return;
        }
        renders.delete(message.id);
        if (message.type === 'done') render?.resolve(message.output);
        else render?.reject(new Error(message.message));
      });
      // The thread's own failure (its renders are rejected below when it stops).
      thread.on('error', onThreadError);
      thread.once('exit', () => {
        resolve(null);
        if (worker === starting) worker = null;
        for (const [id, render] of renders) {
          renders.delete(id);
          render.reject(new Error('the render thread stopped'));
        }
      });
    });
    return starting;
  };

  worker = start();
  if (!(await worker)) return null;

  return {
    async render(input) {
      if (closed) throw new Error('the render thread is closed');
      worker ??= start();
      const thread = await worker;
      if (!thread) throw new Error('the render thread could not start');
      const id = nextId++;
      return new Promise<SsrOutput>((resolve, reject) => {
        renders.set(id, { api: input.api, resolve, reject });
        thread.postMessage({
          type: 'render',
          id,
          url: input.url,
          language: input.language,
          origin: input.origin,
        });
      });
    },
    async close() {
      closed = true;
      const thread = await worker;
      await thread?.terminate();
    },
  };
}

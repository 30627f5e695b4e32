// @ts-check
/**
 * The thread that server-renders pages (see pages.ssr.ts). Plain JavaScript: a worker starts without
 * the TypeScript loader the server runs under. It imports the client's server entry, renders what the
 * server asks, and sends each API read the render makes back to the server's own thread.
 *
 * Messages in:  { type: 'render', id, url, language, origin } | { type: 'api', call, result } | { type: 'api', call, error }
 * Messages out: { type: 'ready', ok } | { type: 'api', id, call, path } | { type: 'done', id, output } | { type: 'failed', id, message }
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const port = parentPort;
if (!port) throw new Error('pages.ssr-worker runs as a worker thread');

/** @type {Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>} */
const calls = new Map();
let nextCall = 0;

/** @type {{ render?: (input: unknown) => Promise<unknown> }} */
let entry = {};
try {
  entry = await import(pathToFileURL(String(workerData.file)).href);
} catch (error) {
  console.error(error);
}
const render = entry.render;
port.postMessage({ type: 'ready', ok: typeof render === 'function' });

port.on('message', (message) => {
  if (message.type === 'api') {
    const call = calls.get(message.call);
    calls.delete(message.call);
    if (!call) return;
    if (message.error) call.reject(new Error(message.error));
    else call.resolve(message.result);
    return;
  }
  if (message.type !== 'render' || typeof render !== 'function') return;
  const { id, url, language, origin } = message;
  /** @param {string} path */
  const api = (path) =>
    new Promise((resolve, reject) => {
      const call = nextCall++;
      calls.set(call, { resolve, reject });
      port.postMessage({ type: 'api', id, call, path });
    });
  render({ url, language, origin, api }).then(
    (output) => port.postMessage({ type: 'done', id, output }),
    (error) =>
      port.postMessage({
        type: 'failed',
        id,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});

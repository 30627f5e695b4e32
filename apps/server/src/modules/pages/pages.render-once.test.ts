import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { acceptedEncoding } from './pages.compressed.js';

let server: TestServer;
let root: string;

/**
 * The client's template and a server-rendering entry that takes 150 ms a render and counts them in a
 * file beside it (it runs on the server's render thread, not this one).
 */
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'nebab-render-once-'));
  await mkdir(path.join(root, 'dist', 'assets'), { recursive: true });
  await mkdir(path.join(root, 'dist-ssr'));
  await writeFile(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><!--head--><title>Nebab</title><!--/head--></head>' +
      '<body><div id="root"><!--app--></div><!--state--></body></html>',
  );
  await writeFile(
    path.join(root, 'dist-ssr', 'entry-server.js'),
    `import { appendFileSync } from 'node:fs';
     import { isMainThread } from 'node:worker_threads';
     let n = 0;
     export async function render(input) {
       n += 1;
       appendFileSync(new URL('./renders.log', import.meta.url), input.url + '\\n');
       await new Promise((resolve) => setTimeout(resolve, 150));
       let thread = '';
       if (input.url.includes('busy')) {
         const until = Date.now() + 600;
         while (Date.now() < until);
         thread = '<p>rendered on ' + (isMainThread ? 'the main thread' : 'a worker thread') + '</p>';
       }
       const read = input.url.includes('read') ? await input.api('/api/books/trending?limit=2') : null;
       const long = input.url.includes('long') ? '<p>' + 'ንባብ reading '.repeat(400) + '</p>' : '';
       const books = read ? '<p>' + read.status + ' ' + read.body.items.length + ' trending</p>' : '';
       return { kind: 'page', status: 200, html: '<p>render ' + n + ' of ' + input.url + '</p>' + long + books + thread,
         state: { language: input.language, explicitLanguage: false, origin: input.origin, queries: [] } };
     }`,
  );
  server = await startTestServer({ webDist: path.join(root, 'dist') });
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

const renders = async () =>
  (await readFile(path.join(root, 'dist-ssr', 'renders.log'), 'utf8').catch(() => '')).split('\n').length - 1;
const page = async (address: string) => {
  const response = await fetch(`${server.url}${address}`);
  return { status: response.status, html: await response.text() };
};

it('readers asking for a page at the same time share one render; the next ask is served from the cache', async () => {
  const before = await renders();
  const answers = await Promise.all(Array.from({ length: 6 }, () => page('/search?q=render-once')));
  expect((await renders()) - before).toBe(1);
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  expect(new Set(answers.map((answer) => answer.html)).size).toBe(1);
  expect(answers[0]!.html).toContain('of /search?q=render-once</p>');

  expect((await page('/search?q=render-once')).html).toBe(answers[0]!.html);
  expect((await renders()) - before).toBe(1);
});

it('a page past its 10 s goes out at once while it is rendered again in the background; one past a minute waits for its render', async () => {
  const first = (await page('/search?q=stale')).html;
  const before = await renders();
  // Only the clock the cache reads moves; timers run as they do.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
  try {
    // The cached render, not the new one (its number would differ): the reader did not wait for it.
    expect((await page('/search?q=stale')).html).toBe(first);
    expect((await page('/search?q=stale')).html).toBe(first);
    await expect.poll(async () => (await page('/search?q=stale')).html).not.toBe(first);
    expect((await renders()) - before).toBe(1);
    const second = (await page('/search?q=stale')).html;

    vi.setSystemTime(Date.now() + 61_000);
    const third = (await page('/search?q=stale')).html;
    expect(third).not.toBe(second);
    expect(third).toContain('of /search?q=stale</p>');
    expect((await renders()) - before).toBe(2);
  } finally {
    vi.useRealTimers();
  }
});

it('another address, or the same one in the other language, is a render of its own', async () => {
  const before = await renders();
  await Promise.all([page('/search?q=one'), page('/search?q=two'), page('/search?q=one&lang=am')]);
  expect((await renders()) - before).toBe(3);
});

it('a cached page goes out compressed once for every reader, in the encoding their browser accepts', async () => {
  const raw = async (acceptEncoding?: string) => {
    const response = await request(`${server.url}/search?q=long`, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    const encoding = response.headers['content-encoding'];
    const html = (
      encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
    ).toString();
    return { encoding, vary: String(response.headers.vary), bytes: body.length, html };
  };
  const plain = await raw();
  expect(plain.encoding).toBeUndefined();
  expect(plain.html).toContain('ንባብ reading');
  const before = await renders();
  for (const [accept, expected] of [
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', undefined],
  ] as const) {
    const answer = await raw(accept);
    expect({ accept, encoding: answer.encoding }).toEqual({ accept, encoding: expected });
    expect(answer.html).toBe(plain.html);
    if (expected) {
      expect(answer.vary).toContain('Accept-Encoding');
      expect(answer.bytes).toBeLessThan(plain.bytes / 4);
    }
  }
  // All from the one cached render.
  expect((await renders()) - before).toBe(0);
});

it('renders on a thread of its own: the server thread never waits for a render', async () => {
  // The server runs in this thread. The render says where it ran (a stall of this thread measured
  // against a bound would also catch a loaded machine's pauses).
  const [rendered, health] = await Promise.all([page('/search?q=busy'), fetch(`${server.url}/api/health`)]);
  expect(rendered.html).toContain('of /search?q=busy</p>');
  expect(rendered.html).toContain('<p>rendered on a worker thread</p>');
  expect(health.status).toBe(200);
});

it("a render's API reads run on the server", async () => {
  expect((await page('/search?q=read')).html).toMatch(/<p>200 \d+ trending<\/p>/);
});

it('reads Accept-Encoding as browsers write it', () => {
  expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
  expect(acceptedEncoding('GZIP')).toBe('gzip');
  expect(acceptedEncoding('br;q=0.0, gzip;q=0.5')).toBe('gzip');
  expect(acceptedEncoding('*')).toBe('gzip');
  expect(acceptedEncoding('identity')).toBeNull();
  expect(acceptedEncoding(undefined)).toBeNull();
});

it('a production node renders its landing page in each language a dozen times once it listens (its render thread warms up unseen)', async () => {
  const landingRenders = async () =>
    (await readFile(path.join(root, 'dist-ssr', 'renders.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter((url) => url === '/').length;
  expect(await landingRenders()).toBe(0);
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let production: TestServer | undefined;
  try {
    production = await startTestServer({ webDist: path.join(root, 'dist') });
  } finally {
    process.env.NODE_ENV = environment;
  }
  try {
    // Twelve renders of each language, one after the other (150 ms each here); the node answers meanwhile.
    expect((await fetch(`${production.url}/api/health`)).status).toBe(200);
    await expect.poll(landingRenders, { timeout: 15_000, interval: 200 }).toBe(24);
  } finally {
    await production.close();
  }
});

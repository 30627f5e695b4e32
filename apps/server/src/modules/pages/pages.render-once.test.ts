import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { acceptedEncoding } from './pages.compressed.js';

let server: TestServer;
let root: string;

/** The client's template and a server-rendering entry that counts its renders and takes 150 ms each. */
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
    `export async function render(input) {
       globalThis.__nebabRenders = (globalThis.__nebabRenders ?? 0) + 1;
       const n = globalThis.__nebabRenders;
       await new Promise((resolve) => setTimeout(resolve, 150));
       const long = input.url.includes('long') ? '<p>' + 'ንባብ reading '.repeat(400) + '</p>' : '';
       return { kind: 'page', status: 200, html: '<p>render ' + n + ' of ' + input.url + '</p>' + long,
         state: { language: input.language, explicitLanguage: false, origin: input.origin, queries: [] } };
     }`,
  );
  server = await startTestServer({ webDist: path.join(root, 'dist') });
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

const renders = () => (globalThis as { __nebabRenders?: number }).__nebabRenders ?? 0;
const page = async (address: string) => {
  const response = await fetch(`${server.url}${address}`);
  return { status: response.status, html: await response.text() };
};

it('readers asking for a page at the same time share one render; the next ask is served from the cache', async () => {
  const before = renders();
  const answers = await Promise.all(Array.from({ length: 6 }, () => page('/search?q=render-once')));
  expect(renders() - before).toBe(1);
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  expect(new Set(answers.map((answer) => answer.html)).size).toBe(1);
  expect(answers[0]!.html).toContain('of /search?q=render-once</p>');

  expect((await page('/search?q=render-once')).html).toBe(answers[0]!.html);
  expect(renders() - before).toBe(1);
});

it('another address, or the same one in the other language, is a render of its own', async () => {
  const before = renders();
  await Promise.all([page('/search?q=one'), page('/search?q=two'), page('/search?q=one&lang=am')]);
  expect(renders() - before).toBe(3);
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
  const before = renders();
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
  expect(renders() - before).toBe(0);
});

it('reads Accept-Encoding as browsers write it', () => {
  expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
  expect(acceptedEncoding('GZIP')).toBe('gzip');
  expect(acceptedEncoding('br;q=0.0, gzip;q=0.5')).toBe('gzip');
  expect(acceptedEncoding('*')).toBe('gzip');
  expect(acceptedEncoding('identity')).toBeNull();
  expect(acceptedEncoding(undefined)).toBeNull();
});

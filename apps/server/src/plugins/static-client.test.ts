import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { ErrorBody } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.js';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'nebab-web-dist-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Nebab</title><div id="root"></div>',
  );
  await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("nebab")');
  // What the build writes beside each hashed asset: its brotli and gzip copies.
  await writeFile(
    path.join(webDist, 'assets', 'app-1a2b3c.js.br'),
    brotliCompressSync('console.log("nebab")'),
  );
  await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js.gz'), gzipSync('console.log("nebab")'));
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ webDist });
});
afterAll(async () => {
  await server?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('the built client', () => {
  it('serves the page document at / without caching (with or without compression)', async () => {
    const plain = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain('<div id="root">');
    const res = await server.request('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('caches hashed assets for a year', async () => {
    const res = await server.request('/assets/app-1a2b3c.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends hashed assets precompressed to clients that accept brotli or gzip', async () => {
    const br = await fetch(`${server.url}/assets/app-1a2b3c.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gz = await fetch(`${server.url}/assets/app-1a2b3c.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe('console.log("nebab")');
  });

  it('compresses other answers of 1 kB or more (pages, API)', async () => {
    const { request } = await import('node:http');
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const req = request(`${server.url}/api/genres`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
    expect(raw.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(raw.body).toString('utf8'))).toHaveLength(30);
  });

  it('never serves the raw template', async () => {
    expect((await server.request('/index.html')).status).toBe(404);
  });

  it('answers client routes with the page document', async () => {
    for (const route of ['/dashboard', '/discover?genre=poetry', '/auth/callback']) {
      const res = await server.request(route);
      expect(res.status, route).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('keeps 404 JSON for unknown /api routes and missing assets', async () => {
    const api = await server.request<ErrorBody>('/api/nope');
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe('NOT_FOUND');
    expect((await server.request('/assets/missing.js')).status).toBe(404);
    expect((await server.request('/socket.io/nope')).status).toBe(400);
  });

  it('still answers the API', async () => {
    expect((await server.request('/api/health')).status).toBe(200);
  });
});

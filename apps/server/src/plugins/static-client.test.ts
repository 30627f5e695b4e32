import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ webDist });
});
afterAll(async () => {
  await server?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('the built client', () => {
  it('serves index.html at / without caching', async () => {
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

  it('answers client routes with index.html (SPA fallback)', async () => {
    for (const route of ['/dashboard', '/book/local-42', '/discover?genre=poetry', '/auth/callback']) {
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

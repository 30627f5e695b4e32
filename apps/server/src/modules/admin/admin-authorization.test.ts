import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

/**
 * The authorisation matrix of every admin operation, read from the served OpenAPI document so a new
 * admin route is covered the day it lands: anonymous → 401, a reader → 403, and nothing changes.
 * (Each module's own tests show the admin's 2xx and the effects.)
 */
let server: TestServer;
let readerToken: string;
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

beforeAll(async () => {
  server = await startTestServer();
  readerToken = (await signUp(server)).token;
});
afterAll(() => server?.close());

async function adminOperations(): Promise<{ method: string; path: string }[]> {
  const doc = await server.request<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
  expect(doc.status).toBe(200);
  return Object.entries(doc.body.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      METHODS.filter((method) => method in operations).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, SOME_ID),
      })),
    );
}

describe('every /api/admin operation', () => {
  it('is listed in the OpenAPI document (the matrix below sees them all)', async () => {
    const operations = await adminOperations();
    const listed = new Set(operations.map((o) => `${o.method} ${o.path.replaceAll(SOME_ID, ':id')}`));
    for (const expected of [
      'GET /api/admin/stats',
      'GET /api/admin/users',
      'PATCH /api/admin/users/:id',
      'DELETE /api/admin/users/:id',
      'GET /api/admin/books',
      'POST /api/admin/books',
      'PATCH /api/admin/books/:id',
      'DELETE /api/admin/books/:id',
      'GET /api/admin/reviews',
      'PATCH /api/admin/reviews/:id',
      'DELETE /api/admin/reviews/:id',
      'GET /api/admin/reports',
      'PATCH /api/admin/reports/:id',
      'GET /api/admin/settings',
      'PATCH /api/admin/settings',
      'GET /api/admin/reading-lists',
      'GET /api/admin/book-suggestions',
    ])
      expect(listed).toContain(expected);
  });

  it('answers 401 to anonymous callers and 403 to readers', async () => {
    const operations = await adminOperations();
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const wrong: string[] = [];
    for (const { method, path } of operations) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anonymous = await server.request(path, { method, body });
      if (anonymous.status !== 401) wrong.push(`${method} ${path} anonymous → ${anonymous.status}`);
      const reader = await server.request(path, { method, body, token: readerToken });
      if (reader.status !== 403) wrong.push(`${method} ${path} reader → ${reader.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

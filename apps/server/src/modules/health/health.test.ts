import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorBody } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `/api/books/{id}/reviews` and `/api/books/:bookId/reviews` alike → `/api/books/:/reviews`. */
const normalisePath = (pathname: string) => pathname.replace(/\{[^}]+\}|:[A-Za-z_]+/g, ':');

/**
 * The operations docs/api.md documents: in the first cell of a table row, every `METHOD /path`,
 * `METHOD, METHOD /path` or `METHOD/METHOD /path` (the same path under several methods).
 */
export function documentedOperations(markdown: string): Set<string> {
  const operations = new Set<string>();
  const method = `(?:${METHODS.join('|')})`;
  // Methods, then a path up to a space, a comma, a pipe or a backtick (\x60).
  const pattern = new RegExp(`(${method}(?:\\s*[,/]\\s*${method})*)\\s+(/[^\\s,|\\x60'"]*)`, 'g');
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('| ')) continue;
    const cell = line.split('|')[1] ?? '';
    for (const match of cell.matchAll(pattern))
      for (const verb of match[1]!.split(/\s*[,/]\s*/))
        operations.add(`${verb} ${normalisePath(match[2]!.replace(/\?.*$/, ''))}`);
  }
  return operations;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      beforeListen: (app) => {
        app.get('/api/test/explode', { schema: { hide: true } }, async () => {
          throw new Error('relation "users" does not exist: SELECT password_hash FROM users');
        });
      },
    },
  );
});
afterAll(() => server?.close());

describe('GET /api/health', () => {
  it('answers status, database kind and realtime mode', async () => {
    const res = await server.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      realtime: 'local',
      database: 'up',
      redis: 'off',
    });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('errors', () => {
  it('answers unknown /api routes with a 404 NOT_FOUND body', async () => {
    const res = await server.request<ErrorBody>('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    const post = await server.request<ErrorBody>('/api/nothing/here', { method: 'POST', body: {} });
    expect(post.status).toBe(404);
    expect(post.body.error.code).toBe('NOT_FOUND');
  });

  it('translates the 404 message for Accept-Language: am', async () => {
    const res = await server.request<ErrorBody>('/api/does-not-exist', { lang: 'am' });
    expect(res.body.error.message).toBe('አልተገኘም');
  });

  it('never leaks a stack or SQL from an internal error', async () => {
    const res = await server.request<ErrorBody>('/api/test/explode');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('INTERNAL');
    expect(res.body.error.message).toBe('Something went wrong on our side. Please try again.');
    expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
    expect(res.text).not.toMatch(/SELECT|password_hash|at .*\.ts|stack/i);
  });

  it('answers malformed JSON with 400 VALIDATION', async () => {
    const res = await server.request<ErrorBody>('/api/auth/login', { body: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await server.request<ErrorBody>('/api/auth/login', {
      body: 'email=a',
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('OpenAPI and security headers', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await server.request<{ openapi: string; paths: Record<string, unknown> }>(
      '/api/openapi.json',
    );
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/signup',
        '/api/auth/login',
        '/api/preferences',
        '/api/genres',
      ]),
    );
  });

  it('docs/api.md documents every operation of the OpenAPI document, and nothing that is gone', async () => {
    const res = await server.request<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    const served = new Set<string>();
    for (const [pathname, item] of Object.entries(res.body.paths))
      for (const method of Object.keys(item))
        if ((METHODS as readonly string[]).includes(method.toUpperCase()))
          served.add(`${method.toUpperCase()} ${normalisePath(pathname)}`);
    const documented = documentedOperations(readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8'));
    expect(served.size).toBeGreaterThan(150);
    expect([...served].filter((operation) => !documented.has(operation)).sort()).toEqual([]);
    // Pages outside /api (robots.txt, sitemaps) are in the document's other tables, not in OpenAPI.
    const gone = [...documented].filter(
      (operation) => operation.includes(' /api/') && !served.has(operation),
    );
    expect(gone.sort()).toEqual([]);
  });

  it('names its server and gives every operation a unique operationId (for generated clients)', async () => {
    const res = await server.request<{
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId?: string }>>;
    }>('/api/openapi.json');
    expect(res.body.servers).toEqual([{ url: server.url, description: 'This Nebab server' }]);
    const ids = Object.values(res.body.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(ids.length).toBeGreaterThan(150);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(res.body.paths['/api/books/{id}/reviews']?.get?.operationId).toBe('getBooksByIdReviews');
  });

  it('lists error answers as shared responses over one Error schema, and they are the real answers', async () => {
    type Responses = Record<string, { $ref?: string }>;
    const doc = await server.request<{
      paths: Record<string, Record<string, { responses: Responses; security?: unknown[] }>>;
      components: { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };
    }>('/api/openapi.json');
    const { paths, components } = doc.body;
    expect(components.responses.NotFound?.content['application/json']?.schema.$ref).toBe(
      '#/components/schemas/Error',
    );
    // Redocly's operation-4xx-response is off (redocly.yaml) for these five: nothing to refuse.
    const without4xx = Object.entries(paths).flatMap(([pathname, item]) =>
      Object.entries(item)
        .filter(([, operation]) => !Object.keys(operation.responses).some((status) => status.startsWith('4')))
        .map(([method]) => `${method.toUpperCase()} ${pathname}`),
    );
    expect(without4xx.sort()).toEqual([
      'GET /api/auth/google',
      'GET /api/auth/providers',
      'GET /api/genres',
      'GET /api/health',
      'GET /api/site',
    ]);
    // Statuses each documented operation really answers (undocumented ones fail the file on close).
    const reader = await signUp(server);
    const answers: Array<[string, string, number, Awaited<ReturnType<typeof server.request>>]> = [
      ['/api/auth/me', 'get', 401, await server.request('/api/auth/me')],
      ['/api/admin/users', 'get', 403, await server.request('/api/admin/users', { token: reader.token })],
      [
        '/api/books/{id}',
        'get',
        404,
        await server.request('/api/books/00000000-0000-4000-8000-000000000000'),
      ],
      [
        '/api/auth/signup',
        'post',
        409,
        await server.request('/api/auth/signup', {
          body: {
            fullName: 'Abebe',
            email: reader.email,
            password: reader.password,
            confirmPassword: reader.password,
          },
        }),
      ],
    ];
    for (const [pathname, method, status, response] of answers) {
      expect(response.status, `${method} ${pathname}`).toBe(status);
      expect(paths[pathname]?.[method]?.responses[status]?.$ref).toMatch(/^#\/components\/responses\//);
    }
    expect(paths['/api/auth/me']?.get?.security).toEqual([{ bearer: [] }]);
    expect(paths['/api/clubs/{id}']?.get?.security).toEqual([{}, { bearer: [] }]);
    expect(paths['/api/genres']?.get?.security).toEqual([]);
  });

  it('serves the browsable API documentation at /api/docs', async () => {
    const res = await fetch(`${server.url}/api/docs/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('swagger-ui');
  });

  it('sends a CSP that allows the client and Drive frames', async () => {
    const res = await server.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('img-src');
    expect(csp).toContain('https://drive.google.com');
    expect(csp).toContain('ws:');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

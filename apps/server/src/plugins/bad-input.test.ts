/**
 * Bad input never reaches a 5xx (issue 13): NUL and other control characters are refused with a 400
 * naming the field (bodies) or stripped (queries, path parameters); every error the framework or
 * Node raises (bad JSON, too large, unsupported type, 404, 405, 414, 431, a garbled request) answers
 * in our shape and the reader's language.
 */
import net from 'node:net';
import type { ErrorBody } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBook } from '../../test/clubs-helpers.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../test/helpers.js';

let server: TestServer;
let token: string;
let bookId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signUp(server)).token;
  bookId = await insertBook(server.db, 'Fikir Eske Mekabir');
});
afterAll(() => server?.close());

const CONTROL = 'This field contains control characters; please remove them';

function expectShape(res: { status: number; body: ErrorBody }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body?.error?.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
}

/** Sends raw bytes and answers the status line and the JSON body. */
function raw(bytes: string): Promise<{ status: number; body: ErrorBody }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), '127.0.0.1', () => socket.write(bytes));
    let out = '';
    socket.on('data', (chunk) => (out += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1]);
      const json = out.slice(out.indexOf('\r\n\r\n') + 4);
      try {
        resolve({ status, body: JSON.parse(json) as ErrorBody });
      } catch {
        reject(new Error(`not JSON: ${out.slice(0, 300)}`));
      }
    });
  });
}

describe('NUL and control characters', () => {
  it('refuses them in bodies with a 400 naming the field', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string, string?]> = [
      ['POST', `/api/books/${bookId}/reviews`, { rating: 4, comment: 'Good\u0000book' }, 'comment'],
      ['PUT', '/api/account/profile', { name: 'Abebe\u0000' }, 'name'],
      ['POST', '/api/clubs', { name: 'Club\u0000name' }, 'name'],
      ['POST', '/api/clubs', { name: 'Fine club', description: 'x\u0001y' }, 'description'],
      [
        'POST',
        '/api/auth/signup',
        {
          fullName: 'Nul\u0000Name',
          email: uniqueEmail(),
          password: 'Secret@2024',
          confirmPassword: 'Secret@2024',
        },
        'fullName',
        'anonymous',
      ],
    ];
    for (const [method, path, body, field, who] of cases) {
      const res = await server.request<ErrorBody>(path, { method, body, token: who ? undefined : token });
      expectShape(res, 400, 'VALIDATION');
      expect(res.body.error.fields?.[field], `${method} ${path}`).toBe(CONTROL);
    }
  });

  it('strips them from queries and path parameters', async () => {
    for (const path of [
      '/api/search?q=fikir%00',
      '/api/search/suggest?q=fik%00ir',
      '/api/authors?q=ab%00c',
      '/api/clubs?q=ab%00c',
    ]) {
      const res = await server.request(path);
      expect(res.status, path).toBe(200);
    }
    expectShape(await server.request<ErrorBody>('/api/books/%00'), 400, 'VALIDATION');
    expect((await server.request(`/api/books/${bookId}%00/reviews`)).status).toBe(200);
  });
});

describe('framework errors in our shape', () => {
  it('bad JSON, a body too large and an unsupported content type', async () => {
    expectShape(await server.request<ErrorBody>('/api/auth/login', { body: '{"email":' }), 400, 'VALIDATION');
    expectShape(
      await server.request<ErrorBody>('/api/auth/login', {
        body: JSON.stringify({ email: 'x'.repeat(2_000_000) }),
      }),
      413,
      'TOO_LARGE',
    );
    expectShape(
      await server.request<ErrorBody>('/api/auth/login', {
        body: 'email=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('404 for an unknown path, 405 with Allow for a known path and the wrong method', async () => {
    expectShape(await server.request<ErrorBody>('/api/nothing/here'), 404, 'NOT_FOUND');
    const wrong = await server.request<ErrorBody>('/api/health', { method: 'DELETE' });
    expectShape(wrong, 405, 'METHOD_NOT_ALLOWED');
    expect(wrong.headers.get('allow')).toBe('GET');
    const param = await server.request<ErrorBody>(`/api/books/${bookId}/reviews`, {
      method: 'PATCH',
      body: {},
    });
    expectShape(param, 405, 'METHOD_NOT_ALLOWED');
    expect(param.headers.get('allow')).toBe('GET, POST');
    const am = await server.request<ErrorBody>('/api/health', { method: 'PUT', body: {}, lang: 'am' });
    expect(am.body.error.message).toBe('ይህ አድራሻ እንዲህ ዓይነቱን ጥያቄ አይቀበልም');
  });

  it('414 for an over-long path parameter or address, 400 for a malformed one', async () => {
    expectShape(await server.request<ErrorBody>(`/api/books/${'a'.repeat(500)}`), 414, 'URI_TOO_LONG');
    expectShape(await server.request<ErrorBody>('/api/books/%E0%A4%A'), 400, 'VALIDATION');
    const long = await raw(`GET /api/health?${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectShape(long, 414, 'URI_TOO_LONG');
  });

  it('431 for headers too large and 400 for a request that is not HTTP, in Amharic when asked', async () => {
    const big = await raw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: am\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectShape(big, 431, 'HEADERS_TOO_LARGE');
    expect(big.body.error.message).toBe('የጥያቄው ራስጌዎች በጣም ትልቅ ናቸው');
    expectShape(await raw('GARBAGE\r\n\r\n'), 400, 'VALIDATION');
  });
});

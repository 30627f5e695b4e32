/**
 * Property-based fuzzing of the whole API (issue 13): every operation of the served OpenAPI document
 * is called with generated hostile path parameters, queries and bodies (NUL and other control
 * characters, direction tricks, huge and odd numbers, wrong types, unknown fields, raw non-JSON
 * bytes, random multipart), anonymously, as a reader and as an admin. No answer may be a 5xx (503
 * NOT_CONFIGURED apart: a feature this test server has not set up), and every error answers
 * `{ error: { code, message } }`. Bounded: a few runs per operation, so it stays in `npm test`.
 */
import { errorBodySchema } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { signUp, startTestServer, type TestServer } from '../../test/helpers.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Runs per operation (each run is one request); FUZZ_RUNS raises it for a longer local session. */
const RUNS = Number(process.env.FUZZ_RUNS) || 10;

interface Operation {
  method: string;
  path: string;
  query: string[];
  bodyFields: string[];
  multipart: boolean;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function operations(): Promise<Operation[]> {
  const doc = await server.request<{ paths: Record<string, Record<string, OpenApiOperation>> }>(
    '/api/openapi.json',
  );
  return Object.entries(doc.body.paths).flatMap(([path, byMethod]) =>
    METHODS.filter((method) => method in byMethod).map((method) => {
      const operation = byMethod[method]!;
      const content = operation.requestBody?.content ?? {};
      return {
        method: method.toUpperCase(),
        path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(content['application/json']?.schema?.properties ?? {}),
        multipart: 'multipart/form-data' in content,
      };
    }),
  );
}

/** Strings a hostile or careless client sends. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    '\u202Egnp.exe',
    '\u0007\u001b[31m',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<img src=x onerror=alert(1)>',
    '{"$gt":""}',
    'null',
    'NaN',
    '-1',
    '1e309',
    '9'.repeat(40),
    'ሀዲስ ዓለማየሁ',
    '00000000-0000-4000-8000-000000000000',
    'x'.repeat(5000),
  ),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, 2 ** 53 + 1),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** A body: the operation's own fields with hostile values, a random JSON value, or raw bytes. */
function bodyFor(operation: Operation) {
  const fields = operation.bodyFields.length > 0 ? operation.bodyFields : ['value'];
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), { requiredKeys: [] }),
    },
    fc.jsonValue().map((value) => value as unknown),
    fc.constantFrom('{"unterminated":', 'not json at all', '\u0000', '[]', '""'),
  );
}

function urlFor(operation: Operation, params: string[], query: Array<[string, string]>): string {
  let index = 0;
  const path = operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[index++] ?? 'x'));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

describe('the API under generated hostile input', () => {
  it('never answers 5xx and always answers errors in our shape', async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(90);
    const reader = await signUp(server);
    const admin = await signUp(server);
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
    const failures: string[] = [];

    for (const operation of all) {
      const paramCount = (operation.path.match(/\{[^}]+\}/g) ?? []).length;
      const request = fc.record({
        who: fc.constantFrom<'anonymous' | 'reader' | 'admin'>('anonymous', 'reader', 'admin'),
        params: fc.array(hostileString, { minLength: paramCount, maxLength: paramCount }),
        query: fc.array(
          fc.tuple(
            operation.query.length > 0
              ? fc.oneof(fc.constantFrom(...operation.query), hostileString)
              : hostileString,
            hostileString,
          ),
          { maxLength: 4 },
        ),
        body: bodyFor(operation),
        multipartBytes: fc.uint8Array({ maxLength: 200 }),
        contentType: fc.constantFrom(
          'application/json',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'text/plain',
        ),
      });

      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          // Sessions that a fuzzed call ends (logout, password change, account deletion) are renewed.
          const token =
            input.who === 'anonymous' ? undefined : input.who === 'reader' ? reader.token : admin.token;
          const url = urlFor(operation, input.params, input.query);
          const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
          const init: RequestInit = { method: operation.method, headers: {}, redirect: 'manual' };
          const headers = init.headers as Record<string, string>;
          if (token) headers.authorization = `Bearer ${token}`;
          if (hasBody && operation.multipart) {
            headers['content-type'] = input.contentType;
            init.body = input.multipartBytes;
          } else if (hasBody) {
            headers['content-type'] = 'application/json';
            init.body = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
          }
          const response = await fetch(new URL(url, server.url), init);
          const text = await response.text();
          const where = `${operation.method} ${url.slice(0, 160)} as ${input.who} → ${response.status}`;
          if (response.status >= 500) {
            const notConfigured = response.status === 503 && text.includes('"NOT_CONFIGURED"');
            if (!notConfigured) failures.push(`${where}: ${text.slice(0, 200)}`);
            return;
          }
          if (response.status >= 400) {
            let parsed: unknown;
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = undefined;
            }
            if (!errorBodySchema.safeParse(parsed).success)
              failures.push(`${where}: not our shape: ${text.slice(0, 200)}`);
          }
        }),
        { numRuns: RUNS },
      );
      // A fuzzed call may have ended the reader's or the admin's session: sign in anew.
      if ((await server.request('/api/auth/me', { token: reader.token })).status === 401)
        reader.token = (await signUp(server)).token;
      if ((await server.request('/api/auth/me', { token: admin.token })).status === 401) {
        const again = await signUp(server);
        await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, again.email));
        admin.token = again.token;
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

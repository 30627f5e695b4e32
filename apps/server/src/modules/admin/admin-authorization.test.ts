import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.js';
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

/**
 * The social matrix (issue 15): every operation of profiles, follows, blocks, privacy, lists, the feed
 * and genre lists / groups, read from the OpenAPI document, called by five people — a visitor, a
 * stranger, an approved follower, the owner of the profile and list, and a reader the owner blocked —
 * each time on a fresh world, so no call changes another's answer. A new operation under these
 * paths fails the first test until it has its row here.
 */
type Caller = 'anonymous' | 'stranger' | 'follower' | 'owner' | 'blocked';

interface World {
  ids: Record<Caller | 'requester', string>;
  tokens: Record<Exclude<Caller, 'anonymous'> | 'requester', string>;
  listId: string;
  bookId: string;
  spareBookId: string;
}

interface Row {
  /** Path with `{id}` (owner or list), `{userId}`, `{bookId}`, `{slug}`. */
  path: (world: World) => string;
  body?: (world: World) => unknown;
  expect: Record<Caller, number>;
}

const SOCIAL_PREFIXES = [
  '/api/readers',
  '/api/lists',
  '/api/me/privacy',
  '/api/me/follow-requests',
  '/api/me/followers',
  '/api/me/blocks',
  '/api/me/lists',
  '/api/feed',
  '/api/genres/{slug}/lists',
  '/api/genres/{slug}/groups',
];

const everyone = (status: number) => ({
  anonymous: status,
  stranger: status,
  follower: status,
  owner: status,
  blocked: status,
});
const signedIn = (status: number) => ({ ...everyone(status), anonymous: 401 });
const privacyBody = () => ({ profileVisibility: 'followers', showReadingList: true, showLocation: false });

const SOCIAL_MATRIX: Record<string, Row> = {
  'GET /api/readers/{id}': {
    path: (w) => `/api/readers/${w.ids.owner}`,
    expect: { anonymous: 200, stranger: 200, follower: 200, owner: 200, blocked: 404 },
  },
  'GET /api/readers/{id}/followers': {
    path: (w) => `/api/readers/${w.ids.owner}/followers`,
    expect: { anonymous: 404, stranger: 404, follower: 200, owner: 200, blocked: 404 },
  },
  'GET /api/readers/{id}/following': {
    path: (w) => `/api/readers/${w.ids.owner}/following`,
    expect: { anonymous: 404, stranger: 404, follower: 200, owner: 200, blocked: 404 },
  },
  'POST /api/readers/{id}/follow': {
    path: (w) => `/api/readers/${w.ids.owner}/follow`,
    expect: { anonymous: 401, stranger: 200, follower: 200, owner: 409, blocked: 404 },
  },
  'DELETE /api/readers/{id}/follow': {
    path: (w) => `/api/readers/${w.ids.owner}/follow`,
    expect: signedIn(204),
  },
  'POST /api/readers/{id}/block': {
    path: (w) => `/api/readers/${w.ids.owner}/block`,
    expect: { anonymous: 401, stranger: 204, follower: 204, owner: 409, blocked: 204 },
  },
  'DELETE /api/readers/{id}/block': {
    path: (w) => `/api/readers/${w.ids.owner}/block`,
    expect: signedIn(204),
  },
  'GET /api/me/privacy': { path: () => '/api/me/privacy', expect: signedIn(200) },
  'PUT /api/me/privacy': { path: () => '/api/me/privacy', body: privacyBody, expect: signedIn(200) },
  'GET /api/me/follow-requests': { path: () => '/api/me/follow-requests', expect: signedIn(200) },
  'POST /api/me/follow-requests/{userId}': {
    path: (w) => `/api/me/follow-requests/${w.ids.requester}`,
    body: () => ({ decision: 'approve' }),
    expect: { anonymous: 401, stranger: 404, follower: 404, owner: 204, blocked: 404 },
  },
  'DELETE /api/me/followers/{userId}': {
    path: (w) => `/api/me/followers/${w.ids.follower}`,
    expect: signedIn(204),
  },
  'GET /api/me/blocks': { path: () => '/api/me/blocks', expect: signedIn(200) },
  'GET /api/feed': { path: () => '/api/feed', expect: signedIn(200) },
  'POST /api/lists': {
    path: () => '/api/lists',
    body: () => ({ title: 'A new list' }),
    expect: signedIn(201),
  },
  'GET /api/me/lists': { path: () => '/api/me/lists', expect: signedIn(200) },
  'GET /api/lists/{id}': {
    path: (w) => `/api/lists/${w.listId}`,
    expect: { anonymous: 200, stranger: 200, follower: 200, owner: 200, blocked: 404 },
  },
  'PATCH /api/lists/{id}': {
    path: (w) => `/api/lists/${w.listId}`,
    body: () => ({ title: 'Renamed' }),
    expect: { anonymous: 401, stranger: 403, follower: 403, owner: 200, blocked: 404 },
  },
  'DELETE /api/lists/{id}': {
    path: (w) => `/api/lists/${w.listId}`,
    expect: { anonymous: 401, stranger: 403, follower: 403, owner: 204, blocked: 404 },
  },
  'POST /api/lists/{id}/books': {
    path: (w) => `/api/lists/${w.listId}/books`,
    body: (w) => ({ bookId: w.spareBookId }),
    expect: { anonymous: 401, stranger: 201, follower: 201, owner: 201, blocked: 404 },
  },
  'PATCH /api/lists/{id}/books/{bookId}': {
    path: (w) => `/api/lists/${w.listId}/books/${w.bookId}`,
    body: () => ({ position: 1 }),
    // The list is open (ranked by votes): even its owner cannot move a book.
    expect: { anonymous: 401, stranger: 403, follower: 403, owner: 409, blocked: 404 },
  },
  'DELETE /api/lists/{id}/books/{bookId}': {
    path: (w) => `/api/lists/${w.listId}/books/${w.bookId}`,
    expect: { anonymous: 401, stranger: 403, follower: 403, owner: 204, blocked: 404 },
  },
  'PUT /api/lists/{id}/books/{bookId}/vote': {
    path: (w) => `/api/lists/${w.listId}/books/${w.bookId}/vote`,
    body: () => ({ value: 1 }),
    expect: { anonymous: 401, stranger: 200, follower: 200, owner: 200, blocked: 404 },
  },
  'GET /api/genres/{slug}/lists': { path: () => '/api/genres/fantasy/lists', expect: everyone(200) },
  'GET /api/genres/{slug}/groups': { path: () => '/api/genres/fantasy/groups', expect: everyone(200) },
};

async function socialOperations(): Promise<string[]> {
  const doc = await server.request<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
  return Object.entries(doc.body.paths)
    .filter(([path]) => SOCIAL_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
    .flatMap(([path, operations]) =>
      METHODS.filter((method) => method in operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
}

/**
 * A fresh world: the owner (followers-only profile) with an approved follower, a pending requester,
 * a stranger and a reader they blocked; an open public list of theirs with one book.
 */
async function freshWorld(): Promise<World> {
  const people = await Promise.all(
    (['stranger', 'follower', 'owner', 'blocked', 'requester'] as const).map(
      async (who) => [who, await signUp(server)] as const,
    ),
  );
  const ids = Object.fromEntries(
    people.map(([who, account]) => [who, account.response.user.id]),
  ) as World['ids'];
  ids.anonymous = '';
  const tokens = Object.fromEntries(people.map(([who, account]) => [who, account.token])) as World['tokens'];
  const owner = tokens.owner;
  await server.request('/api/me/privacy', { method: 'PUT', token: owner, body: privacyBody() });
  for (const who of ['follower', 'requester'] as const)
    await server.request(`/api/readers/${ids.owner}/follow`, { method: 'POST', token: tokens[who] });
  await server.request(`/api/me/follow-requests/${ids.follower}`, {
    token: owner,
    body: { decision: 'approve' },
  });
  await server.request(`/api/readers/${ids.blocked}/block`, { method: 'POST', token: owner });
  const [bookId, spareBookId] = [`local-authz-${randomId()}`, `local-authz-${randomId()}`];
  await server.db.insert(books).values([
    { id: bookId, source: 'local', title: 'Authz book', authors: ['A'], genres: ['fantasy'] },
    { id: spareBookId, source: 'local', title: 'Spare book', authors: ['A'], genres: ['fantasy'] },
  ]);
  const list = await server.request<{ id: string }>('/api/lists', {
    token: owner,
    body: { title: 'Owner list' },
  });
  await server.request(`/api/lists/${list.body.id}/books`, { token: owner, body: { bookId } });
  return { ids, tokens, listId: list.body.id, bookId, spareBookId };
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 10);
}

describe('every social operation (profiles, follows, blocks, privacy, lists, feed, genre lists and groups)', () => {
  it('has a row in the matrix', async () => {
    const operations = await socialOperations();
    expect(operations.length).toBeGreaterThanOrEqual(Object.keys(SOCIAL_MATRIX).length);
    expect(operations.filter((operation) => !(operation in SOCIAL_MATRIX))).toEqual([]);
    expect(Object.keys(SOCIAL_MATRIX).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it('answers anonymous, stranger, follower, owner and blocked callers as the matrix says', async () => {
    const wrong: string[] = [];
    for (const [operation, row] of Object.entries(SOCIAL_MATRIX)) {
      const method = operation.split(' ')[0]!;
      for (const caller of ['anonymous', 'stranger', 'follower', 'owner', 'blocked'] as const) {
        const world = await freshWorld();
        const result = await server.request(row.path(world), {
          method,
          token: caller === 'anonymous' ? undefined : world.tokens[caller],
          body: row.body?.(world),
        });
        if (result.status !== row.expect[caller])
          wrong.push(
            `${operation} as ${caller} → ${result.status} (want ${row.expect[caller]}) ${result.text.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});

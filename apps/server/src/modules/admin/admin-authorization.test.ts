import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import { buildReader } from '../../../test/factories.js';

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
      'GET /api/admin/mail',
      'GET /api/admin/newsletter/issues',
      'POST /api/admin/newsletter/issues',
      'GET /api/admin/newsletter/issues/:id',
      'POST /api/admin/newsletter/issues/:id/send',
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
      async (who) => [who, await buildReader(server.db)] as const,
    ),
  );
  const ids = Object.fromEntries(people.map(([who, account]) => [who, account.id])) as World['ids'];
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
      // A read changes nothing: its five callers share one world; a write gets a world per caller.
      const shared = method === 'GET' ? await freshWorld() : undefined;
      for (const caller of ['anonymous', 'stranger', 'follower', 'owner', 'blocked'] as const) {
        const world = shared ?? (await freshWorld());
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

/**
 * The content matrix: every GET operation of the OpenAPI document (admins' aside: they see everything
 * to moderate it), called by the owner and a reader the owner blocked, a stranger and a visitor, in
 * one world where both blocked parties wrote everything people can write — reviews, replies, topics,
 * topic replies, chat messages, lists, books added to another's list, club memberships, follows — in
 * places all of them can see. Neither blocked party may find the other's id, name or words in any
 * answer, and nobody but the owner the owner's private things. A new GET operation fails the first
 * test until it has its row; a row that forgets a block fails the second.
 */
type ContentCaller = 'owner' | 'blocked' | 'stranger' | 'anonymous';

interface ContentWorld {
  ids: Record<'owner' | 'blocked' | 'stranger' | 'third', string>;
  tokens: Record<'owner' | 'blocked' | 'stranger' | 'third', string>;
  names: Record<'owner' | 'blocked', string>;
  /** Words only the owner wrote (public), only the blocked reader wrote, and the owner's private ones. */
  marks: { owner: string[]; blocked: string[]; ownerPrivate: string[] };
  bookIds: string[];
  listIds: string[];
  clubId: string;
  topicIds: string[];
}

interface ContentRow {
  /** The addresses to read for this operation (several where it names different things). */
  paths: (world: ContentWorld, caller: ContentCaller) => string[] | Promise<string[]>;
  /** The owner's own list of whom they blocked names the blocked reader, by design. */
  ownerSeesBlocked?: true;
}

/** Operations that answer no text to read: redirects and files. */
const NOT_TEXT = new Set([
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'GET /api/avatars/{file}',
  'GET /api/books/{id}/cover.svg',
  'GET /api/books/{id}/cover.png',
  'GET /api/books/{id}/cover',
  'GET /api/books/{id}/file',
  'GET /api/clubs/{id}/cover',
]);

const at =
  (...paths: string[]) =>
  () =>
    paths;
const readers = (w: ContentWorld) => [w.ids.owner, w.ids.blocked, w.ids.third, w.ids.stranger];

const CONTENT_MATRIX: Record<string, ContentRow> = {
  'GET /api/health': { paths: at('/api/health') },
  'GET /api/site': { paths: at('/api/site') },
  'GET /api/auth/me': { paths: at('/api/auth/me') },
  'GET /api/auth/providers': { paths: at('/api/auth/providers') },
  'GET /api/account/security': { paths: at('/api/account/security') },
  'GET /api/account/sessions': { paths: at('/api/account/sessions') },
  'GET /api/me/stats': { paths: at('/api/me/stats') },
  'GET /api/me/goal': { paths: at('/api/me/goal') },
  'GET /api/preferences': { paths: at('/api/preferences') },
  'GET /api/genres': { paths: at('/api/genres') },
  'GET /api/genres/{slug}': { paths: at('/api/genres/fantasy') },
  'GET /api/genres/{slug}/lists': { paths: at('/api/genres/fantasy/lists?pageSize=50') },
  'GET /api/genres/{slug}/groups': { paths: at('/api/genres/fantasy/groups?pageSize=50') },
  'GET /api/books/trending': { paths: at('/api/books/trending') },
  'GET /api/books/{id}': { paths: (w) => w.bookIds.map((id) => `/api/books/${id}`) },
  'GET /api/books/{id}/related': { paths: (w) => [`/api/books/${w.bookIds[0]}/related`] },
  'GET /api/books/{id}/reviews': { paths: (w) => w.bookIds.map((id) => `/api/books/${id}/reviews`) },
  'GET /api/authors': { paths: at('/api/authors') },
  'GET /api/authors/{name}': { paths: at('/api/authors/Content%20Author') },
  'GET /api/search': { paths: at('/api/search?q=content') },
  'GET /api/search/suggest': { paths: at('/api/search/suggest?q=content') },
  'GET /api/reading-list': { paths: at('/api/reading-list') },
  'GET /api/shelves': { paths: at('/api/shelves') },
  'GET /api/reviews': { paths: at('/api/reviews?pageSize=48') },
  'GET /api/clubs': { paths: at('/api/clubs?limit=50', '/api/clubs?mine=true', '/api/clubs?genre=fantasy') },
  'GET /api/clubs/events': { paths: at('/api/clubs/events?when=upcoming') },
  'GET /api/clubs/{id}': { paths: (w) => [`/api/clubs/${w.clubId}`] },
  'GET /api/clubs/{id}/members': { paths: (w) => [`/api/clubs/${w.clubId}/members`] },
  'GET /api/clubs/{id}/requests': { paths: (w) => [`/api/clubs/${w.clubId}/requests`] },
  'GET /api/clubs/{id}/messages': { paths: (w) => [`/api/clubs/${w.clubId}/messages?limit=100`] },
  'GET /api/clubs/{id}/topics': { paths: (w) => [`/api/clubs/${w.clubId}/topics`] },
  'GET /api/clubs/{id}/topics/{topicId}': {
    paths: (w) => w.topicIds.map((topicId) => `/api/clubs/${w.clubId}/topics/${topicId}`),
  },
  'GET /api/clubs/{id}/meetings': { paths: (w) => [`/api/clubs/${w.clubId}/meetings`] },
  // A meeting's calendar file: the club's and the meeting's words, no one's name.
  'GET /api/clubs/{id}/meetings/{meetingId}/ics': {
    paths: async (w) => {
      const list = await server.request<{ items: Array<{ id: string }> }>(`/api/clubs/${w.clubId}/meetings`, {
        token: w.tokens.owner,
      });
      return (list.body.items ?? []).map((meeting) => `/api/clubs/${w.clubId}/meetings/${meeting.id}/ics`);
    },
  },
  'GET /api/readers/{id}': { paths: (w) => readers(w).map((id) => `/api/readers/${id}`) },
  'GET /api/readers/{id}/followers': { paths: (w) => readers(w).map((id) => `/api/readers/${id}/followers`) },
  'GET /api/readers/{id}/following': { paths: (w) => readers(w).map((id) => `/api/readers/${id}/following`) },
  'GET /api/me/privacy': { paths: at('/api/me/privacy') },
  'GET /api/me/follow-requests': { paths: at('/api/me/follow-requests') },
  'GET /api/me/blocks': { paths: at('/api/me/blocks'), ownerSeesBlocked: true },
  'GET /api/me/lists': { paths: at('/api/me/lists') },
  'GET /api/lists/{id}': { paths: (w) => w.listIds.map((id) => `/api/lists/${id}`) },
  'GET /api/feed': { paths: at('/api/feed?limit=50') },
  'GET /api/book-suggestions/mine': { paths: at('/api/book-suggestions/mine') },
  'GET /api/notifications': { paths: at('/api/notifications?pageSize=50') },
  'GET /api/notifications/unread-count': { paths: at('/api/notifications/unread-count') },
  'GET /api/notifications/preferences': { paths: at('/api/notifications/preferences') },
  'GET /api/notifications/{id}': {
    // Each of the caller's own notifications, one by one.
    paths: async (w, caller) => {
      if (caller === 'anonymous') return [`/api/notifications/${SOME_ID}`];
      const list = await server.request<{ items: Array<{ id: string }> }>('/api/notifications?pageSize=50', {
        token: w.tokens[caller],
      });
      return list.body.items.map((item) => `/api/notifications/${item.id}`);
    },
  },
  'GET /api/recommendations': { paths: at('/api/recommendations') },
  'GET /api/imports': { paths: at('/api/imports') },
  'GET /api/imports/{id}': { paths: at(`/api/imports/${SOME_ID}`) },
  'GET /api/imports/{id}/rows': { paths: at(`/api/imports/${SOME_ID}/rows`) },
  'GET /api/exports/goodreads.csv': { paths: at('/api/exports/goodreads.csv') },
  // The owner's own data lists whom they blocked.
  'GET /api/exports/account.json': { paths: at('/api/exports/account.json'), ownerSeesBlocked: true },
};

async function readOperations(): Promise<string[]> {
  const doc = await server.request<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
  return Object.entries(doc.body.paths)
    .filter(([path, operations]) => 'get' in operations && !path.startsWith('/api/admin/'))
    .map(([path]) => `GET ${path}`)
    .filter((operation) => !NOT_TEXT.has(operation));
}

/** Upper-case letters, so a mark is a word of its own wherever it lands. */
function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
}

/** Calls `path` as `token`'s reader and fails the world's setup on anything but `status`. */
async function must<T>(status: number, path: string, token: string, body?: unknown, method?: string) {
  const result = await server.request<T>(path, { token, body, method });
  if (result.status !== status)
    throw new Error(`${method ?? (body ? 'POST' : 'GET')} ${path} → ${result.status} ${result.text}`);
  return result.body;
}

/** The one world of the content matrix (its calls only read). */
async function contentWorld(): Promise<ContentWorld> {
  const suffix = letters(6);
  const names = { owner: `Owner ${suffix}`, blocked: `Blocked ${suffix}` };
  const people = await Promise.all(
    (['owner', 'blocked', 'stranger', 'third'] as const).map(async (who) => {
      const account = await signUp(server, {
        fullName: who === 'owner' || who === 'blocked' ? names[who] : `Reader ${who} ${suffix}`,
      });
      return [who, account] as const;
    }),
  );
  const ids = Object.fromEntries(people.map(([who, a]) => [who, a.response.user.id])) as ContentWorld['ids'];
  const tokens = Object.fromEntries(people.map(([who, a]) => [who, a.token])) as ContentWorld['tokens'];
  const mark = (label: string) => `${label}${letters(8)}`;
  const marks = { owner: [] as string[], blocked: [] as string[], ownerPrivate: [] as string[] };
  const said = (who: 'owner' | 'blocked', label: string) => {
    const text = mark(`${who.toUpperCase()}${label}`);
    marks[who].push(text);
    return text;
  };

  const bookIds = [0, 1, 2, 3].map((i) => `local-content-${suffix.toLowerCase()}-${i}`);
  await server.db.insert(books).values(
    bookIds.map((id, i) => ({
      id,
      source: 'local',
      title: `Content book ${i}`,
      authors: ['Content Author'],
      primaryAuthor: 'Content Author',
      genres: ['fantasy'],
    })),
  );
  const [first, second, third] = bookIds as [string, string, string, string];

  // Reviews and replies, on a book everyone sees, and on each other's reviews.
  const review = async (
    who: keyof ContentWorld['tokens'],
    bookId: string,
    comment: string,
    visibility = 'public',
  ) =>
    (
      await must<{ id: string }>(201, `/api/books/${bookId}/reviews`, tokens[who], {
        rating: 4,
        comment,
        visibility,
      })
    ).id;
  const thirdReview = await review('third', first, 'A review by a third reader');
  const ownerReview = await review('owner', first, said('owner', 'REVIEW'));
  const blockedReview = await review('blocked', first, said('blocked', 'REVIEW'));
  const privateReview = mark('OWNERPRIVATEREVIEW');
  marks.ownerPrivate.push(privateReview);
  await review('owner', second, privateReview, 'private');
  for (const [who, reviewId] of [
    ['owner', thirdReview],
    ['blocked', thirdReview],
    ['owner', blockedReview],
    ['blocked', ownerReview],
  ] as const)
    await must(201, `/api/reviews/${reviewId}/replies`, tokens[who], { text: said(who, 'REPLY') });

  // Lists: a third reader's open list both add to; a list of each; the owner's private list.
  const list = async (who: keyof ContentWorld['tokens'], title: string, visibility = 'public') => {
    const created = await must<{ id: string }>(201, '/api/lists', tokens[who], { title, visibility });
    await must(201, `/api/lists/${created.id}/books`, tokens[who], { bookId: first });
    return created.id;
  };
  const openList = await list('third', 'An open list for everyone');
  await must(201, `/api/lists/${openList}/books`, tokens.owner, { bookId: second });
  await must(201, `/api/lists/${openList}/books`, tokens.blocked, { bookId: third });
  const privateList = mark('OWNERPRIVATELIST');
  marks.ownerPrivate.push(privateList);
  const listIds = [
    openList,
    await list('owner', said('owner', 'LIST')),
    await list('blocked', said('blocked', 'LIST')),
    await list('owner', privateList, 'private'),
  ];

  // A third reader's public club the others belong to: topics, replies, chat.
  const club = await must<{ id: string }>(201, '/api/clubs', tokens.third, {
    name: `Content club ${suffix}`,
    visibility: 'public',
    genre_focus: 'fantasy',
  });
  for (const who of ['owner', 'blocked', 'stranger'] as const)
    await must(200, `/api/clubs/${club.id}/join`, tokens[who], undefined, 'POST');
  const topic = async (who: keyof ContentWorld['tokens'], title: string) =>
    (await must<{ id: string }>(201, `/api/clubs/${club.id}/topics`, tokens[who], { title, body: title })).id;
  const topicIds = [
    await topic('third', 'A topic by a third reader'),
    await topic('owner', said('owner', 'TOPIC')),
    await topic('blocked', said('blocked', 'TOPIC')),
  ];
  for (const who of ['owner', 'blocked'] as const) {
    await must(201, `/api/clubs/${club.id}/topics/${topicIds[0]}/replies`, tokens[who], {
      body: said(who, 'TOPICREPLY'),
    });
    await server.app.services.clubs.sendMessage(
      { userId: ids[who], sessionId: '', role: 'user' },
      club.id,
      said(who, 'CHAT'),
    );
  }

  // Follows: both follow the third reader and each other; the third reader and the stranger follow both.
  const followOf = (who: keyof ContentWorld['tokens'], whom: keyof ContentWorld['ids']) =>
    must(200, `/api/readers/${ids[whom]}/follow`, tokens[who], undefined, 'POST');
  for (const [who, whom] of [
    ['owner', 'third'],
    ['blocked', 'third'],
    ['owner', 'blocked'],
    ['blocked', 'owner'],
    ['third', 'owner'],
    ['third', 'blocked'],
    ['stranger', 'owner'],
    ['stranger', 'blocked'],
  ] as const)
    await followOf(who, whom);

  // Then the block.
  await must(204, `/api/readers/${ids.blocked}/block`, tokens.owner, undefined, 'POST');
  return { ids, tokens, names, marks, bookIds, listIds, clubId: club.id, topicIds };
}

describe('every list of people’s content (blocks and privacy)', () => {
  it('has a row in the matrix for every GET operation (admins’ and files aside)', async () => {
    const operations = await readOperations();
    expect(operations.filter((operation) => !(operation in CONTENT_MATRIX))).toEqual([]);
    expect(Object.keys(CONTENT_MATRIX).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it('shows neither blocked party the other, and nobody else the owner’s private things', async () => {
    const world = await contentWorld();
    const forbidden: Record<ContentCaller, string[]> = {
      owner: [world.ids.blocked, world.names.blocked, ...world.marks.blocked],
      blocked: [world.ids.owner, world.names.owner, ...world.marks.owner, ...world.marks.ownerPrivate],
      stranger: world.marks.ownerPrivate,
      anonymous: world.marks.ownerPrivate,
    };
    const wrong: string[] = [];
    let strangerSaw = '';
    for (const [operation, row] of Object.entries(CONTENT_MATRIX)) {
      for (const caller of ['owner', 'blocked', 'stranger', 'anonymous'] as const) {
        for (const path of await row.paths(world, caller)) {
          const result = await server.request(path, {
            token: caller === 'anonymous' ? undefined : world.tokens[caller],
          });
          if (result.status >= 500) wrong.push(`${operation} ${path} as ${caller} → ${result.status}`);
          if (caller === 'stranger') strangerSaw += result.text;
          const allowed =
            row.ownerSeesBlocked && caller === 'owner' ? [world.ids.blocked, world.names.blocked] : [];
          for (const text of forbidden[caller])
            if (!allowed.includes(text) && result.text.includes(text))
              wrong.push(`${operation} ${path} as ${caller} shows ${text}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The world holds what the matrix looks for: a stranger sees every public thing of both.
    const unseen = [
      world.ids.owner,
      world.ids.blocked,
      world.names.owner,
      world.names.blocked,
      ...world.marks.owner,
      ...world.marks.blocked,
    ].filter((text) => !strangerSaw.includes(text));
    expect(unseen).toEqual([]);
  }, 240_000);
});

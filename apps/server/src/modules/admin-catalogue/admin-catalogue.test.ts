import type {
  AdminBookDetail,
  AdminBooksResponse,
  AdminStats,
  BookSuggestion,
  BookSuggestionList,
  ErrorBody,
  GenreDetail,
  ReadingInsights,
  SearchResponse,
  SiteSettings,
} from '@nebab/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books, readingListEntries, reviews, users } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
let adminToken: string;
let readerToken: string;

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const admin = await signUp(server, { fullName: 'Admin Person' });
  await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
  adminToken = admin.token;
  readerToken = (await signUp(server, { fullName: 'Reader Person' })).token;
});
afterAll(() => server?.close());

const asAdmin = <T>(path: string, options: { method?: string; body?: unknown; lang?: 'en' | 'am' } = {}) =>
  server.request<T & ErrorBody>(path, { ...options, token: adminToken });
const searchTitles = async (q: string) =>
  (await server.request<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`)).body.items.map(
    (item) => item.id,
  );

describe('authorisation', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/books'],
    ['GET', '/api/admin/books/1'],
    ['PATCH', '/api/admin/books/1', { status: 'inactive' }],
    ['GET', '/api/admin/books/1/usage'],
    ['DELETE', '/api/admin/books/1'],
    ['DELETE', '/api/admin/books/1/cover'],
    ['GET', '/api/admin/reading-lists'],
    ['GET', '/api/admin/settings'],
    ['PATCH', '/api/admin/settings', { registrationOpen: false }],
    ['GET', '/api/admin/book-suggestions'],
    ['POST', `/api/admin/book-suggestions/${MISSING_UUID}/approve`, {}],
    ['POST', `/api/admin/book-suggestions/${MISSING_UUID}/reject`, { reason: 'no' }],
  ];

  it('answers 401 to anonymous callers and 403 to readers on every admin endpoint', async () => {
    for (const [method, path, body] of calls) {
      const anonymous = await server.request<ErrorBody>(path, { method, body });
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401);
      const reader = await server.request<ErrorBody>(path, { method, body, token: readerToken });
      expect(reader.status, `reader ${method} ${path}`).toBe(403);
    }
    // Nothing changed behind the refusals.
    const [book] = await server.db.select().from(books).where(eq(books.id, '1'));
    expect(book!.status).toBe('active');
    expect((await server.request<SiteSettings>('/api/site')).body.registrationOpen).toBe(true);
  });

  it('answers 401 to anonymous callers of the reader suggestion endpoints', async () => {
    expect((await server.request('/api/book-suggestions', { body: { title: 'x' } })).status).toBe(401);
    expect((await server.request('/api/book-suggestions/mine')).status).toBe(401);
  });

  it('lets admins in', async () => {
    for (const path of [
      '/api/admin/stats',
      '/api/admin/books',
      '/api/admin/reading-lists',
      '/api/admin/settings',
    ])
      expect((await asAdmin(path)).status, path).toBe(200);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts users, books, reviews, reading-list entries, open reports and pending suggestions', async () => {
    const reader = await signUp(server);
    expect(
      (
        await server.request('/api/reading-list', {
          token: reader.token,
          body: { bookId: '5', status: 'wantToRead' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await server.request('/api/books/5/reviews', {
          token: reader.token,
          body: { rating: 5, comment: 'Great' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await server.request('/api/books/6/reports', { token: reader.token, body: { reason: 'Wrong cover' } }))
        .status,
    ).toBeLessThan(300);
    const res = await asAdmin<AdminStats>('/api/admin/stats');
    expect(res.status).toBe(200);
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await selectRows<{ n: number }>(server.db, query))[0]!.n);
    expect(res.body).toEqual({
      totalUsers: await count(sql`SELECT count(*)::int AS n FROM users WHERE status <> 'deleted'`),
      totalBooks: await count(sql`SELECT count(*)::int AS n FROM books`),
      inactiveBooks: await count(sql`SELECT count(*)::int AS n FROM books WHERE status <> 'active'`),
      totalReviews: await count(sql`SELECT count(*)::int AS n FROM reviews WHERE status <> 'deleted'`),
      totalReadingLists: await count(sql`SELECT count(*)::int AS n FROM reading_list_entries`),
      openReports: await count(
        sql`SELECT ((SELECT count(*) FROM book_reports WHERE status = 'open') + (SELECT count(*) FROM review_reports WHERE status = 'open'))::int AS n`,
      ),
      pendingSuggestions: await count(
        sql`SELECT count(*)::int AS n FROM book_suggestions WHERE status = 'pending'`,
      ),
    });
    expect(res.body.totalUsers).toBeGreaterThanOrEqual(3);
    expect(res.body.totalBooks).toBeGreaterThan(50);
    expect(res.body.totalReadingLists).toBeGreaterThanOrEqual(1);
    expect(res.body.totalReviews).toBeGreaterThanOrEqual(1);
    expect(res.body.openReports).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/admin/books', () => {
  it('pages through every book with the admin book row fields', async () => {
    const first = await asAdmin<AdminBooksResponse>('/api/admin/books?pageSize=5');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(5);
    expect(first.body.total).toBe((await server.db.select().from(books)).length);
    expect(first.body.items[0]).toEqual(
      expect.objectContaining({
        bookId: expect.any(String),
        title: expect.any(String),
        author: expect.any(String),
        status: 'active',
      }),
    );
    const second = await asAdmin<AdminBooksResponse>('/api/admin/books?pageSize=5&page=2');
    const firstIds = first.body.items.map((item) => item.bookId);
    expect(second.body.items.some((item) => firstIds.includes(item.bookId))).toBe(false);
  });

  it('filters by title or author text, case-insensitively, and by exact id', async () => {
    const byTitle = await asAdmin<AdminBooksResponse>('/api/admin/books?q=hunger%20GAMES');
    expect(byTitle.body.items.map((item) => item.bookId)).toContain('1');
    expect(byTitle.body.items.every((item) => /hunger games/i.test(item.title))).toBe(true);
    expect(byTitle.body.total).toBe(byTitle.body.items.length);
    const byAuthor = await asAdmin<AdminBooksResponse>('/api/admin/books?q=rowling');
    expect(byAuthor.body.total).toBeGreaterThan(0);
    expect(byAuthor.body.items.every((item) => /rowling/i.test(item.author))).toBe(true);
    const byId = await asAdmin<AdminBooksResponse>('/api/admin/books?q=1308');
    expect(byId.body.items.map((item) => item.bookId)).toContain('1308');
    const none = await asAdmin<AdminBooksResponse>('/api/admin/books?q=zzqqxxnotabook');
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });

  it('rejects a bad page with 400', async () => {
    expect((await asAdmin('/api/admin/books?page=0')).status).toBe(400);
    expect((await asAdmin('/api/admin/books?status=gone')).status).toBe(400);
  });
});

describe('status toggle', () => {
  it('removes an inactive book from search, suggest, genre lists, related and the reader book page, and brings it back', async () => {
    const id = '2';
    const [book] = await server.db.select().from(books).where(eq(books.id, id));
    const title = book!.title;
    const genre = book!.genres[0]!;
    expect(await searchTitles(title)).toContain(id);

    const off = await asAdmin<AdminBookDetail>(`/api/admin/books/${id}`, {
      method: 'PATCH',
      body: { status: 'inactive' },
    });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('inactive');

    expect(await searchTitles(title)).not.toContain(id);
    const suggest = await server.request<{ items: { id: string }[] }>(
      `/api/search/suggest?q=${encodeURIComponent(title.slice(0, 12))}`,
    );
    expect(suggest.body.items.map((item) => item.id)).not.toContain(id);
    const genrePage = await server.request<GenreDetail>(`/api/genres/${genre}`);
    expect([...genrePage.body.newReleases, ...genrePage.body.popular].map((item) => item.id)).not.toContain(
      id,
    );
    const related = await server.request<{ items: { id: string }[] }>('/api/books/1/related?limit=50');
    expect(related.body.items.map((item) => item.id)).not.toContain(id);
    expect((await server.request(`/api/books/${id}`)).status).toBe(404);
    expect((await server.request(`/api/books/${id}`, { token: readerToken })).status).toBe(404);
    const trending = await server.request<{ items: { id: string }[] }>('/api/books/trending?limit=50');
    expect(trending.body.items.map((item) => item.id)).not.toContain(id);
    const inactiveList = await asAdmin<AdminBooksResponse>('/api/admin/books?status=inactive');
    expect(inactiveList.body.items.map((item) => item.bookId)).toContain(id);

    const on = await asAdmin<AdminBookDetail>(`/api/admin/books/${id}`, {
      method: 'PATCH',
      body: { status: 'active' },
    });
    expect(on.body.status).toBe('active');
    expect(await searchTitles(title)).toContain(id);
    expect((await server.request(`/api/books/${id}`)).status).toBe(200);
  });
});

describe('inactive books on reading lists', () => {
  it('stay on the reader’s list marked unavailable, and cannot be added anew', async () => {
    const reader = await signUp(server);
    const other = await signUp(server);
    await server.request('/api/reading-list', {
      token: reader.token,
      body: { bookId: '12', status: 'wantToRead' },
    });
    await asAdmin(`/api/admin/books/12`, { method: 'PATCH', body: { status: 'inactive' } });
    try {
      const list = await server.request<{ wantToRead: { bookId: string; available: boolean }[] }>(
        '/api/reading-list',
        { token: reader.token },
      );
      expect(list.body.wantToRead.find((entry) => entry.bookId === '12')).toMatchObject({ available: false });
      const add = await server.request('/api/reading-list', {
        token: other.token,
        body: { bookId: '12', status: 'wantToRead' },
      });
      expect(add.status).toBe(404);
    } finally {
      await asAdmin(`/api/admin/books/12`, { method: 'PATCH', body: { status: 'active' } });
    }
    const back = await server.request<{ wantToRead: { bookId: string; available: boolean }[] }>(
      '/api/reading-list',
      { token: reader.token },
    );
    expect(back.body.wantToRead.find((entry) => entry.bookId === '12')).toMatchObject({ available: true });
  });
});

describe('PATCH /api/admin/books/:id', () => {
  it('persists every field and records them as edited', async () => {
    const id = '7';
    const body = {
      title: 'An Edited Title',
      authors: ['First Author', 'Second Author'],
      description: '<p>New <strong>description</strong><script>alert(1)</script></p>',
      previewLink: 'https://books.google.com/books?id=abc',
      viewability: 'PARTIAL',
      genres: ['history', 'biography'],
      isbn10: '0-306-40615-2',
      isbn13: '978-0-306-40615-7',
      language: 'am',
      pageCount: 321,
      publicationDate: '1999-05-17',
      publisher: 'Nebab Press',
      coverUrl: 'https://example.org/cover.jpg',
    };
    const res = await asAdmin<AdminBookDetail>(`/api/admin/books/${id}`, { method: 'PATCH', body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'An Edited Title',
      authors: ['First Author', 'Second Author'],
      description: '<p>New <strong>description</strong></p>',
      previewLink: body.previewLink,
      viewability: 'PARTIAL',
      genres: ['history', 'biography'],
      isbn10: '0306406152',
      isbn13: '9780306406157',
      language: 'am',
      pageCount: 321,
      publicationDate: '1999-05-17',
      publisher: 'Nebab Press',
      coverUrl: 'https://example.org/cover.jpg',
    });
    const again = await asAdmin<AdminBookDetail>(`/api/admin/books/${id}`);
    expect(again.body).toMatchObject({ title: 'An Edited Title', pageCount: 321, publisher: 'Nebab Press' });
    const [row] = await server.db.select().from(books).where(eq(books.id, id));
    expect(row!.publicationYear).toBe(1999);
    expect(row!.primaryAuthor).toBe('First Author');
    expect(row!.editedFields).toEqual(
      expect.arrayContaining([
        'title',
        'authors',
        'description',
        'genres',
        'isbn13',
        'page_count',
        'cover_url',
      ]),
    );
    // The public book page shows the edit, and search finds the new title.
    expect((await server.request<{ title: string }>(`/api/books/${id}`)).body.title).toBe('An Edited Title');
    expect(await searchTitles('edited title')).toContain(id);
  });

  it('clears optional fields with null or blank text', async () => {
    const res = await asAdmin<AdminBookDetail>('/api/admin/books/7', {
      method: 'PATCH',
      body: {
        publisher: '',
        pageCount: null,
        isbn10: '',
        coverUrl: null,
        description: null,
        publicationDate: '',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      publisher: null,
      pageCount: null,
      isbn10: null,
      coverUrl: null,
      description: null,
      publicationDate: null,
    });
  });

  it('answers 400 with a translated message per invalid field', async () => {
    const res = await asAdmin<AdminBookDetail>('/api/admin/books/8', {
      method: 'PATCH',
      body: {
        title: '  ',
        authors: [],
        previewLink: 'javascript:alert(1)',
        genres: ['cooking-for-cats'],
        isbn13: '1234',
        language: 'English!',
        pageCount: 0,
        publicationDate: '2020-02-30',
        status: 'gone',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      title: 'Please enter the title',
      authors: 'Please enter at least one author',
      previewLink: 'Please enter a full web address starting with http:// or https://',
      isbn13: 'Please enter a valid ISBN (10 digits or 13 digits starting with 978 or 979)',
      language: 'Please enter a language code such as en or am',
      pageCount: 'Please enter a whole number of pages between 1 and 100000',
      publicationDate: 'Please enter the date as YYYY, YYYY-MM or YYYY-MM-DD',
    });
    expect(Object.keys(res.body.error.fields ?? {})).toEqual(expect.arrayContaining(['genres', 'status']));
    const am = await asAdmin('/api/admin/books/8', { method: 'PATCH', body: { title: '' }, lang: 'am' });
    expect(am.body.error.fields?.title).toBe('እባክዎ ርዕሱን ያስገቡ');
    const [row] = await server.db.select().from(books).where(eq(books.id, '8'));
    expect(row!.title).not.toBe('  ');
  });

  it('answers 404 for an unknown book', async () => {
    expect(
      (await asAdmin('/api/admin/books/nope-404', { method: 'PATCH', body: { title: 'x' } })).status,
    ).toBe(404);
    expect((await asAdmin('/api/admin/books/nope-404')).status).toBe(404);
  });
});

describe('cover upload', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (id: string, data: Buffer, type: string, token = adminToken) => {
    const form = new FormData();
    form.append('coverImage', new Blob([new Uint8Array(data)], { type }), 'cover');
    return fetch(`${server.url}/api/admin/books/${id}/cover`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };

  it('stores a sniffed image, serves it first, and removes it again', async () => {
    expect((await upload('9', png, 'image/png', readerToken)).status).toBe(403);
    expect((await upload('9', Buffer.from('not an image at all'), 'image/png')).status).toBe(415);
    const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    expect((await upload('9', huge, 'image/png')).status).toBe(413);
    const res = await upload('9', png, 'image/png');
    expect(res.status).toBe(200);
    const detail = (await res.json()) as AdminBookDetail;
    expect(detail.hasUploadedCover).toBe(true);
    expect(detail.coverImage).toBe('/api/books/9/cover');
    const served = await fetch(`${server.url}/api/books/9/cover`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/png');
    const removed = await asAdmin<AdminBookDetail>('/api/admin/books/9/cover', { method: 'DELETE' });
    expect(removed.body.hasUploadedCover).toBe(false);
    expect((await fetch(`${server.url}/api/books/9/cover`)).status).toBe(404);
  });
});

describe('DELETE /api/admin/books/:id', () => {
  it('tells what cascades, then deletes the book with its reading-list entries and reviews', async () => {
    const id = '10';
    const reader = await signUp(server);
    await server.request('/api/reading-list', {
      token: reader.token,
      body: { bookId: id, status: 'wantToRead' },
    });
    await server.request(`/api/books/${id}/reviews`, {
      token: reader.token,
      body: { rating: 3, comment: 'Fine' },
    });
    const usage = await asAdmin<{ entries: number; reviews: number }>(`/api/admin/books/${id}/usage`);
    expect(usage.body).toEqual({ entries: 1, reviews: 1 });

    const res = await asAdmin(`/api/admin/books/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await server.db.select().from(books).where(eq(books.id, id))).toHaveLength(0);
    expect(
      await server.db.select().from(readingListEntries).where(eq(readingListEntries.bookId, id)),
    ).toHaveLength(0);
    expect(await server.db.select().from(reviews).where(eq(reviews.bookId, id))).toHaveLength(0);
    expect((await server.request(`/api/books/${id}`)).status).toBe(404);
    expect((await asAdmin(`/api/admin/books/${id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('GET /api/admin/reading-lists', () => {
  it('ranks the most added, read and completed books with counts', async () => {
    const readers = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    for (const reader of readers) {
      await server.request('/api/reading-list', {
        token: reader.token,
        body: { bookId: '11', status: 'wantToRead' },
      });
    }
    await server.request('/api/reading-list/11', {
      method: 'PATCH',
      token: readers[0]!.token,
      body: { status: 'currentlyReading' },
    });
    await server.request('/api/reading-list/11', {
      method: 'PATCH',
      token: readers[1]!.token,
      body: { status: 'completed' },
    });
    const res = await asAdmin<ReadingInsights>('/api/admin/reading-lists');
    expect(res.status).toBe(200);
    expect(res.body.mostAdded[0]).toMatchObject({ bookId: '11', count: 3 });
    expect(res.body.mostReading.find((item) => item.bookId === '11')?.count).toBe(1);
    expect(res.body.mostCompleted.find((item) => item.bookId === '11')?.count).toBe(1);
    const all = await server.db.select().from(readingListEntries);
    expect(res.body.totals.entries).toBe(all.length);
    expect(res.body.totals.wantToRead + res.body.totals.currentlyReading + res.body.totals.completed).toBe(
      all.length,
    );
  });
});

describe('site settings', () => {
  it('are public through GET /api/site with defaults', async () => {
    const res = await server.request<SiteSettings>('/api/site');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      registrationOpen: true,
      defaultLanguage: 'en',
      contactEmail: null,
      requireVerifiedToPost: false,
    });
  });

  it('validate input', async () => {
    const res = await asAdmin('/api/admin/settings', {
      method: 'PATCH',
      body: { defaultLanguage: 'fr', contactEmail: 'not-an-email', registrationOpen: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual([
      'contactEmail',
      'defaultLanguage',
      'registrationOpen',
    ]);
  });

  it('close registration: signup answers 403 with a translated message until reopened', async () => {
    const saved = await asAdmin<SiteSettings>('/api/admin/settings', {
      method: 'PATCH',
      body: { registrationOpen: false, defaultLanguage: 'am', contactEmail: 'hello@nebab.test' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      registrationOpen: false,
      defaultLanguage: 'am',
      contactEmail: 'hello@nebab.test',
      requireVerifiedToPost: false,
    });
    expect((await server.request<SiteSettings>('/api/site')).body.defaultLanguage).toBe('am');

    const signupBody = (email: string) => ({
      fullName: 'Closed Door',
      email,
      password: 'Secret@2024',
      confirmPassword: 'Secret@2024',
    });
    const email = uniqueEmail('closed');
    const refused = await server.request<ErrorBody>('/api/auth/signup', { body: signupBody(email) });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'New accounts cannot be created right now. Please try again later.',
    );
    const am = await server.request<ErrorBody>('/api/auth/signup', { body: signupBody(email), lang: 'am' });
    expect(am.body.error.message).toBe('በአሁኑ ጊዜ አዲስ መለያ መፍጠር አይቻልም። እባክዎ ቆይተው እንደገና ይሞክሩ።');
    expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // Existing accounts still sign in.
    expect((await server.request('/api/auth/me', { token: readerToken })).status).toBe(200);

    await asAdmin('/api/admin/settings', {
      method: 'PATCH',
      body: { registrationOpen: true, defaultLanguage: 'en', contactEmail: '' },
    });
    expect((await server.request('/api/auth/signup', { body: signupBody(email) })).status).toBe(201);
    expect((await server.request<SiteSettings>('/api/site')).body).toEqual({
      registrationOpen: true,
      defaultLanguage: 'en',
      contactEmail: null,
      requireVerifiedToPost: false,
    });
  });

  it('close registration for a first Google sign-in too', async () => {
    const existing = await signUp(server);
    await asAdmin('/api/admin/settings', { method: 'PATCH', body: { registrationOpen: false } });
    try {
      const profile = {
        subject: `g-${Date.now()}`,
        email: uniqueEmail('google'),
        name: 'New Google',
        picture: null,
      };
      await expect(
        server.app.services.auth.signInWithExternal(profile, { ip: null, userAgent: null }),
      ).rejects.toMatchObject({
        messageKey: 'adminCatalogue.registrationClosed',
        status: 403,
      });
      // An existing account may still link Google and sign in while registration is closed.
      const linked = await server.app.services.auth.signInWithExternal(
        { subject: `g-existing-${Date.now()}`, email: existing.email, name: 'Existing', picture: null },
        { ip: null, userAgent: null },
      );
      expect(linked).toHaveProperty('token');
    } finally {
      await asAdmin('/api/admin/settings', { method: 'PATCH', body: { registrationOpen: true } });
    }
  });
});

describe('book suggestions', () => {
  const suggestion = {
    title: 'ኦሮማይ',
    author: 'በዓሉ ግርማ',
    isbn: '978-0-306-40615-7',
    language: 'am',
    note: 'A classic.',
  };

  it('validates the suggestion', async () => {
    const res = await server.request<ErrorBody>('/api/book-suggestions', {
      token: readerToken,
      body: { title: '', author: '', isbn: '12', language: 'Amharic' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      title: 'Please enter the title',
      author: 'Please enter the author',
      isbn: 'Please enter a valid ISBN (10 digits or 13 digits starting with 978 or 979)',
      language: 'Please enter a language code such as en or am',
    });
  });

  it('flows: reader suggests, sees it pending, admin approves, search finds the book at once', async () => {
    const reader = await signUp(server);
    const heard: string[] = [];
    const stop = server.app.services.events.on('book.suggested', (payload) => {
      heard.push(payload.title);
    });
    const created = await server.request<BookSuggestion>('/api/book-suggestions', {
      token: reader.token,
      body: suggestion,
    });
    stop();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', isbn: '9780306406157', bookId: null });
    expect(heard).toEqual(['ኦሮማይ']);
    const mine = await server.request<BookSuggestionList>('/api/book-suggestions/mine', {
      token: reader.token,
    });
    expect(mine.body.items.map((item) => item.id)).toEqual([created.body.id]);
    const otherMine = await server.request<BookSuggestionList>('/api/book-suggestions/mine', {
      token: readerToken,
    });
    expect(otherMine.body.items.map((item) => item.id)).not.toContain(created.body.id);

    const pending = await asAdmin<BookSuggestionList>('/api/admin/book-suggestions');
    const listed = pending.body.items.find((item) => item.id === created.body.id);
    expect(listed?.suggestedBy?.fullName).toBe('Abebe Bikila');

    const approved = await asAdmin<BookSuggestion>(`/api/admin/book-suggestions/${created.body.id}/approve`, {
      method: 'POST',
      body: { genres: ['fiction'] },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(approved.body.bookId).toMatch(/^local-/);
    const bookId = approved.body.bookId!;
    expect(await searchTitles('ኦሮማይ')).toContain(bookId);
    const page = await server.request<{
      title: string;
      authors: string[];
      hasFile: boolean;
      language: string;
    }>(`/api/books/${bookId}`);
    expect(page.body).toMatchObject({ title: 'ኦሮማይ', authors: ['በዓሉ ግርማ'], hasFile: false, language: 'am' });
    const again = await asAdmin(`/api/admin/book-suggestions/${created.body.id}/approve`, {
      method: 'POST',
      body: {},
    });
    expect(again.status).toBe(409);
    const readerView = await server.request<BookSuggestionList>('/api/book-suggestions/mine', {
      token: reader.token,
    });
    expect(readerView.body.items[0]).toMatchObject({ status: 'approved', bookId });
  });

  it('rejects with a reason the reader sees', async () => {
    const reader = await signUp(server);
    const created = await server.request<BookSuggestion>('/api/book-suggestions', {
      token: reader.token,
      body: { title: 'Duplicate', author: 'Somebody', language: 'en' },
    });
    expect(
      (
        await asAdmin(`/api/admin/book-suggestions/${created.body.id}/reject`, {
          method: 'POST',
          body: { reason: ' ' },
        })
      ).status,
    ).toBe(400);
    const rejected = await asAdmin<BookSuggestion>(`/api/admin/book-suggestions/${created.body.id}/reject`, {
      method: 'POST',
      body: { reason: 'Already in the catalogue' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectReason: 'Already in the catalogue' });
    const readerView = await server.request<BookSuggestionList>('/api/book-suggestions/mine', {
      token: reader.token,
    });
    expect(readerView.body.items[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'Already in the catalogue',
    });
    const rejectedList = await asAdmin<BookSuggestionList>('/api/admin/book-suggestions?status=rejected');
    expect(rejectedList.body.items.map((item) => item.id)).toContain(created.body.id);
    expect(
      (
        await asAdmin(`/api/admin/book-suggestions/${MISSING_UUID}/reject`, {
          method: 'POST',
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('limits a reader to a few pending suggestions (429)', async () => {
    const reader = await signUp(server);
    for (let i = 0; i < 5; i += 1) {
      const res = await server.request('/api/book-suggestions', {
        token: reader.token,
        body: { title: `Book ${i}`, author: 'A', language: 'en' },
      });
      expect(res.status).toBe(201);
    }
    const sixth = await server.request<ErrorBody>('/api/book-suggestions', {
      token: reader.token,
      body: { title: 'Book 6', author: 'A', language: 'en' },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBeTruthy();
  });
});

import type { BookDetail, ErrorBody } from '@nebab/shared';
import { bookActions } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books, users } from '../../db/schema/index.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import { PNG, tinyPdf } from '../../../test/upload-fixtures.js';

let server: TestServer;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const admin = await signUp(server);
  await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
  adminToken = admin.token;
  userToken = (await signUp(server)).token;
});
afterAll(() => server?.close());

const patch = (id: string, body: unknown, token = adminToken) =>
  server.request<BookDetail | ErrorBody>(`/api/admin/books/${id}`, { method: 'PATCH', body, token });

async function upload(form: FormData, token = adminToken) {
  const res = await fetch(`${server.url}/api/admin/books`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as { id: string } & ErrorBody };
}

function bookForm(file: Buffer, cover?: Buffer): FormData {
  const form = new FormData();
  form.set('title', 'ኦሮማይ');
  form.set('author', 'በዓሉ ግርማ');
  form.set('language', 'am');
  form.set('publicationYear', '1983');
  form.set('genre', 'fiction');
  form.set('pageCount', '420');
  form.set('description', '<p>A novel.</p><script>alert(1)</script>');
  if (cover) form.set('coverImage', new Blob([cover], { type: 'image/png' }), 'cover.png');
  form.set('bookFile', new Blob([file], { type: 'application/pdf' }), 'book.pdf');
  return form;
}

describe('GET /api/books/:id', () => {
  it('answers the detail of spec §3', async () => {
    const res = await server.request<BookDetail>('/api/books/1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: '1',
      title: 'The Hunger Games',
      author: 'Suzanne Collins',
      series: 'The Hunger Games',
      seriesNumber: '1',
      viewability: 'NO_PAGES',
      description: null,
      hasFile: false,
      source: 'goodbooks',
      industryIdentifiers: [
        { type: 'ISBN_13', identifier: '9780439023481' },
        { type: 'ISBN_10', identifier: '0439023483' },
      ],
    });
    expect(res.body.coverImage).toBe(
      'https://covers.openlibrary.org/b/isbn/9780439023481-M.jpg?default=false',
    );
    expect(res.body.coverCandidates[1]).toMatch(/gr-assets/);
  });

  it('is 404 (translated) for an unknown book, and for an inactive one except to admins', async () => {
    const res = await server.request<ErrorBody>('/api/books/no-such-book', { lang: 'am' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(res.body.error.message).toMatch(/[\u1200-\u137F]/);
    await server.db.update(books).set({ status: 'inactive' }).where(eq(books.id, '9999'));
    expect((await server.request('/api/books/9999')).status).toBe(404);
    expect((await server.request('/api/books/9999', { token: adminToken })).status).toBe(200);
  });

  it('forgets a book it saw active once an admin hides it on this node: its reviews are 404 at once', async () => {
    expect((await server.request('/api/books/5000/reviews')).status).toBe(200);
    expect((await server.request('/api/books/5000/related')).status).toBe(200);
    expect((await patch('5000', { status: 'inactive' })).status).toBe(200);
    expect((await server.request('/api/books/5000/reviews')).status).toBe(404);
    expect((await server.request('/api/books/5000/related')).status).toBe(404);
  });

  it('serves a generated SVG cover with a long cache', async () => {
    const res = await server.request('/api/books/1/cover.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(res.text).toContain('The Hunger');
  });
});

describe('viewability branches (set by an admin)', () => {
  it('FULL with a Drive link opens the reader', async () => {
    const res = await patch('2', {
      viewability: 'FULL',
      previewLink: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz012345/view',
    });
    expect(res.status).toBe(200);
    const book = res.body as BookDetail;
    expect(book.viewability).toBe('FULL');
    const actions = bookActions({ ...book, hasIsbn: book.industryIdentifiers.length > 0 });
    expect(actions.read).toMatchObject({ kind: 'reader', label: 'read', source: { type: 'drive' } });
    expect(actions.buy).toEqual({ kind: 'buy' });
  });

  it('PARTIAL without an ISBN previews and is not for sale', async () => {
    const id = '7000'; // no ISBN in the dataset
    const res = await patch(id, {
      viewability: 'PARTIAL',
      previewLink: 'https://books.google.com/books?id=abc',
    });
    const book = res.body as BookDetail;
    expect(book.industryIdentifiers).toEqual([]);
    expect(bookActions({ ...book, hasIsbn: false })).toEqual({
      read: { kind: 'external', label: 'preview', url: 'https://books.google.com/books?id=abc' },
      buy: { kind: 'notForSale' },
    });
  });

  it('NO_PAGES with and without an ISBN', async () => {
    const withIsbn = (await server.request<BookDetail>('/api/books/3')).body;
    expect(withIsbn.viewability).toBe('NO_PAGES');
    expect(bookActions({ ...withIsbn, hasIsbn: withIsbn.industryIdentifiers.length > 0 }).buy).toEqual({
      kind: 'buy',
    });
    const without = (await server.request<BookDetail>('/api/books/1308')).body;
    expect(without.industryIdentifiers).toEqual([]);
    expect(bookActions({ ...without, hasIsbn: false })).toEqual({
      read: { kind: 'none' },
      buy: { kind: 'unavailable' },
    });
  });

  it('refuses non-admins', async () => {
    expect((await patch('1', { viewability: 'FULL' }, userToken)).status).toBe(403);
    expect((await server.request('/api/admin/books/1', { method: 'PATCH', body: {} })).status).toBe(401);
  });

  it('sanitises descriptions and records the edit', async () => {
    const res = await patch('4', {
      description:
        '<p onclick="x()">A <strong>classic</strong><script>alert(1)</script><img src=x onerror="alert(1)"> ' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://example.org">good</a></p><iframe src="https://x"></iframe><h3>Why</h3>',
    });
    const html = (res.body as BookDetail).description!;
    expect(html).not.toMatch(/script|onerror|onclick|<img|javascript:|iframe/i);
    expect(html).toContain('<strong>classic</strong>');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow">good</a>');
    expect(html).toContain('<h3>Why</h3>');
    const [row] = await server.db.select({ edited: books.editedFields }).from(books).where(eq(books.id, '4'));
    expect(row!.edited).toContain('description');
  });
});

describe('uploaded books (POST /api/admin/books)', () => {
  let localId: string;

  it('stores a PDF with its cover and answers the local- id', async () => {
    const res = await upload(bookForm(tinyPdf(), PNG));
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^local-[0-9a-f-]{36}$/);
    localId = res.body.id;
  });

  it('shows the local book, opens it in the reader and streams the PDF and cover', async () => {
    const book = (await server.request<BookDetail>(`/api/books/${localId}`)).body;
    expect(book).toMatchObject({
      title: 'ኦሮማይ',
      author: 'በዓሉ ግርማ',
      source: 'local',
      hasFile: true,
      language: 'am',
    });
    expect(book.description).toBe('<p>A novel.</p>');
    expect(book.coverImage).toBe(`/api/books/${localId}/cover`);
    expect(bookActions({ ...book, hasIsbn: false }).read).toMatchObject({
      kind: 'reader',
      source: { type: 'pdf' },
    });
    const pdf = await fetch(`${server.url}/api/books/${localId}/file`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).equals(tinyPdf())).toBe(true);
    const cover = await fetch(`${server.url}/api/books/${localId}/cover`);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await cover.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('is 404 for the file of a catalogue book', async () => {
    expect((await server.request('/api/books/1/file')).status).toBe(404);
  });

  it('refuses a file that is not a PDF, a cover that is not an image, and non-admins', async () => {
    const notPdf = await upload(bookForm(Buffer.from('hello, not a pdf')));
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const badCover = await upload(bookForm(tinyPdf(), Buffer.from('GIF89a-----')));
    expect(badCover.status).toBe(415);
    expect((await upload(bookForm(tinyPdf()), userToken)).status).toBe(403);
    const missing = new FormData();
    missing.set('bookFile', new Blob([tinyPdf()]), 'b.pdf');
    const invalid = await upload(missing);
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error.fields ?? {})).toEqual(expect.arrayContaining(['title', 'author']));
    const rows = await server.db.select({ id: books.id }).from(books).where(eq(books.source, 'local'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a cover over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(bookForm(tinyPdf(), big));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('TOO_LARGE');
  });
});

describe('GET /api/books/:id/related', () => {
  it('answers same-genre books without the book itself', async () => {
    const res = await server.request<{ items: Array<{ id: string; genre: string | null }>; total: number }>(
      '/api/books/2/related?limit=5',
    );
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(5);
    expect(res.body.total).toBeGreaterThan(5);
    expect(res.body.items.map((i) => i.id)).not.toContain('2');
    expect(
      res.body.items.filter((i) => ['18', '21', '23', '24', '25', '27'].includes(i.id)).length,
    ).toBeGreaterThanOrEqual(3);
    const page2 = await server.request<{ items: Array<{ id: string }> }>(
      '/api/books/2/related?limit=5&offset=5',
    );
    expect(page2.body.items.map((i) => i.id)).not.toContain(res.body.items[0]!.id);
    const scifi = await server.request<{ items: Array<{ id: string }> }>(
      '/api/books/2/related?genre=science-fiction&sort=rating',
    );
    expect(scifi.status).toBe(200);
    expect((await server.request('/api/books/nope/related')).status).toBe(404);
  });

  it('answers for a book whose author is not known (many Ethiopian rows)', async () => {
    await server.db.insert(books).values({
      id: 'test-no-author',
      source: 'local',
      title: 'የማይታወቅ ደራሲ መጽሐፍ',
      authors: [],
      genres: ['fiction'],
      language: 'am',
    });
    const res = await server.request<{ items: Array<{ id: string }> }>(
      '/api/books/test-no-author/related?sort=popular&limit=9&offset=0',
    );
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
  });
});

describe('GET /api/books/trending', () => {
  type Trending = { items: Array<{ id: string; title: string; authors: string; coverCandidates: string[] }> };
  it('answers a varied list from the catalogue, including recent books', async () => {
    server.app.services.books.clearCaches();
    const res = await server.request<Trending>('/api/books/trending');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(10);
    expect(res.body.items[0]).toMatchObject({
      id: expect.any(String),
      title: expect.any(String),
      authors: expect.any(String),
    });
    const rows = await server.db.select({ id: books.id, year: books.publicationYear }).from(books);
    const years = new Map(rows.map((r) => [r.id, r.year ?? 0]));
    expect(res.body.items.filter((i) => years.get(i.id)! >= 2010).length).toBeGreaterThanOrEqual(2);
    expect(res.body.items.filter((i) => i.authors === 'J.K. Rowling').length).toBeLessThanOrEqual(2);
    expect((await server.request<Trending>('/api/books/trending?limit=3')).body.items).toHaveLength(3);
    expect((await server.request('/api/books/trending?limit=99')).status).toBe(400);
  });

  it('lifts a book with recent activity', async () => {
    const quiet = '9000';
    server.app.services.books.clearCaches();
    const before = (await server.request<Trending>('/api/books/trending?limit=50')).body.items.map(
      (i) => i.id,
    );
    expect(before.slice(0, 5)).not.toContain(quiet);
    for (let i = 0; i < 5; i += 1)
      await server.app.services.books.recordActivity({ bookId: quiet, userId: null, kind: 'want_to_read' });
    // Cached for a minute…
    expect((await server.request<Trending>('/api/books/trending')).body.items.map((i) => i.id)).toEqual(
      before.slice(0, 10),
    );
    server.app.services.books.clearCaches();
    const after = (await server.request<Trending>('/api/books/trending')).body.items.map((i) => i.id);
    expect(after.slice(0, 3)).toContain(quiet);
  });
});

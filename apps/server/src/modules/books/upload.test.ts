import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { BookDetail, ErrorBody, GenreDetail, SearchResponse } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { books, users } from '../../db/schema/index.js';
import { createLocalStorage, type Storage } from '../../lib/storage.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import { ELF, MZ, PNG, tinyPdf } from '../../../test/upload-fixtures.js';
import { createBookUploadRepository } from './books.upload.repository.js';
import { inlineDisposition } from './books.file-headers.js';
import { descriptionHtml } from '../../lib/description-html.js';
import { createBookUploadService } from './books.upload.service.js';

/** Small limits keep the over-limit tests fast; the defaults (5 MB / 50 MB) are in config. */
const LIMITS = { coverMaxBytes: 64 * 1024, bookMaxBytes: 256 * 1024 };

let server: TestServer;
let dataDir: string;
let adminToken: string;
let readerToken: string;

beforeAll(async () => {
  dataDir = tempFolder('nebab-upload-test-');
  server = await startTestServer({ dataDir, uploadLimits: LIMITS });
  const admin = await signUp(server);
  await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
  adminToken = admin.token;
  readerToken = (await signUp(server)).token;
});
/** Temp folders of this file, removed at the end. */
const folders: string[] = [];
function tempFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}
afterAll(async () => {
  await server?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const TITLE = 'ፍቅር እስከ መቃብር';

interface Parts {
  fields?: Record<string, string>;
  cover?: Buffer;
  coverName?: string;
  book?: Buffer;
  bookName?: string;
}

function form({ fields, cover, coverName = 'cover.png', book, bookName = 'book.pdf' }: Parts): FormData {
  const data = new FormData();
  const values = fields ?? {
    title: TITLE,
    author: 'ሐዲስ ዓለማየሁ',
    publisher: 'ኩራዝ አሳታሚ ድርጅት',
    language: 'am',
    publicationYear: '1968-05-01',
    genre: 'classics',
    description: 'A love story of Gondar.\n\nIn two parts & more.',
    pageCount: '520',
  };
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  if (book) data.set('bookFile', new Blob([book], { type: 'application/pdf' }), bookName);
  if (cover) data.set('coverImage', new Blob([cover], { type: 'image/png' }), coverName);
  return data;
}

async function upload(data: FormData, token: string | null = adminToken, lang?: 'am') {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lang) headers['accept-language'] = lang;
  const res = await fetch(`${server.url}/api/admin/books`, { method: 'POST', body: data, headers });
  return { status: res.status, body: (await res.json()) as { id: string } & ErrorBody };
}

/** Every file under DATA_DIR/uploads (relative paths). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function localRows() {
  return server.db.select({ id: books.id, title: books.title }).from(books).where(eq(books.source, 'local'));
}

describe('POST /api/admin/books: who may upload', () => {
  it('is 401 for anonymous callers and 403 for readers, storing nothing', async () => {
    const anonymous = await upload(form({ book: tinyPdf(), cover: PNG }), null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
    const reader = await upload(form({ book: tinyPdf(), cover: PNG }), readerToken);
    expect(reader.status).toBe(403);
    expect(reader.body.error.code).toBe('FORBIDDEN');
    expect(await storedFiles()).toEqual([]);
    expect(await localRows()).toEqual([]);
  });
});

describe('POST /api/admin/books: refused uploads leave nothing behind', () => {
  beforeEach(async () => {
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a renamed Linux executable sent as book.pdf / application/pdf with 415', async () => {
    const res = await upload(form({ book: ELF, cover: PNG }));
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.error.fields).toEqual({ bookFile: 'The book file must be a PDF' });
    expect(await storedFiles()).toEqual([]);
    expect(await localRows()).toEqual([]);
  });

  it('refuses a Windows executable as the cover with 415, removing the PDF already stored', async () => {
    const res = await upload(form({ book: tinyPdf(), cover: MZ, coverName: 'cover.png' }), adminToken, 'am');
    expect(res.status).toBe(415);
    expect(res.body.error.fields).toEqual({ coverImage: 'ሽፋኑ JPEG፣ PNG ወይም WebP ምስል መሆን አለበት' });
    expect(await storedFiles()).toEqual([]);
    expect(await localRows()).toEqual([]);
  });

  it('refuses a PDF over the limit with 413 as it streams, deleting the partial file', async () => {
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(LIMITS.bookMaxBytes, 0x20)]);
    const res = await upload(form({ book: big, cover: PNG }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('TOO_LARGE');
    expect(res.body.error.fields?.bookFile).toMatch(/too large/);
    expect(await storedFiles()).toEqual([]);
    expect(await localRows()).toEqual([]);
  });

  it('refuses a cover over the limit with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(LIMITS.coverMaxBytes, 0)]);
    const res = await upload(form({ book: tinyPdf(), cover: big }));
    expect(res.status).toBe(413);
    expect(res.body.error.fields?.coverImage).toMatch(/too large/);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a body declared larger than both files can be, before reading it', async () => {
    // Only the headers are sent: the answer must come without the body.
    const { port } = new URL(server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/admin/books',
          headers: {
            authorization: `Bearer ${adminToken}`,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(LIMITS.bookMaxBytes + LIMITS.coverMaxBytes + 10 * 1024 * 1024),
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'TOO_LARGE' } });
    expect(await storedFiles()).toEqual([]);
  });

  it('answers 400 with a translated message per missing or bad field', async () => {
    const res = await upload(
      form({ fields: { language: 'xx', pageCount: '0', publicationYear: '2999' }, cover: PNG }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields).toEqual({
      title: 'Please enter the title',
      author: 'Please enter the author',
      language: 'Please choose the language of the book',
      publicationYear: 'Enter a year (e.g. 1968) or a date that is not in the future',
      genre: 'Please choose a genre',
      pageCount: 'The page count must be a whole number from 1 to 100000',
      bookFile: 'Please choose the PDF file of the book',
    });
    const am = await upload(form({ fields: { title: 'x' }, book: tinyPdf() }), adminToken, 'am');
    expect(am.body.error.fields?.author).toBe('እባክዎ ደራሲውን ያስገቡ');
    expect(await storedFiles()).toEqual([]);
    expect(await localRows()).toEqual([]);
  });

  it('is 415 for a body that is not multipart', async () => {
    const res = await server.request<ErrorBody>('/api/admin/books', {
      body: { title: 'x' },
      token: adminToken,
    });
    expect(res.status).toBe(415);
  });
});

describe('POST /api/admin/books: a good upload', () => {
  let id: string;

  it('creates a local- book and moves both files to their final keys', async () => {
    const res = await upload(form({ book: tinyPdf(), cover: PNG }));
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^local-[0-9a-f-]{36}$/);
    id = res.body.id;
    expect(await storedFiles()).toEqual([`books/${id}.pdf`, `covers/${id}.png`]);
  });

  it('shows the book with its facts and a safe description', async () => {
    const book = (await server.request<BookDetail>(`/api/books/${id}`)).body;
    expect(book).toMatchObject({
      title: TITLE,
      author: 'ሐዲስ ዓለማየሁ',
      publisher: 'ኩራዝ አሳታሚ ድርጅት',
      language: 'am',
      publicationDate: '1968-05-01',
      pageCount: 520,
      genres: ['classics'],
      source: 'local',
      hasFile: true,
      coverImage: `/api/books/${id}/cover`,
    });
    expect(book.description).toBe('<p>A love story of Gondar.</p><p>In two parts &amp; more.</p>');
  });

  it('is found by its Amharic title, whole and by its first word', async () => {
    for (const q of [TITLE, 'ፍቅር']) {
      const res = await server.request<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.body.items.map((item) => item.id)).toContain(id);
    }
  });

  it('is on its genre page at once (new releases and the Ethiopian shelf)', async () => {
    const genre = (await server.request<GenreDetail>('/api/genres/classics')).body;
    expect(JSON.stringify(genre)).toContain(id);
    const ethiopian = genre.lists.find((list) => list.kind === 'ethiopian');
    expect(ethiopian?.items.map((item) => item.id)).toContain(id);
  });

  it('serves the PDF so it cannot run script, with a safely encoded file name', async () => {
    const res = await fetch(`${server.url}/api/books/${id}/file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="book.pdf"; filename*=UTF-8''${encodeURIComponent(`${TITLE}.pdf`)}`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(tinyPdf())).toBe(true);
  });

  it('serves the cover as the sniffed image type with nosniff', async () => {
    const res = await fetch(`${server.url}/api/books/${id}/cover`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('accepts a book without a cover and with only a year', async () => {
    const res = await upload(
      form({
        fields: {
          title: 'ኦሮማይ',
          author: 'በዓሉ ግርማ',
          language: 'am',
          genre: 'fiction',
          publicationYear: '1983',
        },
        book: tinyPdf(),
      }),
    );
    expect(res.status).toBe(201);
    const book = (await server.request<BookDetail>(`/api/books/${res.body.id}`)).body;
    expect(book.publicationDate).toBe('1983');
    expect(book.coverImage).not.toBe(`/api/books/${res.body.id}/cover`);
    expect(await storedFiles()).toContain(`books/${res.body.id}.pdf`);
    expect((await storedFiles()).some((file) => file.startsWith('tmp'))).toBe(false);
  });
});

describe('upload service: database and storage failures', () => {
  const fields = { title: 'የቀትር ፀሐይ', author: 'ደራሲ', language: 'am', genre: 'fiction' };

  async function run(storage: Storage, repo = createBookUploadRepository(server.db)) {
    const service = createBookUploadService({ db: server.db, repo, storage, limits: LIMITS });
    const session = service.begin();
    for (const [name, value] of Object.entries(fields)) session.field(name, value, false);
    await session.file('bookFile', 'b.pdf', Readable.from([tinyPdf()]));
    await session.file('coverImage', 'c.png', Readable.from([PNG]));
    return session.commit();
  }

  async function filesUnder(root: string) {
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  }

  it('leaves no file when the insert fails', async () => {
    const root = tempFolder('nebab-upload-db-');
    const failing = {
      insert: async () => {
        throw new Error('database down');
      },
    };
    await expect(run(createLocalStorage(root), failing)).rejects.toThrow('database down');
    expect(await filesUnder(root)).toEqual([]);
  });

  it('rolls the row back and removes the moved PDF when moving the cover fails', async () => {
    const root = tempFolder('nebab-upload-move-');
    const local = createLocalStorage(root);
    const storage: Storage = {
      ...local,
      move: async (from, to) => {
        if (to.startsWith('covers/')) throw new Error('disk full');
        return local.move(from, to);
      },
    };
    await expect(run(storage)).rejects.toThrow('disk full');
    expect(await filesUnder(root)).toEqual([]);
    const rows = await server.db.select().from(books).where(eq(books.title, fields.title));
    expect(rows).toEqual([]);
  });
});

describe('descriptionHtml', () => {
  it('keeps sanitised HTML and turns plain text into escaped paragraphs', () => {
    expect(descriptionHtml('<p>Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>');
    expect(descriptionHtml('One\nline\n\na < b & c > d')).toBe(
      '<p>One<br />line</p><p>a &lt; b &amp; c &gt; d</p>',
    );
    expect(descriptionHtml('   ')).toBeNull();
  });
});

describe('inlineDisposition', () => {
  it('never lets quotes, slashes or line breaks of a title into the header', () => {
    const header = inlineDisposition('Evil"; filename="x.html\r\nSet-Cookie: a=b/..\\', 'pdf');
    expect(header).not.toMatch(/[\r\n\\/]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toBe(
      `inline; filename="Evil filename x.html Set-Cookie ab ...pdf"; filename*=UTF-8''${encodeURIComponent('Evil ; filename= x.html Set-Cookie: a=b ..').replace(/'/g, '%27')}.pdf`,
    );
  });
});

describe('upload limits in the config', () => {
  it('default to 5 MiB and 50 MiB and can be set lower', () => {
    expect(loadConfig({}).uploadLimits).toEqual({
      coverMaxBytes: 5 * 1024 * 1024,
      bookMaxBytes: 50 * 1024 * 1024,
    });
    expect(
      loadConfig({ UPLOAD_COVER_MAX_BYTES: '1000', UPLOAD_BOOK_MAX_BYTES: '2000' }).uploadLimits,
    ).toEqual({
      coverMaxBytes: 1000,
      bookMaxBytes: 2000,
    });
    expect(() => loadConfig({ UPLOAD_BOOK_MAX_BYTES: 'lots' })).toThrow(/UPLOAD_BOOK_MAX_BYTES/);
  });
});

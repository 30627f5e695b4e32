/**
 * Add Ethiopian Book with uploads kept in an S3 bucket (S3_BUCKET set): a real S3-compatible server
 * (s3rver on 127.0.0.1) behind the whole API, from the multipart POST to the PDF and cover downloads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BookDetail, ErrorBody } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, users } from '../../db/schema/index.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import { startS3Emulator, type S3Emulator } from '../../../test/s3-emulator.js';
import { ELF, MZ, PNG, tinyPdf } from '../../../test/upload-fixtures.js';

const LIMITS = { coverMaxBytes: 64 * 1024, bookMaxBytes: 256 * 1024 };
const PREFIX = 'nebab/';

let emulator: S3Emulator;
let server: TestServer;
let dataDir: string;
let adminToken: string;

beforeAll(async () => {
  emulator = await startS3Emulator();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'nebab-upload-s3-'));
  server = await startTestServer({ dataDir, uploadLimits: LIMITS, s3: emulator.config(PREFIX) });
  const admin = await signUp(server);
  await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
  adminToken = admin.token;
});
afterAll(async () => {
  await server?.close();
  await emulator?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function form(files: { book?: Buffer; cover?: Buffer }): FormData {
  const data = new FormData();
  const fields = {
    title: 'ፍቅር እስከ መቃብር',
    author: 'ሐዲስ ዓለማየሁ',
    language: 'am',
    publicationYear: '1968',
    genre: 'classics',
  };
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  if (files.book) data.set('bookFile', new Blob([files.book], { type: 'application/pdf' }), 'book.pdf');
  if (files.cover) data.set('coverImage', new Blob([files.cover], { type: 'image/png' }), 'cover.png');
  return data;
}

async function upload(data: FormData) {
  const res = await fetch(`${server.url}/api/admin/books`, {
    method: 'POST',
    body: data,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return { status: res.status, body: (await res.json()) as { id: string } & ErrorBody };
}

/** Files under DATA_DIR/uploads: with S3 configured there must be none. */
async function localFiles(): Promise<string[]> {
  const entries = await readdir(path.join(dataDir, 'uploads'), { recursive: true }).catch(() => []);
  return entries.map(String);
}

async function localBookRows() {
  return server.db.select({ id: books.id }).from(books).where(eq(books.source, 'local'));
}

describe('POST /api/admin/books with S3 storage: refused uploads leave the bucket empty', () => {
  it('refuses an executable sent as the PDF (415)', async () => {
    const res = await upload(form({ book: ELF, cover: PNG }));
    expect(res.status).toBe(415);
    expect(res.body.error.fields).toEqual({ bookFile: 'The book file must be a PDF' });
    expect(await emulator.keys()).toEqual([]);
  });

  it('refuses an executable cover after the PDF went up, removing the PDF (415)', async () => {
    const res = await upload(form({ book: tinyPdf(), cover: MZ }));
    expect(res.status).toBe(415);
    expect(res.body.error.fields?.coverImage).toBeDefined();
    expect(await emulator.keys()).toEqual([]);
  });

  it('refuses a PDF over the limit as it streams (413)', async () => {
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(LIMITS.bookMaxBytes, 0x20)]);
    const res = await upload(form({ book: big, cover: PNG }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('TOO_LARGE');
    expect(await emulator.keys()).toEqual([]);
    expect(await localBookRows()).toEqual([]);
  });
});

describe('POST /api/admin/books with S3 storage: a good upload', () => {
  let id: string;

  it('stores the PDF and cover in the bucket under the prefix, nothing on disk', async () => {
    const res = await upload(form({ book: tinyPdf(), cover: PNG }));
    expect(res.status).toBe(201);
    id = res.body.id;
    expect(await emulator.keys()).toEqual([`${PREFIX}books/${id}.pdf`, `${PREFIX}covers/${id}.png`]);
    expect(await localFiles()).toEqual([]);
    const book = (await server.request<BookDetail>(`/api/books/${id}`)).body;
    expect(book).toMatchObject({ hasFile: true, coverImage: `/api/books/${id}/cover` });
  });

  it('serves the PDF from the bucket', async () => {
    const res = await fetch(`${server.url}/api/books/${id}/file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(tinyPdf().length));
    expect(Buffer.from(await res.arrayBuffer()).equals(tinyPdf())).toBe(true);
  });

  it('serves the cover from the bucket', async () => {
    const res = await fetch(`${server.url}/api/books/${id}/cover`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('answers 404 when the object has gone from the bucket', async () => {
    await server.app.services.uploads.remove(`covers/${id}.png`);
    expect((await fetch(`${server.url}/api/books/${id}/cover`)).status).toBe(404);
  });
});

/**
 * Hostile multipart bodies against every upload (issue 16, point 2; issue 13): a body that ends inside
 * a file part, one without a boundary, one whose boundary never appears. Each is answered within a
 * second with our error shape (400), and leaves no open file and no partial file behind.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readlink } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ErrorBody } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { books, users } from '../db/schema/index.js';
import { createClub } from '../../test/clubs-helpers.js';
import { signUp, startTestServer, type TestServer } from '../../test/helpers.js';
import { jpegDeclaring, PNG, pngDeclaring, tinyPdf } from '../../test/upload-fixtures.js';

let server: TestServer;
let dataDir: string;
let adminToken: string;
let readerToken: string;
let clubId: string;
const bookId = `local-${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'nebab-hostile-upload-'));
  server = await startTestServer({ dataDir, uploadIdleTimeoutMs: 300 });
  const admin = await signUp(server);
  await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
  adminToken = admin.token;
  readerToken = (await signUp(server)).token;
  clubId = (await createClub(server.request, readerToken)).id;
  await server.db
    .insert(books)
    .values({ id: bookId, source: 'local', title: 'Upload target', authors: ['A'], primaryAuthor: 'A' });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Target {
  name: string;
  method: 'PUT' | 'POST';
  path: () => string;
  token: () => string;
  field: string;
  /** Text fields sent before the file. */
  fields?: Record<string, string>;
  file: Buffer;
}

const TARGETS: Target[] = [
  {
    name: 'avatar',
    method: 'PUT',
    path: () => '/api/account/avatar',
    token: () => readerToken,
    field: 'avatar',
    file: PNG,
  },
  {
    name: 'club cover',
    method: 'PUT',
    path: () => `/api/clubs/${clubId}/cover`,
    token: () => readerToken,
    field: 'cover',
    file: PNG,
  },
  {
    name: 'admin book cover',
    method: 'PUT',
    path: () => `/api/admin/books/${bookId}/cover`,
    token: () => adminToken,
    field: 'coverImage',
    file: PNG,
  },
  {
    name: 'Add Ethiopian Book',
    method: 'POST',
    path: () => '/api/admin/books',
    token: () => adminToken,
    field: 'bookFile',
    fields: { title: 'ፍቅር', author: 'ሐዲስ', language: 'am', genre: 'classics' },
    file: tinyPdf(),
  },
];

/** A multipart body whose last (file) part is cut after `cut` bytes: no closing boundary. */
function truncatedBody(target: Target, boundary: string, cut: number): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(target.fields ?? {}))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${target.field}"; filename="f.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    target.file.subarray(0, cut),
  );
  return Buffer.concat(chunks);
}

/** Files this process holds open under the test's data folder. */
async function openFilesUnder(folder: string): Promise<string[]> {
  const open: string[] = [];
  for (const fd of await readdir('/proc/self/fd').catch(() => [])) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (target.startsWith(folder)) open.push(target);
  }
  return open;
}

async function leftovers(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => /\.(partial|upload)$/.test(entry));
}

async function send(target: Target, body: Buffer, contentType: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}${target.path()}`, {
    method: target.method,
    headers: { authorization: `Bearer ${target.token()}`, 'content-type': contentType },
    body,
    // Only so a server that never answers fails the test rather than hanging it; how fast an answer
    // must come is asserted where it matters (`ms`). A burst of 100 on a busy machine takes seconds.
    signal: AbortSignal.timeout(20_000),
  });
  const json = (await response.json()) as ErrorBody;
  return { status: response.status, body: json, ms: performance.now() - started };
}

describe.each(TARGETS)('hostile multipart: $name', (target) => {
  it('answers a body that ends inside the file part with 400 within a second, leaving nothing behind', async () => {
    const boundary = `nebab${randomBytes(8).toString('hex')}`;
    const result = await send(
      target,
      truncatedBody(target, boundary, Math.min(40, target.file.length - 1)),
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe('VALIDATION');
    expect(result.ms).toBeLessThan(1000);
    expect(await openFilesUnder(dataDir)).toEqual([]);
    expect(await leftovers(dataDir)).toEqual([]);
  });

  it('answers 100 truncated bodies in a row without keeping a file open', async () => {
    const boundary = `nebab${randomBytes(8).toString('hex')}`;
    const body = truncatedBody(target, boundary, 20);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => send(target, body, `multipart/form-data; boundary=${boundary}`)),
    );
    expect(new Set(results.map((result) => result.status))).toEqual(new Set([400]));
    expect(await openFilesUnder(dataDir)).toEqual([]);
    expect(await leftovers(dataDir)).toEqual([]);
  });

  it('answers a multipart type without a boundary with 400 in our shape', async () => {
    const boundary = `nebab${randomBytes(8).toString('hex')}`;
    const result = await send(target, truncatedBody(target, boundary, 10), 'multipart/form-data');
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe('VALIDATION');
  });

  it('answers a body whose boundary never appears with 400', async () => {
    const result = await send(
      target,
      Buffer.from('just some bytes, no parts at all'),
      `multipart/form-data; boundary=nebab-missing`,
    );
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe('VALIDATION');
  });
});

describe('a stalled upload', () => {
  it('is dropped after the idle time, closing and removing its partial file', async () => {
    const target = TARGETS[1]!; // the club cover streams to storage as it arrives
    const boundary = `nebab${randomBytes(8).toString('hex')}`;
    const body = truncatedBody(target, boundary, 30);
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = performance.now();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    // Declares far more than it sends, then goes quiet with the connection open.
    socket.write(
      `${target.method} ${target.path()} HTTP/1.1\r\nHost: ${url.host}\r\n` +
        `Authorization: Bearer ${target.token()}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length + 100_000}\r\n\r\n`,
    );
    socket.write(body);
    await closed;
    expect(performance.now() - started).toBeLessThan(2000);
    // The server tidies up after closing the connection: wait for it (a deadline), not for 100 ms.
    await vi.waitFor(
      async () => {
        expect(await openFilesUnder(dataDir)).toEqual([]);
        expect(await leftovers(dataDir)).toEqual([]);
      },
      { timeout: 5000, interval: 20 },
    );
  });
});

describe('image bombs', () => {
  const IMAGE_TARGETS: Array<{
    name: string;
    method: 'PUT' | 'POST';
    path: () => string;
    token: () => string;
    field: string;
    extra?: (form: FormData) => void;
  }> = [
    {
      name: 'avatar',
      method: 'PUT',
      path: () => '/api/account/avatar',
      token: () => readerToken,
      field: 'avatar',
    },
    {
      name: 'club cover',
      method: 'PUT',
      path: () => `/api/clubs/${clubId}/cover`,
      token: () => readerToken,
      field: 'cover',
    },
    {
      name: 'admin book cover',
      method: 'PUT',
      path: () => `/api/admin/books/${bookId}/cover`,
      token: () => adminToken,
      field: 'coverImage',
    },
    {
      name: 'Add Ethiopian Book cover',
      method: 'POST',
      path: () => '/api/admin/books',
      token: () => adminToken,
      field: 'coverImage',
      extra: (form) => {
        for (const [name, value] of Object.entries({
          title: 'ፍቅር',
          author: 'ሐዲስ',
          language: 'am',
          genre: 'classics',
        }))
          form.set(name, value);
        form.set('bookFile', new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }), 'b.pdf');
      },
    },
  ];
  const BOMBS = [
    ['a 1 MB PNG declaring 16000×16000', () => pngDeclaring(16_000, 16_000, 1024 * 1024)],
    ['a PNG declaring 1,000,000×1,000,000', () => pngDeclaring(1_000_000, 1_000_000)],
    ['a JPEG declaring 20000×3000', () => jpegDeclaring(20_000, 3000)],
  ] as const;

  for (const target of IMAGE_TARGETS)
    for (const [what, make] of BOMBS)
      it(`${target.name}: refuses ${what} with a clear 400`, async () => {
        const form = new FormData();
        target.extra?.(form);
        form.set(target.field, new Blob([new Uint8Array(make())], { type: 'image/png' }), 'bomb.png');
        const response = await fetch(`${server.url}${target.path()}`, {
          method: target.method,
          headers: { authorization: `Bearer ${target.token()}`, 'accept-language': 'en' },
          body: form,
          signal: AbortSignal.timeout(5000),
        });
        const body = (await response.json()) as ErrorBody;
        expect(response.status).toBe(400);
        expect(body.error.code).toBe('VALIDATION');
        expect(body.error.message).toBe(
          'The image is too large: at most 6,000 × 6,000 pixels (40 megapixels)',
        );
        expect(body.error.fields?.[target.field]).toBe(body.error.message);
        expect(await leftovers(dataDir)).toEqual([]);
      });
});

import type { ErrorBody } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.js';
import { insertBook } from '../../../test/clubs-helpers.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
let userToken: string;
let bookId: string;

beforeAll(async () => {
  server = await startTestServer();
  userToken = (await signUp(server)).token;
  bookId = await insertBook(server.db, 'Fikir Eske Mekabir');
});
afterAll(() => server?.close());

describe('POST /api/books/:id/reports', () => {
  it('needs a reason, an account and a known book', async () => {
    const path = `/api/books/${bookId}/reports`;
    const blank = await server.request<ErrorBody>(path, { body: { reason: '   ' }, token: userToken });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields?.reason).toBe('Please provide a reason for reporting');
    expect((await server.request(path, { body: { reason: 'spam' } })).status).toBe(401);
    expect(
      (await server.request('/api/books/nope/reports', { body: { reason: 'spam' }, token: userToken }))
        .status,
    ).toBe(404);
    const ok = await server.request<{ id: string; status: string }>(path, {
      body: { reason: 'Wrong author' },
      token: userToken,
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ id: expect.any(String), status: 'open' });
  });

  it('is 404 for a book an admin made inactive', async () => {
    const hidden = await insertBook(server.db, 'Oromay');
    await server.db.update(books).set({ status: 'inactive' }).where(eq(books.id, hidden));
    const res = await server.request(`/api/books/${hidden}/reports`, {
      body: { reason: 'spam' },
      token: userToken,
    });
    expect(res.status).toBe(404);
  });
});

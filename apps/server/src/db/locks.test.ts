import {
  LIST_LIMITS,
  READER_BOOK_LIMITS,
  READER_LIMITS,
  SHELF_LIMITS,
  SUGGESTION_LIMITS,
} from '@nebab/shared';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerBookRow } from '../modules/books/books.match.service.js';
import { signUp, startTestServer, type TestServer } from '../../test/helpers.js';
import { bookLists, bookSuggestions, books, shelves } from './schema/index.js';

/**
 * Every cap of one reader's writes is a count and an insert; `lockCap` queues a reader's writes under a
 * cap so that parallel requests cannot all pass the count. Each cap is filled to two below its bound
 * directly in the database, then asked `BURST` times at once: exactly two pass. (PGlite runs one
 * statement at a time; the PostgreSQL run, with a pool of connections, is where the race was.)
 */
const BURST = 8;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

/** `count` requests at once; the statuses counted. */
async function burst(request: (i: number) => Promise<{ status: number }>, count = BURST) {
  const statuses = (await Promise.all(Array.from({ length: count }, (_, i) => request(i)))).map((r) => r.status);
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return Object.fromEntries(counts);
}

describe('caps hold under parallel requests', () => {
  it(`reader-added books: ${READER_BOOK_LIMITS.perDay} a day`, async () => {
    const reader = await signUp(server);
    const userId = reader.response.user.id;
    await server.db.insert(books).values(
      Array.from({ length: READER_BOOK_LIMITS.perDay - 2 }, (_, i) =>
        readerBookRow(userId, {
          goodreadsId: null,
          isbn13: null,
          isbn10: null,
          title: `Filler ${i}`,
          authors: ['Someone'],
          publisher: null,
          pageCount: null,
          publicationYear: null,
          language: 'en',
        }),
      ),
    );
    const answers = await burst((i) =>
      server.request('/api/books', {
        token: reader.token,
        body: { title: `Parallel book ${i}`, authors: ['Abebe Bikila'], language: 'en' },
      }),
      4 * BURST,
    );
    expect(answers).toEqual({ 201: 2, 429: 4 * BURST - 2 });
  });

  it(`book suggestions: ${SUGGESTION_LIMITS.pendingMax} waiting`, async () => {
    const reader = await signUp(server);
    await server.db.insert(bookSuggestions).values(
      Array.from({ length: SUGGESTION_LIMITS.pendingMax - 2 }, (_, i) => ({
        userId: reader.response.user.id,
        title: `Filler ${i}`,
        author: 'Someone',
        language: 'en',
      })),
    );
    const answers = await burst((i) =>
      server.request('/api/book-suggestions', {
        token: reader.token,
        body: { title: `Suggested ${i}`, author: 'Abebe Bikila', language: 'en' },
      }),
    );
    expect(answers).toEqual({ 201: 2, 429: BURST - 2 });
  });

  it(`lists: ${LIST_LIMITS.perOwnerMax} per reader`, async () => {
    const reader = await signUp(server);
    await server.db.insert(bookLists).values(
      Array.from({ length: LIST_LIMITS.perOwnerMax - 2 }, (_, i) => ({
        ownerId: reader.response.user.id,
        title: `Filler list ${i}`,
      })),
    );
    const answers = await burst((i) =>
      server.request('/api/lists', { token: reader.token, body: { title: `Parallel list ${i}`, mode: 'open' } }),
    );
    expect(answers).toEqual({ 201: 2, 409: BURST - 2 });
  });

  it(`shelves: ${SHELF_LIMITS.perReader} per reader`, async () => {
    const reader = await signUp(server);
    await server.db.insert(shelves).values(
      Array.from({ length: SHELF_LIMITS.perReader - 2 }, (_, i) => ({
        userId: reader.response.user.id,
        name: `Filler shelf ${i}`,
      })),
    );
    const answers = await burst((i) =>
      server.request('/api/shelves', { token: reader.token, body: { name: `Parallel shelf ${i}` } }),
    );
    expect(answers).toEqual({ 201: 2, 409: BURST - 2 });
  });

  it(`follows: ${READER_LIMITS.followingMax} per reader`, async () => {
    const reader = await signUp(server);
    const run = randomUUID();
    await server.db.execute(sql`
      WITH fillers AS (
        INSERT INTO users (name, email)
        SELECT 'Filler ' || g, 'filler-' || g || '-' || ${run} || '@example.org'
        FROM generate_series(1, ${READER_LIMITS.followingMax - 2}) AS g
        RETURNING id
      )
      INSERT INTO follows (follower_id, followee_id, state)
      SELECT ${reader.response.user.id}::uuid, id, 'following' FROM fillers`);
    const targets = await Promise.all(Array.from({ length: BURST }, () => signUp(server)));
    const answers = await burst((i) =>
      server.request(`/api/readers/${targets[i]!.response.user.id}/follow`, {
        token: reader.token,
        method: 'POST',
      }),
    );
    expect(answers).toEqual({ 200: 2, 409: BURST - 2 });
  });
});

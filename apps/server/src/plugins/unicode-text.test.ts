/**
 * Text that is not text (issue 26, "What outside validators found"): a club named with Unicode
 * noncharacters (U+FFFF, U+10FFFF) put 119 errors of the W3C HTML checker on the pages that showed
 * it. Every name and text a reader writes is put in normal form C and refuses noncharacters and lone
 * surrogates with a 400 naming the field, in the reader's language — over REST and over the chat
 * socket alike, since both parse with the same shared schemas.
 */
import type { Club, ClubMessage, ErrorBody, Review } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedSocket, createClub, insertBook, joinRoom, sendMessage } from '../../test/clubs-helpers.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../test/helpers.js';

let server: TestServer;
let token: string;
let club: Club;
let bookId: string;
let reviewId: string;
let topicId: string;

const NONCHARACTERS =
  'This field contains characters that are not text (Unicode noncharacters such as U+FFFF); please remove them';
const LONE_SURROGATE =
  'This field contains a broken character (half of a surrogate pair, such as half an emoji); please type it again';

/** Each kind of text that is not text, with the message it is refused with. */
const BAD: Array<[what: string, text: string, message: string]> = [
  ['U+FFFF', 'Readers\uFFFF club', NONCHARACTERS],
  ['U+10FFFF', 'Readers \u{10FFFF} club', NONCHARACTERS],
  ['U+FDD0', 'Readers \uFDD0 club', NONCHARACTERS],
  ['U+1FFFE', 'Readers \u{1FFFE} club', NONCHARACTERS],
  ['a lone high surrogate', 'Readers \uD83D club', LONE_SURROGATE],
  ['a lone low surrogate', 'Readers \uDE00 club', LONE_SURROGATE],
];

beforeAll(async () => {
  server = await startTestServer();
  token = (await signUp(server)).token;
  club = await createClub(server.request, token);
  bookId = await insertBook(server.db, 'Fikir Eske Mekabir');
  const review = await server.request<Review>(`/api/books/${bookId}/reviews`, {
    token,
    body: { rating: 5, comment: 'A fine book to read twice.' },
  });
  expect(review.status).toBe(201);
  reviewId = review.body.reviewID;
  const topic = await server.request<{ id: string }>(`/api/clubs/${club.id}/topics`, {
    token,
    body: { title: 'Chapter one', body: 'What did you think?' },
  });
  expect(topic.status).toBe(201);
  topicId = topic.body.id;
  expect(
    (await server.request(`/api/reading-list`, { token, body: { bookId, status: 'wantToRead' } })).status,
  ).toBe(201);
  expect(
    (
      await server.request(`/api/reading-list/${bookId}`, {
        method: 'PATCH',
        token,
        body: { status: 'currentlyReading' },
      })
    ).status,
  ).toBe(200);
});
afterAll(() => server?.close());

/** Every route where a reader writes a name or a text, with a body holding `text` in `field`. */
function writes(text: string): Array<{ path: string; method?: string; field: string; body: object }> {
  const password = 'Secret@2024';
  return [
    {
      path: '/api/auth/signup',
      field: 'fullName',
      body: { fullName: text, email: uniqueEmail(), password, confirmPassword: password },
    },
    { path: '/api/account/profile', method: 'PUT', field: 'name', body: { name: text } },
    {
      path: '/api/account/profile',
      method: 'PUT',
      field: 'location',
      body: { name: 'Abebe', location: text },
    },
    { path: '/api/clubs', field: 'name', body: { name: text, visibility: 'public' } },
    { path: '/api/clubs', field: 'description', body: { name: 'Fine club', description: text } },
    { path: `/api/clubs/${club.id}`, method: 'PATCH', field: 'description', body: { description: text } },
    { path: `/api/clubs/${club.id}/topics`, field: 'title', body: { title: text, body: 'A fine body' } },
    { path: `/api/clubs/${club.id}/topics`, field: 'body', body: { title: 'Fine title', body: text } },
    { path: `/api/clubs/${club.id}/topics/${topicId}/replies`, field: 'body', body: { body: text } },
    { path: `/api/books/${bookId}/reviews`, field: 'comment', body: { rating: 4, comment: text } },
    { path: `/api/reviews/${reviewId}`, method: 'PATCH', field: 'comment', body: { comment: text } },
    { path: `/api/reviews/${reviewId}/replies`, field: 'text', body: { text } },
    { path: `/api/books/${bookId}/reports`, field: 'reason', body: { reason: text } },
    { path: '/api/lists', field: 'title', body: { title: text } },
    { path: '/api/lists', field: 'description', body: { title: 'Fine list', description: text } },
    { path: '/api/shelves', field: 'name', body: { name: text } },
    { path: `/api/reading-list/${bookId}/progress`, field: 'note', body: { page: 10, note: text } },
    {
      path: '/api/contact',
      field: 'message',
      body: { name: 'Abebe', email: 'abebe@example.com', subject: 'Hello', message: `${text} and more` },
    },
    {
      path: '/api/contact',
      field: 'name',
      body: { name: text, email: 'abebe@example.com', subject: 'Hello', message: 'A message long enough' },
    },
    {
      path: '/api/book-suggestions',
      field: 'title',
      body: { title: text, author: 'Someone', language: 'en' },
    },
    {
      path: '/api/book-suggestions',
      field: 'note',
      body: { title: 'A title', author: 'Someone', language: 'en', note: text },
    },
    { path: '/api/books', field: 'title', body: { title: text, authors: ['Someone'], language: 'en' } },
  ];
}

describe('noncharacters and lone surrogates', () => {
  it.each(BAD)(
    'are refused (%s) in every name and text a reader writes, naming the field',
    async (_what, text, message) => {
      for (const write of writes(text)) {
        const res = await server.request<ErrorBody>(write.path, {
          method: write.method,
          token: write.path === '/api/auth/signup' ? undefined : token,
          body: write.body,
        });
        expect({ write: `${write.method ?? 'POST'} ${write.path}`, status: res.status }).toEqual({
          write: `${write.method ?? 'POST'} ${write.path}`,
          status: 400,
        });
        expect(res.body.error.code).toBe('VALIDATION');
        expect(res.body.error.fields?.[write.field]).toBe(message);
      }
    },
  );

  it('are refused in Amharic too, and nothing is stored', async () => {
    const before = await server.request<{ items: Club[] }>('/api/clubs?q=Readers', { token });
    const am = await server.request<ErrorBody>('/api/clubs', {
      token,
      lang: 'am',
      body: { name: 'Readers\uFFFF club' },
    });
    expect(am.status).toBe(400);
    expect(am.body.error.fields?.name).toBe(
      'ይህ መስክ ጽሑፍ ያልሆኑ ምልክቶችን (ለምሳሌ U+FFFF ያሉ የዩኒኮድ ፊደል ያልሆኑ ምልክቶች) ይዟል፤ እባክዎ ያስወግዷቸው',
    );
    const lone = await server.request<ErrorBody>('/api/clubs', {
      token,
      lang: 'am',
      body: { name: 'Readers \uD83D club' },
    });
    expect(lone.body.error.fields?.name).toBe('ይህ መስክ የተሰበረ ምልክት (ለምሳሌ የአንድ ኢሞጂ ግማሽ) ይዟል፤ እባክዎ እንደገና ይጻፉት');
    const after = await server.request<{ items: Club[] }>('/api/clubs?q=Readers', { token });
    expect(after.body.items.length).toBe(before.body.items.length);
  });

  it('are refused in a chat message over the socket, in the socket’s language', async () => {
    const socket = await connectedSocket(server.url, token, { lang: 'en' });
    try {
      expect((await joinRoom(socket, club.id)).ok).toBe(true);
      for (const [, text, message] of BAD) {
        const ack = await sendMessage(socket, club.id, text);
        expect(ack).toEqual({ ok: false, code: 'VALIDATION', message });
      }
    } finally {
      socket.disconnect();
    }
    const messages = await server.request<{ items: ClubMessage[] }>(`/api/clubs/${club.id}/messages`, {
      token,
    });
    expect(messages.body.items).toEqual([]);
  });

  it('keep accepting emoji, Ge’ez and mixed scripts (whole surrogate pairs are characters)', async () => {
    const res = await server.request<Club>('/api/clubs', {
      token,
      body: { name: 'የንባብ ክበብ 📚 Addis', description: 'Books 📖 and ቡና ☕' },
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('የንባብ ክበብ 📚 Addis');
  });
});

describe('text not in normal form', () => {
  // "Café" typed with a combining accent (e + U+0301) and Amharic with a decomposed sequence are
  // stored as their composed form, so they show, compare and count as the same text.
  const DECOMPOSED = 'Cafe\u0301 Ame\u0301lie';
  const COMPOSED = 'Café Amélie';

  it('is stored in NFC: club names and descriptions, reviews, replies, lists, profile names', async () => {
    const made = await server.request<Club>('/api/clubs', {
      token,
      body: { name: DECOMPOSED, description: `About ${DECOMPOSED}` },
    });
    expect(made.status).toBe(201);
    expect(made.body.name).toBe(COMPOSED);
    expect(made.body.description).toBe(`About ${COMPOSED}`);
    const read = await server.request<Club>(`/api/clubs/${made.body.id}`, { token });
    expect(read.body.name).toBe(COMPOSED);

    const review = await server.request<Review>(`/api/reviews/${reviewId}`, {
      method: 'PATCH',
      token,
      body: { comment: `Loved ${DECOMPOSED}` },
    });
    expect(review.status).toBe(200);
    expect(review.body.comment).toBe(`Loved ${COMPOSED}`);

    const reply = await server.request<{ text: string }>(`/api/reviews/${reviewId}/replies`, {
      token,
      body: { text: DECOMPOSED },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.text).toBe(COMPOSED);

    const list = await server.request<{ title: string; description: string }>('/api/lists', {
      token,
      body: { title: DECOMPOSED, description: DECOMPOSED },
    });
    expect(list.status).toBe(201);
    expect([list.body.title, list.body.description]).toEqual([COMPOSED, COMPOSED]);

    const profile = await server.request<{ user: { name: string } }>('/api/account/profile', {
      method: 'PUT',
      token,
      body: { name: DECOMPOSED },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.user.name).toBe(COMPOSED);
  });

  it('is normalised before its length is checked (a name at the limit once composed is taken)', async () => {
    // 80 composed characters, 160 code units decomposed: the club name's limit is 80.
    const name = 'e\u0301'.repeat(80);
    const res = await server.request<Club>('/api/clubs', { token, body: { name } });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('é'.repeat(80));
  });

  it('is stored in NFC in a chat message sent over the socket', async () => {
    const socket = await connectedSocket(server.url, token);
    try {
      expect((await joinRoom(socket, club.id)).ok).toBe(true);
      const ack = await sendMessage(socket, club.id, DECOMPOSED);
      expect(ack).toMatchObject({ ok: true, data: { content: COMPOSED } });
    } finally {
      socket.disconnect();
    }
  });
});

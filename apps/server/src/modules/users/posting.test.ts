import type { ErrorBody } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import {
  connectedSocket,
  createClub,
  insertBook,
  joinRoom,
  sendMessage,
  type ChatSocket,
} from '../../../test/clubs-helpers.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import { smtpMailConfig, startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';

/**
 * The site setting "require a verified address to post": off, an unconfirmed reader posts; on, every
 * write path (REST and the chat socket) answers 403 EMAIL_UNVERIFIED until the address is confirmed;
 * admins are exempt.
 */
let smtp: TestSmtpServer;
let server: TestServer;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    mail: smtpMailConfig(smtp, 10),
  });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

type Result = { status: number; body: ErrorBody & { id?: string } };

async function socketFor(token: string, lang?: 'en' | 'am'): Promise<ChatSocket> {
  const socket = await connectedSocket(server.url, token, { lang });
  sockets.push(socket);
  return socket;
}

const setting = (token: string, requireVerifiedToPost: boolean) =>
  server.request('/api/admin/settings', { method: 'PATCH', token, body: { requireVerifiedToPost } });

describe('require a verified address to post', () => {
  it('off: unconfirmed readers post; on: every write refuses them until they confirm; admins are exempt', async () => {
    const admin = await signUp(server, { fullName: 'Site Admin' });
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
    const reader = await signUp(server, { fullName: 'Unconfirmed Reader' });
    expect(reader.response.user.emailVerified).toBe(false);
    const bookA = await insertBook(server.db, 'Fikir Eske Mekabir');
    const bookB = await insertBook(server.db, 'Oromay');
    const bookC = await insertBook(server.db, 'Yeburqa Zimita');

    const as = (token: string, path: string, body: unknown, lang?: 'en' | 'am') =>
      server.request<ErrorBody & { id?: string }>(path, { token, body, lang }) as Promise<Result>;
    const review = (token: string, book: string, lang?: 'en' | 'am') =>
      as(token, `/api/books/${book}/reviews`, { rating: 4, comment: 'A fine read.' }, lang);
    const list = (token: string) => as(token, '/api/lists', { title: `Shelf ${Math.random()}` });

    // Off (the default): the unconfirmed reader writes everywhere.
    expect((await review(reader.token, bookA)).status).toBeLessThan(300);
    expect((await list(reader.token)).status).toBe(201);
    const club = await createClub(server.request, reader.token);
    const topic = await as(reader.token, `/api/clubs/${club.id}/topics`, { title: 'First', body: 'Hello' });
    expect(topic.status).toBe(201);
    const chat = await socketFor(reader.token, 'am');
    expect((await joinRoom(chat, club.id)).ok).toBe(true);
    expect((await sendMessage(chat, club.id, 'Selam')).ok).toBe(true);
    const adminsReview = await review(admin.token, bookB);
    expect(adminsReview.status).toBeLessThan(300);
    const adminsReviewId = adminsReview.body.id;
    expect(adminsReviewId).toBeTypeOf('string');

    expect((await setting(reader.token, true)).status).toBe(403);
    expect((await setting(admin.token, true)).status).toBe(200);
    expect(
      (await server.request<{ requireVerifiedToPost: boolean }>('/api/site')).body.requireVerifiedToPost,
    ).toBe(true);

    // On: each write path refuses, with the code and a translated message.
    const refusals: Result[] = [
      await review(reader.token, bookC),
      await as(reader.token, `/api/reviews/${adminsReviewId}/replies`, { text: 'Agreed' }),
      await list(reader.token),
      await as(reader.token, `/api/clubs/${club.id}/topics`, { title: 'Second', body: 'Again' }),
      await as(reader.token, `/api/clubs/${club.id}/topics/${topic.body.id}/replies`, { body: 'Me too' }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('EMAIL_UNVERIFIED');
      expect(refused.body.error.message).toContain('Please confirm your email address before posting');
    }
    const amharic = await review(reader.token, bookC, 'am');
    expect(amharic.body.error.message).toContain('የኢሜይል አድራሻዎን ያረጋግጡ');
    const socketRefusal = await sendMessage(chat, club.id, 'Selam again');
    expect(socketRefusal).toMatchObject({ ok: false, code: 'EMAIL_UNVERIFIED' });
    if (!socketRefusal.ok) expect(socketRefusal.message).toContain('የኢሜይል አድራሻዎን ያረጋግጡ');

    // The admin has not confirmed either, and posts all the same.
    expect((await review(admin.token, bookC)).status).toBeLessThan(300);
    expect((await list(admin.token)).status).toBe(201);

    // Confirmed through the mailed link: the reader posts again.
    const mail = await smtp.waitFor(
      (m) => m.to.includes(reader.email) && m.parsed.subject === 'Confirm your email address for Nebab',
    );
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(String(mail.parsed.text))?.[1];
    expect((await server.request('/api/auth/email/verify', { body: { token } })).status).toBe(204);
    expect((await review(reader.token, bookC)).status).toBeLessThan(300);
    expect(
      (await as(reader.token, `/api/reviews/${adminsReviewId}/replies`, { text: 'Agreed' })).status,
    ).toBe(201);
    expect((await list(reader.token)).status).toBe(201);
    expect((await sendMessage(chat, club.id, 'Selam again')).ok).toBe(true);

    // Off again: anyone posts.
    expect((await setting(admin.token, false)).status).toBe(200);
    const other = await signUp(server);
    expect((await list(other.token)).status).toBe(201);
  });
});

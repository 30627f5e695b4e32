import type { ContactMessage, ContactMessageList, ErrorBody, NotificationList } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, users } from '../../db/schema/index.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
let adminToken: string;
let secondAdminToken: string;
let reader: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signUp(server, { fullName: 'Admin Person' });
  const secondAdmin = await signUp(server, { fullName: 'Second Admin' });
  for (const email of [admin.email, secondAdmin.email])
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
  adminToken = admin.token;
  secondAdminToken = secondAdmin.token;
  reader = await signUp(server, { fullName: 'Reader Person' });
});
afterAll(() => server?.close());

/** Each call comes from its own IP (X-Forwarded-For is not trusted, so the key is the socket's). */
const send = (body: unknown, options: { token?: string; lang?: 'en' | 'am' } = {}) =>
  server.request<{ id: string; received: true } & ErrorBody>('/api/contact', { body, ...options });

const message = (fields: Record<string, unknown> = {}) => ({
  name: 'Selam Tesfaye',
  email: uniqueEmail('contact'),
  subject: 'A book is missing',
  message: 'Could you add Fikir Eske Mekabir to the catalogue? Many readers ask for it.',
  ...fields,
});

describe('POST /api/contact', () => {
  it('stores the message, records a signed-in sender and notifies every admin', async () => {
    const sent = await send(message({ email: 'Reader.Sender@Example.org' }), {
      token: reader.token,
      lang: 'am',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ id: expect.any(String), received: true });

    const [row] = await server.db.select().from(contactMessages).where(eq(contactMessages.id, sent.body.id));
    expect(row).toMatchObject({
      name: 'Selam Tesfaye',
      email: 'reader.sender@example.org',
      subject: 'A book is missing',
      status: 'new',
      language: 'am',
      userId: reader.response.user.id,
    });

    for (const token of [adminToken, secondAdminToken]) {
      const inbox = await server.request<NotificationList>('/api/notifications', { token });
      const found = inbox.body.items.find((item) => item.data.contactMessageId === sent.body.id);
      expect(found).toMatchObject({
        kind: 'contactMessage',
        status: 'unread',
        actor: { id: reader.response.user.id, name: 'Reader Person' },
        data: {
          senderName: 'Selam Tesfaye',
          senderEmail: 'reader.sender@example.org',
          subject: 'A book is missing',
          excerpt: expect.stringContaining('Fikir Eske Mekabir'),
        },
      });
    }
    // A reader is not told.
    const readerInbox = await server.request<NotificationList>('/api/notifications', { token: reader.token });
    expect(readerInbox.body.items.some((item) => item.kind === 'contactMessage')).toBe(false);
  });

  it('accepts visitors without an account', async () => {
    const sent = await send(message());
    expect(sent.status).toBe(201);
    const [row] = await server.db.select().from(contactMessages).where(eq(contactMessages.id, sent.body.id));
    expect(row?.userId).toBeNull();
  });

  it('names every missing or bad field, in the reader’s language', async () => {
    const empty = await send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({
      name: 'Please tell us your name',
      email: 'Email is required',
      subject: 'Please add a subject',
      message: 'Please write your message',
    });
    const amharic = await send(message({ email: 'not-an-email', message: 'short' }), { lang: 'am' });
    expect(amharic.status).toBe(400);
    expect(amharic.body.error.fields?.message).toBe('እባክዎ ቢያንስ 10 ፊደላት ይጻፉ');
    expect(amharic.body.error.fields?.email).toMatch(/[\u1200-\u137F]/);
    expect((await send(message({ message: 'x'.repeat(5001) }))).body.error.fields?.message).toBe(
      'The message can be at most 5,000 characters',
    );
  });
});

describe('rate limit', () => {
  it('refuses a fourth message from one email within the hour with 429 and Retry-After, stored nothing', async () => {
    const limited = await startTestServer();
    try {
      const email = uniqueEmail('repeat');
      for (let i = 0; i < 3; i += 1) {
        const ok = await limited.request('/api/contact', { body: message({ email }) });
        expect(ok.status).toBe(201);
      }
      const refused = await limited.request<ErrorBody>('/api/contact', {
        body: message({ email }),
        lang: 'am',
      });
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('RATE_LIMITED');
      expect(refused.body.error.message).toMatch(/[\u1200-\u137F]/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const stored = await limited.db.select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(stored).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('refuses a sixth message from one IP within the hour, whatever the email', async () => {
    const limited = await startTestServer();
    try {
      for (let i = 0; i < 5; i += 1)
        expect((await limited.request('/api/contact', { body: message() })).status).toBe(201);
      const refused = await limited.request<ErrorBody>('/api/contact', { body: message() });
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe(
        'You have sent several messages in a short time. Please wait a while before sending another.',
      );
    } finally {
      await limited.close();
    }
  });
});

describe('the admins’ inbox', () => {
  it('lists messages newest first, filters by status, shows one and marks it handled', async () => {
    const first = await send(message({ subject: 'First subject' }));
    const second = await send(message({ subject: 'Second subject' }));
    const list = await server.request<ContactMessageList>('/api/admin/contact-messages?pageSize=2', {
      token: adminToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body.total).toBeGreaterThanOrEqual(2);
    expect(list.body.newCount).toBe(list.body.total);

    const one = await server.request<ContactMessage>(`/api/admin/contact-messages/${first.body.id}`, {
      token: adminToken,
    });
    expect(one.body).toMatchObject({ subject: 'First subject', status: 'new', handledAt: null });

    const handled = await server.request<ContactMessage>(`/api/admin/contact-messages/${first.body.id}`, {
      method: 'PATCH',
      token: adminToken,
      body: { status: 'handled' },
    });
    expect(handled.body).toMatchObject({ status: 'handled', handledAt: expect.any(String) });
    const onlyNew = await server.request<ContactMessageList>('/api/admin/contact-messages?status=new', {
      token: adminToken,
    });
    expect(onlyNew.body.items.some((item) => item.id === first.body.id)).toBe(false);
    expect(onlyNew.body.newCount).toBe(list.body.newCount - 1);
  });

  it('is for admins only', async () => {
    expect((await server.request('/api/admin/contact-messages')).status).toBe(401);
    expect((await server.request('/api/admin/contact-messages', { token: reader.token })).status).toBe(403);
    const missing = await server.request('/api/admin/contact-messages/00000000-0000-4000-8000-000000000000', {
      token: adminToken,
    });
    expect(missing.status).toBe(404);
  });
});

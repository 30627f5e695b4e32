import type { ErrorBody, NewsletterIssue } from '@nebab/shared';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterIssues, newsletterSubscriptions, users } from '../../db/schema/index.js';
import {
  mailedLink,
  smtpMailConfig,
  startSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '../../../test/smtp-server.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/helpers.js';

/** One server (and one SMTP server) for the file: subscribe → confirm → issues → unsubscribe. */
let smtp: TestSmtpServer;
let server: TestServer;
let adminToken: string;
let readerToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    mail: smtpMailConfig(smtp, 5),
  });
  const admin = await signUp(server, { fullName: 'Admin Person' });
  await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
  adminToken = admin.token;
  readerToken = (await signUp(server)).token;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** The token of the link to `pathname` in a mail (text and HTML parts alike). */
const tokenIn = (mail: ReceivedMail, pathname: string): string =>
  mailedLink(mail, server.config.publicUrl, pathname).token;

const mailTo = (to: string, subject: string) =>
  smtp.waitFor((m) => m.to.includes(to) && m.parsed.subject === subject);

/** Subscribes and confirms through the mailed link; answers the address. */
async function confirmedSubscriber(language: 'en' | 'am'): Promise<string> {
  const email = uniqueEmail(`nl-${language}`);
  const answer = await server.request('/api/newsletter', { body: { email, language } });
  expect(answer.status).toBe(202);
  const subject =
    language === 'am' ? 'የነባብ ጋዜጣ ምዝገባዎን ያረጋግጡ' : 'Confirm your subscription to the Nebab newsletter';
  const token = tokenIn(await mailTo(email, subject), '/newsletter/confirm');
  expect((await server.request('/api/newsletter/confirm', { body: { token } })).status).toBe(204);
  return email;
}

async function writeIssue(tag: string): Promise<NewsletterIssue> {
  const created = await server.request<NewsletterIssue>('/api/admin/newsletter/issues', {
    token: adminToken,
    body: {
      subject: { en: `News ${tag}`, am: `ዜና ${tag}` },
      body: { en: `First <b>paragraph</b>.\n\nSecond ${tag}.`, am: `የመጀመሪያ አንቀጽ።\n\nሁለተኛ ${tag}።` },
    },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ status: 'draft', total: 0, sent: 0, failed: 0, sentAt: null });
  return created.body;
}

/** Sends the issue and waits until the outbox delivered all of it (polling the admin's view). */
async function sendAndFinish(issue: NewsletterIssue): Promise<NewsletterIssue> {
  const sent = await server.request<NewsletterIssue>(`/api/admin/newsletter/issues/${issue.id}/send`, {
    token: adminToken,
    method: 'POST',
  });
  expect(sent.status).toBe(202);
  expect(sent.body.status).toBe('sending');
  for (;;) {
    const now = await server.request<NewsletterIssue>(`/api/admin/newsletter/issues/${issue.id}`, {
      token: adminToken,
    });
    if (now.body.status === 'sent' && now.body.sent + now.body.failed === now.body.total) return now.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the newsletter', () => {
  it('answers 202 alike for new, pending and confirmed addresses; a confirmed one gets no new link', async () => {
    const email = await confirmedSubscriber('en');
    const pending = uniqueEmail('nl-pending');
    const answers = await Promise.all(
      [email, pending, pending.toUpperCase()].map((address) =>
        server.request('/api/newsletter', { body: { email: address } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    const rows = await server.db.select().from(newsletterSubscriptions);
    expect(rows.filter((r) => r.email === pending)).toHaveLength(1);
    const stored = rows.find((r) => r.email === email)!;
    expect(stored.confirmedAt).not.toBeNull();
    expect(stored.confirmTokenHash).toBeNull();
  });

  it('refuses an unknown or used confirmation link (translated), and validates the address', async () => {
    const unknown = await server.request<ErrorBody>('/api/newsletter/confirm', {
      body: { token: 'x'.repeat(43) },
      lang: 'am',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields?.token).toBe('ይህ አገናኝ ልክ ያልሆነ፣ ጥቅም ላይ የዋለ ወይም ጊዜው ያለፈበት ነው። አዲስ ይጠይቁ።');
    const email = uniqueEmail('nl-twice');
    await server.request('/api/newsletter', { body: { email } });
    const token = tokenIn(
      await mailTo(email, 'Confirm your subscription to the Nebab newsletter'),
      '/newsletter/confirm',
    );
    expect((await server.request('/api/newsletter/confirm', { body: { token } })).status).toBe(204);
    const again = await server.request<ErrorBody>('/api/newsletter/confirm', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('VALIDATION');
    const bad = await server.request<ErrorBody>('/api/newsletter', { body: { email: 'not-an-email' } });
    expect(bad.body.error.fields?.email).toBe('Invalid email format');
  });

  it('sends an issue to confirmed addresses only, each in its language, with one-click unsubscribe', async () => {
    const english = await confirmedSubscriber('en');
    const amharic = await confirmedSubscriber('am');
    const pending = uniqueEmail('nl-unconfirmed');
    await server.request('/api/newsletter', { body: { email: pending } });
    await mailTo(pending, 'Confirm your subscription to the Nebab newsletter');

    const issue = await writeIssue('one');
    const done = await sendAndFinish(issue);
    expect(done.failed).toBe(0);
    expect(done.sentAt).not.toBeNull();
    const en = await mailTo(english, 'News one');
    const am = await mailTo(amharic, 'ዜና one');
    expect(String(en.parsed.text)).toContain('First <b>paragraph</b>.');
    expect(String(en.parsed.html)).toContain('First &lt;b&gt;paragraph&lt;/b&gt;.');
    expect(String(am.parsed.text)).toContain('ሁለተኛ one።');
    expect(smtp.received.some((m) => m.to.includes(pending) && m.parsed.subject === 'News one')).toBe(false);
    const confirmed = (await server.db.select().from(newsletterSubscriptions)).filter((r) => r.confirmedAt);
    expect(done.total).toBe(confirmed.length);
    expect(done.sent).toBe(done.total);

    // The headers of RFC 8058, and the same link in the footer.
    const token = tokenIn(en, '/newsletter/unsubscribe');
    const link = `${server.config.publicUrl}/newsletter/unsubscribe?token=${token}`;
    expect(en.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(`List-Unsubscribe: <${link}>`);
    expect(en.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // A second send of the same issue: 409.
    const twice = await server.request<ErrorBody>(`/api/admin/newsletter/issues/${issue.id}/send`, {
      token: adminToken,
      method: 'POST',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This issue is already being sent or has been sent');

    // One-click, as a mail client does it: a form POST to the link itself, no session.
    const oneClick = await fetch(`${server.url}/newsletter/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(204);
    // Only that route takes a form: the API's own unsubscribe wants JSON.
    const form = await fetch(`${server.url}/api/newsletter/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    });
    expect(form.status).toBe(415);
    const rows = await server.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, english));
    expect(rows).toHaveLength(0);

    // The next issue skips the address.
    await sendAndFinish(await writeIssue('two'));
    await mailTo(amharic, 'ዜና two');
    expect(smtp.received.some((m) => m.to.includes(english) && m.parsed.subject === 'News two')).toBe(false);

    // The page's button: the Amharic reader leaves too; the link then is spent.
    const amToken = tokenIn(am, '/newsletter/unsubscribe');
    const button = await server.request('/api/newsletter/unsubscribe', { body: { token: amToken } });
    expect(button.status).toBe(204);
    const spent = await server.request<ErrorBody>('/api/newsletter/unsubscribe', {
      body: { token: amToken },
    });
    expect(spent.status).toBe(400);
  });

  it('goes on after the cursor when the job sending an issue died with its node', async () => {
    await confirmedSubscriber('en');
    await confirmedSubscriber('am');
    const issue = await writeIssue('resumed');
    const confirmed = await server.db
      .select()
      .from(newsletterSubscriptions)
      .where(isNotNull(newsletterSubscriptions.confirmedAt))
      .orderBy(asc(newsletterSubscriptions.id));
    expect(confirmed.length).toBeGreaterThanOrEqual(2);
    const [first, ...rest] = confirmed;
    // A node took the issue, queued the first subscriber's message and died: its claim went stale.
    await server.db
      .update(newsletterIssues)
      .set({
        status: 'sending',
        sendStartedAt: new Date(),
        total: confirmed.length,
        queued: 1,
        cursor: first!.id,
        claimedAt: new Date(Date.now() - 10 * 60 * 1000),
      })
      .where(eq(newsletterIssues.id, issue.id));
    await server.app.services.newsletter.resumeSending();
    for (const subscriber of rest)
      await mailTo(subscriber.email, subscriber.language === 'am' ? 'ዜና resumed' : 'News resumed');
    for (;;) {
      const now = await server.request<NewsletterIssue>(`/api/admin/newsletter/issues/${issue.id}`, {
        token: adminToken,
      });
      if (now.body.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const subjects = ['News resumed', 'ዜና resumed'];
    expect(
      smtp.received.filter((m) => subjects.includes(String(m.parsed.subject))).map((m) => m.to[0]),
    ).not.toContain(first!.email);
    expect(
      (
        await server.request(`/api/admin/newsletter/issues/${issue.id}/send`, {
          token: adminToken,
          method: 'POST',
        })
      ).status,
    ).toBe(409);
  });

  it('lets only admins write, read and send issues', async () => {
    const issue = await writeIssue('admin');
    const list = await server.request<{ items: NewsletterIssue[] }>('/api/admin/newsletter/issues', {
      token: adminToken,
    });
    expect(list.body.items[0]?.id).toBe(issue.id);
    const body = { subject: { en: 'x', am: 'x' }, body: { en: 'x', am: 'x' } };
    for (const [path, method] of [
      ['/api/admin/newsletter/issues', 'POST'],
      ['/api/admin/newsletter/issues', 'GET'],
      [`/api/admin/newsletter/issues/${issue.id}`, 'GET'],
      [`/api/admin/newsletter/issues/${issue.id}/send`, 'POST'],
    ] as const) {
      const asReader = await server.request(path, {
        method,
        token: readerToken,
        body: method === 'POST' ? body : undefined,
      });
      expect(asReader.status, `${method} ${path}`).toBe(403);
    }
    const blank = await server.request<ErrorBody>('/api/admin/newsletter/issues', {
      token: adminToken,
      body: { subject: { en: ' ', am: 'ዜና' }, body: { en: 'x', am: 'x' } },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error.code).toBe('VALIDATION');
    expect(Object.values(blank.body.error.fields ?? {})).toContain('Please write the subject');
    const missing = await server.request(
      '/api/admin/newsletter/issues/00000000-0000-4000-8000-000000000000',
      {
        token: adminToken,
      },
    );
    expect(missing.status).toBe(404);
  });
});

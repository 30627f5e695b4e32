import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MailList } from '@nebab/shared';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { mailMessages } from '../../db/schema/index.js';
import { silentLogger } from '../../lib/logger.js';
import { smtpMailConfig, startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { startTestServer, uniqueEmail, type TestServer } from '../../../test/helpers.js';
import { createMailTransport } from './mail.transport.js';
import { loadMailTemplates } from './mail.templates.js';

const ADMIN_PASSWORD = 'Admin@2024pass';
let smtp: TestSmtpServer;
let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer({
    refuse: (recipient) => (recipient.startsWith('bounce') ? 550 : undefined),
  });
  const adminEmail = uniqueEmail('mail-admin');
  server = await startTestServer({
    adminEmail,
    adminPassword: ADMIN_PASSWORD,
    mail: smtpMailConfig(smtp, 3),
  });
  const login = await server.request<{ token: string }>('/api/auth/login', {
    body: { email: adminEmail, password: ADMIN_PASSWORD },
  });
  adminToken = login.body.token;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const verifyData = (email: string) => ({
  name: 'Abebe <b>Bikila</b>',
  email,
  link: `${server.config.publicUrl}/verify-email?token=abc`,
  hours: 48,
});

describe('mail over SMTP', () => {
  it('delivers a multipart message in the reader’s language with Message-ID, Date and absolute links', async () => {
    const to = uniqueEmail('amharic');
    expect(
      await server.app.services.mail.send('verify-email', { to, language: 'am', data: verifyData(to) }),
    ).toBe(true);
    const mail = await smtp.waitFor((m) => m.to.includes(to));
    const { parsed } = mail;
    expect(parsed.subject).toBe('የነባብ ኢሜይል አድራሻዎን ያረጋግጡ');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Nebab', address: 'no-reply@nebab.test' });
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@127\.0\.0\.1>$/);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/im);
    expect(parsed.text).toContain(`${server.config.publicUrl}/verify-email?token=abc`);
    expect(parsed.text).toContain('ሰላም Abebe <b>Bikila</b>');
    expect(parsed.html).toContain('lang="am"');
    // Escaped in HTML, and no remote image or resource of any kind.
    expect(parsed.html).toContain('Abebe &lt;b&gt;Bikila&lt;/b&gt;');
    expect(parsed.html).not.toMatch(/<img|<link|url\(|src=/i);
    for (const href of String(parsed.html).matchAll(/href="([^"]+)"/g))
      expect(href[1]?.replace(/&#x3D;/g, '=')).toMatch(
        new RegExp(`^${server.config.publicUrl.replace(/\./g, '\\.')}(/|$)`),
      );
  });

  it('carries a one-click unsubscribe (RFC 8058) and an attachment when the sender gives them', async () => {
    const to = uniqueEmail('list');
    const unsubscribeUrl = `${server.config.publicUrl}/api/newsletter/unsubscribe?token=t0k`;
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    await server.app.services.mail.send('verify-email', {
      to,
      language: 'en',
      data: verifyData(to),
      unsubscribeUrl,
      attachments: [{ filename: 'meeting.ics', contentType: 'text/calendar; method=PUBLISH', content: ics }],
    });
    const { parsed, raw } = await smtp.waitFor((m) => m.to.includes(to));
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // Headers unfolded (RFC 5322 §2.2.3: a long one continues on the next line after CRLF + space).
    expect(raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(parsed.text).toContain(`Unsubscribe with one click, no sign-in needed: ${unsubscribeUrl}`);
    expect(parsed.html).toContain('Unsubscribe</a>');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({ filename: 'meeting.ics', contentType: 'text/calendar' });
    expect(parsed.attachments[0]?.content.toString('utf8')).toBe(ics);
    // A mail without them keeps the "if it was not you" footer and has no list headers.
    const plain = uniqueEmail('plain');
    await server.app.services.mail.send('verify-email', {
      to: plain,
      language: 'en',
      data: verifyData(plain),
    });
    const other = await smtp.waitFor((m) => m.to.includes(plain));
    expect(other.raw).not.toMatch(/^List-Unsubscribe/im);
    expect(other.parsed.text).toContain('If it was not you, you can ignore it.');
  });

  it('records a permanent refusal (5xx) for admins and keeps delivering the rest', async () => {
    const bounce = `bounce-${uniqueEmail()}`;
    const good = uniqueEmail('after-bounce');
    await server.app.services.mail.send('verify-email', {
      to: bounce,
      language: 'en',
      data: verifyData(bounce),
    });
    await server.app.services.mail.send('verify-email', { to: good, language: 'en', data: verifyData(good) });
    const delivered = await smtp.waitFor((m) => m.to.includes(good));
    expect(delivered.parsed.subject).toBe('Confirm your email address for Nebab');
    // Delivered side by side (a batch of the queue): the refusal is recorded when its attempt ends.
    const failedList = () => server.request<MailList>('/api/admin/mail?status=failed', { token: adminToken });
    await expect
      .poll(async () => (await failedList()).body.items.some((m) => m.recipient === bounce), {
        timeout: 10_000,
      })
      .toBe(true);
    const failed = await failedList();
    expect(failed.status).toBe(200);
    const item = failed.body.items.find((m) => m.recipient === bounce);
    expect(item).toMatchObject({ status: 'failed', attempts: 1, kind: 'verify-email' });
    expect(item?.lastError).toMatch(/^550/);
    expect(failed.body.items.every((m) => m.status === 'failed')).toBe(true);
    expect(JSON.stringify(failed.body)).not.toContain('token=');
    const reader = await server.request('/api/admin/mail', { token: await signUpToken() });
    expect(reader.status).toBe(403);
    expect((await server.request('/api/admin/mail')).status).toBe(401);
  });

  it('sends at most the limit to one address per window', async () => {
    const to = uniqueEmail('flooded');
    const sent: boolean[] = [];
    for (let i = 0; i < 5; i += 1)
      sent.push(
        await server.app.services.mail.send('verify-email', { to, language: 'en', data: verifyData(to) }),
      );
    expect(sent).toEqual([true, true, true, false, false]);
    const rows = await server.db
      .select()
      .from(mailMessages)
      .where(inArray(mailMessages.recipient, [to]));
    expect(rows).toHaveLength(3);
  });

  it('delivers every queued mail exactly once when the mail server stops mid-way and comes back', async () => {
    const recipients = Array.from({ length: 6 }, (_, i) => uniqueEmail(`outage-${i}`));
    const ours = () => smtp.received.filter((m) => recipients.includes(m.to[0] ?? ''));
    // The server stops as soon as the second of them arrived (its connections dropped).
    const stopped = smtp.waitFor(() => ours().length >= 2).then(() => smtp.stop());
    for (const to of recipients)
      await server.app.services.mail.send('verify-email', { to, language: 'en', data: verifyData(to) });
    await stopped;
    // A delivery is tried against the stopped server and fails; then the server comes back.
    await smtp.nextRefusal();
    await smtp.start();
    await smtp.waitFor(() => ours().length >= recipients.length);
    expect(
      ours()
        .map((m) => m.to[0])
        .sort(),
    ).toEqual([...recipients].sort());
    const rows = await server.db
      .select()
      .from(mailMessages)
      .where(inArray(mailMessages.recipient, recipients));
    expect(rows.some((row) => row.attempts > 1)).toBe(true);
    expect(new Set(ours().map((m) => m.parsed.messageId)).size).toBe(recipients.length);
  });
});

async function signUpToken(): Promise<string> {
  const email = uniqueEmail('not-admin');
  const result = await server.request<{ token: string }>('/api/auth/signup', {
    body: { fullName: 'Almaz Ayana', email, password: 'Secret@2024', confirmPassword: 'Secret@2024' },
  });
  return result.body.token;
}

describe('mail without SMTP_URL', () => {
  it('writes each message whole as an .eml file in DATA_DIR/mail and names it in the log', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nebab-mail-'));
    const lines: unknown[] = [];
    const logger = { ...silentLogger, info: (...args: unknown[]) => void lines.push(args) };
    const transport = createMailTransport(
      { from: 'Nebab <no-reply@localhost>', rateLimit: { perAddress: 5, windowMs: 1000 } },
      dataDir,
      logger as typeof silentLogger,
    );
    expect(transport.kind).toBe('file');
    const rendered = loadMailTemplates().render(
      'password-reset',
      'en',
      { name: 'Abebe', email: 'abebe@example.org', link: 'http://localhost:3000/reset-password?token=x' },
      'http://localhost:3000',
    );
    await transport.deliver({
      to: 'abebe@example.org',
      ...rendered,
      messageId: '<11111111-2222-3333-4444-555555555555@localhost>',
      date: new Date('2026-01-02T03:04:05Z'),
      language: 'en',
    });
    transport.close();
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toEqual(['2026-01-02T03-04-05-000Z-11111111-2222-3333-4444-555555555555.eml']);
    const parsed = await simpleParser(await readFile(path.join(dataDir, 'mail', files[0]!)));
    expect(parsed.subject).toBe('Reset your Nebab password');
    expect(parsed.messageId).toBe('<11111111-2222-3333-4444-555555555555@localhost>');
    expect(parsed.date?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parsed.text).toContain('http://localhost:3000/reset-password?token=x');
    expect(parsed.html).toContain('href="http://localhost:3000/reset-password?token&#x3D;x"');
    expect(JSON.stringify(lines)).toContain(files[0]);
  });
});

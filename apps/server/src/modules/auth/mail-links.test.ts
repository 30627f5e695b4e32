import type { ErrorBody, MeResponse } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authTokens, mailMessages, users } from '../../db/schema/index.js';
import { mailedLink, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp-server.js';
import { useMailTestServer } from '../../../test/mail-test-server.js';
import { GOOD_PASSWORD, signUp, uniqueEmail, type TestServer } from '../../../test/helpers.js';

let smtp: TestSmtpServer;
let server: TestServer;

const mail = useMailTestServer(5);
beforeAll(() => {
  ({ smtp, server } = mail);
});

/** The mail to `to` whose subject is `subject` (waits for it). */
const mailTo = mail.mailTo;

/** The token of the link to `pathname` in a mail (text and HTML parts alike). */
const tokenIn = (mail: ReceivedMail, pathname: string): string =>
  mailedLink(mail, server.config.publicUrl, pathname).token;

const login = (email: string, password: string) =>
  server.request<{ token: string } & ErrorBody>('/api/auth/login', { body: { email, password } });

const NEW_PASSWORD = 'Fresh@Start99';

describe('forgot password', () => {
  it('answers 202 alike for an unknown address and a known one; only the account receives a link', async () => {
    const reader = await signUp(server);
    const stranger = uniqueEmail('nobody');
    const unknown = await server.request('/api/auth/password/forgot', { body: { email: stranger } });
    const known = await server.request('/api/auth/password/forgot', { body: { email: reader.email } });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(unknown.text).toBe(known.text);
    // One worker takes the requests in order: when the second one's mail is here, the first was handled.
    const mail = await mailTo(reader.email, 'Reset your Nebab password');
    expect(smtp.received.some((m) => m.to.includes(stranger))).toBe(false);
    expect(tokenIn(mail, '/reset-password')).toHaveLength(43);
    const stored = await server.db.select().from(authTokens).where(eq(authTokens.purpose, 'password-reset'));
    expect(stored.map((row) => row.tokenHash)).not.toContain(tokenIn(mail, '/reset-password'));
  });

  it('resets once: the new password works, the old does not, every session ends, the link is spent', async () => {
    const reader = await signUp(server);
    const other = await login(reader.email, reader.password);
    await server.request('/api/auth/password/forgot', { body: { email: reader.email }, lang: 'am' });
    const mail = await mailTo(reader.email, 'የነባብ የይለፍ ቃልዎን ይቀይሩ');
    const token = tokenIn(mail, '/reset-password');

    const weak = await server.request<ErrorBody>('/api/auth/password/reset', {
      body: { token, password: 'short' },
    });
    expect(weak.status).toBe(400);
    const reset = await server.request('/api/auth/password/reset', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(204);
    expect((await login(reader.email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(reader.email, reader.password)).status).toBe(401);
    for (const session of [reader.token, other.body.token])
      expect((await server.request('/api/auth/me', { token: session })).status).toBe(401);

    const again = await server.request<ErrorBody>('/api/auth/password/reset', {
      body: { token, password: 'Another@Pass1' },
      lang: 'am',
    });
    expect(again.status).toBe(400);
    expect(again.body.error.fields?.token).toBe('ይህ አገናኝ ልክ ያልሆነ፣ ጥቅም ላይ የዋለ ወይም ጊዜው ያለፈበት ነው። አዲስ ይጠይቁ።');
    const unknown = await server.request<ErrorBody>('/api/auth/password/reset', {
      body: { token: 'x'.repeat(43), password: NEW_PASSWORD },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields?.token).toBe(
      'This link is invalid, used or expired. Ask for a new one.',
    );
  });

  it('refuses a link older than an hour', async () => {
    const reader = await signUp(server);
    await server.request('/api/auth/password/forgot', { body: { email: reader.email } });
    const token = tokenIn(await mailTo(reader.email, 'Reset your Nebab password'), '/reset-password');
    const [account] = await server.db.select().from(users).where(eq(users.email, reader.email));
    await server.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, account!.id));
    const expired = await server.request('/api/auth/password/reset', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(expired.status).toBe(400);
    expect((await login(reader.email, reader.password)).status).toBe(200);
  });

  it('tells an account with only Google sign-in to sign in with Google', async () => {
    const email = uniqueEmail('google-only');
    await server.db.insert(users).values({
      name: 'Tirunesh Dibaba',
      email,
      passwordHash: null,
      authProvider: 'google',
      googleId: `sub-${email}`,
      language: 'en',
    });
    expect((await server.request('/api/auth/password/forgot', { body: { email } })).status).toBe(202);
    const mail = await mailTo(email, 'Signing in to Nebab');
    expect(String(mail.parsed.text)).toContain('you sign in with Google');
    expect(String(mail.parsed.text)).toContain(`${server.config.publicUrl}/login`);
    expect(String(mail.parsed.text)).not.toContain('token=');
  });

  it('sends the link to a confirmed recovery email too, never to an unconfirmed one', async () => {
    const reader = await signUp(server);
    const recovery = uniqueEmail('recovery');
    const set = await server.request('/api/account/recovery-email', {
      method: 'PUT',
      token: reader.token,
      body: { recoveryEmail: recovery },
    });
    expect(set.status).toBe(200);
    const confirm = await mailTo(recovery, 'Confirm your recovery email for Nebab');
    expect(String(confirm.parsed.text)).toContain(`recovery address of your Nebab account ${reader.email}`);

    // Before it is confirmed, only the login address receives the reset link.
    await server.request('/api/auth/password/forgot', { body: { email: reader.email } });
    await mailTo(reader.email, 'Reset your Nebab password');
    // (The recovery address is queued first: once the login address has its mail, it would have one.)
    const queued = await server.db.select().from(mailMessages).where(eq(mailMessages.recipient, recovery));
    expect(queued.map((row) => row.kind)).toEqual(['recovery-verify']);

    expect(
      (await server.request('/api/auth/email/verify', { body: { token: tokenIn(confirm, '/verify-email') } }))
        .status,
    ).toBe(204);
    const security = await server.request<{ recoveryEmailVerified: boolean }>('/api/account/security', {
      token: reader.token,
    });
    expect(security.body.recoveryEmailVerified).toBe(true);

    await server.request('/api/auth/password/forgot', { body: { email: reader.email } });
    const toRecovery = await mailTo(recovery, 'Reset your Nebab password');
    expect(toRecovery.parsed.text).toContain(reader.email);
    const token = tokenIn(toRecovery, '/reset-password');
    expect(
      (await server.request('/api/auth/password/reset', { body: { token, password: NEW_PASSWORD } })).status,
    ).toBe(204);
  });
});

describe('verified addresses', () => {
  it('mails a link on sign-up; the link confirms the address once; /me tells', async () => {
    const reader = await signUp(server);
    expect(reader.response.user.emailVerified).toBe(false);
    const mail = await mailTo(reader.email, 'Confirm your email address for Nebab');
    const token = tokenIn(mail, '/verify-email');

    const resend = await server.request('/api/auth/email/resend', { method: 'POST', token: reader.token });
    expect(resend.status).toBe(202);
    const second = await smtp.waitFor(
      (m) =>
        m.to.includes(reader.email) &&
        m.parsed.subject === 'Confirm your email address for Nebab' &&
        m !== mail,
    );
    expect(tokenIn(second, '/verify-email')).not.toBe(token);

    expect((await server.request('/api/auth/email/verify', { body: { token } })).status).toBe(204);
    const me = await server.request<MeResponse>('/api/auth/me', { token: reader.token });
    expect(me.body.user.emailVerified).toBe(true);
    const again = await server.request<ErrorBody>('/api/auth/email/verify', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('VALIDATION');
    // A reset link is no confirmation link, and the other way round.
    const wrongKind = await server.request('/api/auth/password/reset', {
      body: { token: tokenIn(second, '/verify-email'), password: NEW_PASSWORD },
    });
    expect(wrongKind.status).toBe(400);
    expect((await server.request('/api/auth/email/resend', { method: 'POST' })).status).toBe(401);
  });

  it('writes the confirmation mail in the language the reader signed up in', async () => {
    const email = uniqueEmail('amharic-signup');
    const result = await server.request('/api/auth/signup', {
      lang: 'am',
      body: {
        fullName: 'Haile Gebrselassie',
        email,
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
      },
    });
    expect(result.status).toBe(201);
    const mail = await mailTo(email, 'የነባብ ኢሜይል አድራሻዎን ያረጋግጡ');
    expect(String(mail.parsed.text)).toContain('ሰላም Haile Gebrselassie');
  });
});

describe('leaving', () => {
  it('confirms a deleted account by mail, to the address it had', async () => {
    const reader = await signUp(server, { fullName: 'Tirunesh Dibaba' });
    const deleted = await server.request('/api/account', {
      method: 'DELETE',
      token: reader.token,
      body: { password: reader.password },
    });
    expect(deleted.status).toBe(204);
    const mail = await mailTo(reader.email, 'Your Nebab account is deleted');
    expect(String(mail.parsed.text)).toContain(`Your Nebab account ${reader.email} is deleted`);
    expect(String(mail.parsed.html)).toContain(`href="${server.config.publicUrl}/"`);
    expect((await login(reader.email, reader.password)).status).toBe(401);
  });
});

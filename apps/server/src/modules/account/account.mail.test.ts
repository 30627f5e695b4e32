import type { ErrorBody, MeResponse } from '@nebab/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authTokens, mailMessages, users } from '../../db/schema/index.js';
import { mailedLink, type ReceivedMail } from '../../../test/smtp-server.js';
import { useMailTestServer } from '../../../test/mail-test-server.js';
import { signUp, uniqueEmail, type TestServer } from '../../../test/helpers.js';

/** Email change and the deletion of a Google-only account: both finish through a mailed link. */

let server: TestServer;

const mail = useMailTestServer(10);
beforeAll(() => {
  ({ server } = mail);
});

const mailTo = mail.mailTo;

/** The token of the link to `pathname` in a mail (text and HTML parts alike). */
const tokenIn = (mail: ReceivedMail, pathname: string): string =>
  mailedLink(mail, server.config.publicUrl, pathname).token;

const login = (email: string, password: string) =>
  server.request<{ token: string } & ErrorBody>('/api/auth/login', { body: { email, password } });

const changeEmail = (token: string, body: Record<string, unknown>, lang?: 'en' | 'am') =>
  server.request<ErrorBody & { accepted?: true }>('/api/account/email', {
    method: 'PUT',
    token,
    body,
    lang,
  });

const me = (token: string) => server.request<MeResponse>('/api/auth/me', { token });

/** Turns a signed-up reader into a Google-only account (as a first Google sign-in leaves it). */
async function makeGoogleOnly(email: string): Promise<void> {
  await server.db
    .update(users)
    .set({ passwordHash: null, authProvider: 'google', googleId: `sub-${email}` })
    .where(eq(users.email, email));
}

describe('PUT /api/account/email', () => {
  it('changes nothing until the new address confirms; then it signs in, the old one does not, and is told', async () => {
    const reader = await signUp(server, { fullName: 'Derartu Tulu' });
    const next = uniqueEmail('new-address');
    const asked = await changeEmail(reader.token, { email: next.toUpperCase(), password: reader.password });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ accepted: true });

    const confirm = await mailTo(next, 'Confirm your new email address for Nebab');
    expect(String(confirm.parsed.text)).toContain(`from ${reader.email} to ${next}`);
    const headsUp = await mailTo(reader.email, 'Someone asked to change your Nebab email address');
    expect(String(headsUp.parsed.text)).toContain(next);
    expect(String(headsUp.parsed.text)).not.toContain('token=');
    const token = tokenIn(confirm, '/verify-email');
    const stored = await server.db.select().from(authTokens).where(eq(authTokens.purpose, 'email-change'));
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);

    // Not yet: the old address is still the login.
    expect((await me(reader.token)).body.user.email).toBe(reader.email);
    expect((await login(next, reader.password)).status).toBe(401);

    expect((await server.request('/api/auth/email/verify', { body: { token } })).status).toBe(204);
    const told = await mailTo(reader.email, 'Your Nebab email address has changed');
    expect(String(told.parsed.text)).toContain(`is now ${next} instead of ${reader.email}`);

    const after = await me(reader.token);
    expect(after.body.user).toMatchObject({ email: next, emailVerified: true });
    expect((await login(next, reader.password)).status).toBe(200);
    expect((await login(reader.email, reader.password)).status).toBe(401);
    // The link works once.
    expect((await server.request('/api/auth/email/verify', { body: { token } })).status).toBe(400);
  });

  it('refuses a wrong password, the same address, and one another account has (409)', async () => {
    const reader = await signUp(server);
    const other = await signUp(server);

    const wrong = await changeEmail(
      reader.token,
      { email: uniqueEmail(), password: 'Not@MyPassword1' },
      'am',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields?.password).toBe('የአሁኑ የይለፍ ቃል ትክክል አይደለም');

    const same = await changeEmail(reader.token, { email: reader.email, password: reader.password });
    expect(same.status).toBe(400);
    expect(same.body.error.fields?.email).toBe('This is already your email address');

    const taken = await changeEmail(reader.token, { email: other.email, password: reader.password });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields?.email).toBe('An account with this email already exists');
    // A wrong password says nothing about the address.
    const takenWrong = await changeEmail(reader.token, { email: other.email, password: 'Not@MyPassword1' });
    expect(takenWrong.status).toBe(400);

    expect((await changeEmail(reader.token, { email: uniqueEmail() })).status).toBe(400);
    expect((await server.request('/api/account/email', { method: 'PUT', body: {} })).status).toBe(401);
    // None of these queued a mail or a link.
    const queued = await server.db
      .select()
      .from(mailMessages)
      .where(inArray(mailMessages.recipient, [reader.email, other.email]));
    expect(queued.map((row) => row.kind).sort()).toEqual(['verify-email', 'verify-email']);
    const links = await server.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.userId, reader.response.user.id));
    expect(links.map((row) => row.purpose)).toEqual(['verify-email']);
  });

  it('refuses the link once another account took the address meanwhile (409), and keeps the old one', async () => {
    const reader = await signUp(server);
    const next = uniqueEmail('contested');
    expect((await changeEmail(reader.token, { email: next, password: reader.password })).status).toBe(202);
    const token = tokenIn(await mailTo(next, 'Confirm your new email address for Nebab'), '/verify-email');
    await signUp(server, { email: next });
    const late = await server.request<ErrorBody>('/api/auth/email/verify', { body: { token } });
    expect(late.status).toBe(409);
    expect((await me(reader.token)).body.user.email).toBe(reader.email);
  });

  it('tells a Google-only account what to do instead', async () => {
    const reader = await signUp(server);
    await makeGoogleOnly(reader.email);
    const refused = await changeEmail(reader.token, { email: uniqueEmail(), password: 'anything' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields?.email).toContain('signs in with Google');
  });
});

describe('a Google-only account leaves through a mailed link', () => {
  it('mails a one-hour link; the link erases the account once, as the password path does', async () => {
    const reader = await signUp(server, { fullName: 'Almaz Ayana' });
    await makeGoogleOnly(reader.email);
    const asked = await server.request('/api/account', { method: 'DELETE', token: reader.token, body: {} });
    expect(asked.status).toBe(202);
    const mail = await mailTo(reader.email, 'Confirm the deletion of your Nebab account');
    const token = tokenIn(mail, '/delete-account');
    const [row] = await server.db.select().from(authTokens).where(eq(authTokens.purpose, 'account-delete'));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
    // Still here until the link is used.
    expect((await me(reader.token)).status).toBe(200);

    const unknown = await server.request<ErrorBody>('/api/account/delete/confirm', {
      body: { token: 'x'.repeat(43) },
    });
    expect(unknown.status).toBe(400);
    expect((await server.request('/api/account/delete/confirm', { body: { token } })).status).toBe(204);
    expect((await me(reader.token)).status).toBe(401);
    const [tomb] = await server.db.select().from(users).where(eq(users.id, reader.response.user.id));
    expect(tomb).toMatchObject({ status: 'deleted', name: 'Deleted reader', recoveryEmail: null });
    await mailTo(reader.email, 'Your Nebab account is deleted');
    expect((await server.request('/api/account/delete/confirm', { body: { token } })).status).toBe(400);
  });

  it('still asks an account with a password for it, and an expired link deletes nothing', async () => {
    const reader = await signUp(server);
    const missing = await server.request<ErrorBody>('/api/account', {
      method: 'DELETE',
      token: reader.token,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields?.password).toBe('Password is required');

    const leaver = await signUp(server);
    await makeGoogleOnly(leaver.email);
    await server.request('/api/account', { method: 'DELETE', token: leaver.token, body: {} });
    const token = tokenIn(
      await mailTo(leaver.email, 'Confirm the deletion of your Nebab account'),
      '/delete-account',
    );
    await server.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, leaver.response.user.id));
    expect((await server.request('/api/account/delete/confirm', { body: { token } })).status).toBe(400);
    expect((await me(leaver.token)).status).toBe(200);
  });
});

import type { ErrorBody, LoginResponse, MeResponse } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { createUsersRepository } from '../users/users.repository.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const login = (email: string, password: string, lang?: 'en' | 'am') =>
  server.request<LoginResponse & ErrorBody>('/api/auth/login', { body: { email, password }, lang });

const preferences = {
  languages: ['en', 'am'],
  genres: ['history', 'poetry'],
  ageGroup: 'adult',
  bookLength: 'medium',
  authors: ['Haddis Alemayehu'],
};

describe('POST /api/auth/login', () => {
  it('answers { token, role, landing, message }; landing is true until preferences are saved', async () => {
    const account = await signUp(server);
    const first = await login(account.email.toUpperCase(), account.password);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['landing', 'message', 'role', 'token']);
    expect(first.body).toMatchObject({ role: 'user', landing: true, message: 'Login successful' });
    expect(first.body.token).not.toBe(account.token);

    const saved = await server.request('/api/preferences', {
      method: 'PUT',
      token: first.body.token,
      body: preferences,
    });
    expect(saved.status).toBe(200);

    const second = await login(account.email, account.password, 'am');
    expect(second.body).toMatchObject({ role: 'user', landing: false, message: 'በተሳካ ሁኔታ ገብተዋል' });
  });

  it('answers the same generic 401 for a wrong password and an unknown email', async () => {
    const account = await signUp(server);
    const wrong = await login(account.email, 'Wrong@Password1');
    const unknown = await login(uniqueEmail('nobody'), 'Wrong@Password1');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
      });
    }
    const amharic = await login(account.email, 'nope', 'am');
    expect(amharic.body.error.message).toBe('ኢሜይል ወይም የይለፍ ቃል ትክክል አይደለም');
  });

  it('answers 401 for an account without a password (Google only)', async () => {
    const email = uniqueEmail('google-only');
    await createUsersRepository(server.db).create({
      name: 'Google Only',
      email,
      authProvider: 'google',
      googleId: `sub-${email}`,
    });
    const res = await login(email, 'Any@Password1');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('validates the body: email and password required, email typed as email', async () => {
    const empty = await server.request<ErrorBody>('/api/auth/login', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ email: 'Email is required', password: 'Password is required' });
    const invalid = await server.request<ErrorBody>('/api/auth/login', {
      body: { email: 'abebe', password: 'x' },
    });
    expect(invalid.body.error.fields).toEqual({ email: 'Invalid email format' });
  });

  it('refuses a suspended account with 403 SUSPENDED, and its live tokens too', async () => {
    const account = await signUp(server);
    await server.db.update(users).set({ status: 'suspended' }).where(eq(users.email, account.email));
    const res = await login(account.email, account.password);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'SUSPENDED', message: 'This account has been suspended' } });
    const me = await server.request<ErrorBody>('/api/auth/me', { token: account.token });
    expect(me.status).toBe(403);
    expect(me.body.error.code).toBe('SUSPENDED');
  });
});

describe('GET /api/auth/me and the auth guard', () => {
  it('answers { user } for a valid token', async () => {
    const account = await signUp(server, { fullName: 'Derartu Tulu' });
    const res = await server.request<MeResponse>('/api/auth/me', { token: account.token });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      name: 'Derartu Tulu',
      email: account.email,
      role: 'user',
      booksRead: 0,
      reviewsWritten: 0,
    });
  });

  it.each([
    ['no header', {}],
    ['an unknown token', { authorization: 'Bearer not-a-real-token' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 UNAUTHENTICATED with %s', async (_name, headers) => {
    const res = await server.request<ErrorBody>('/api/auth/me', { headers });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please log in to continue' } });
  });

  it('answers 401 for an expired session', async () => {
    const account = await signUp(server);
    const [user] = await server.db.select().from(users).where(eq(users.email, account.email));
    await server.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user!.id));
    expect((await server.request('/api/auth/me', { token: account.token })).status).toBe(401);
  });

  it('updates last_seen_at at most once a minute and slides the expiry', async () => {
    const account = await signUp(server);
    const [user] = await server.db.select().from(users).where(eq(users.email, account.email));
    const old = new Date(Date.now() - 5 * 60_000);
    const soon = new Date(Date.now() + 60 * 60_000);
    await server.db
      .update(sessions)
      .set({ lastSeenAt: old, expiresAt: soon })
      .where(eq(sessions.userId, user!.id));
    await server.request('/api/auth/me', { token: account.token });
    const [touched] = await server.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(touched!.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
    expect(touched!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60_000);
    await server.request('/api/auth/me', { token: account.token });
    const [again] = await server.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(again!.lastSeenAt.getTime()).toBe(touched!.lastSeenAt.getTime());
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204 and the token stops working', async () => {
    const account = await signUp(server);
    const other = await login(account.email, account.password);
    const res = await server.request('/api/auth/logout', { method: 'POST', token: account.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await server.request('/api/auth/me', { token: account.token })).status).toBe(401);
    expect((await server.request('/api/auth/logout', { method: 'POST', token: account.token })).status).toBe(
      401,
    );
    expect((await server.request('/api/auth/me', { token: other.body.token })).status).toBe(200);
  });
});

describe('PUT /api/auth/password', () => {
  it('changes the password and ends every other session', async () => {
    const account = await signUp(server);
    const other = await login(account.email, account.password);
    const res = await server.request('/api/auth/password', {
      method: 'PUT',
      token: account.token,
      body: {
        currentPassword: account.password,
        newPassword: 'Brand@New2025',
        confirmPassword: 'Brand@New2025',
      },
    });
    expect(res.status).toBe(204);
    expect((await server.request('/api/auth/me', { token: account.token })).status).toBe(200);
    expect((await server.request('/api/auth/me', { token: other.body.token })).status).toBe(401);
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, 'Brand@New2025')).status).toBe(200);
  });

  it('answers 400 "Current password is incorrect" for a wrong current password', async () => {
    const account = await signUp(server);
    const res = await server.request<ErrorBody>('/api/auth/password', {
      method: 'PUT',
      token: account.token,
      body: {
        currentPassword: 'Wrong@Pass123',
        newPassword: 'Brand@New2025',
        confirmPassword: 'Brand@New2025',
      },
    });
    // 400, not 401: the session is fine, only the field is wrong (a 401 would sign the client out).
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    expect((await server.request('/api/auth/me', { token: account.token })).status).toBe(200);
  });

  it('validates the new password with the signup rules', async () => {
    const account = await signUp(server);
    const res = await server.request<ErrorBody>('/api/auth/password', {
      method: 'PUT',
      token: account.token,
      body: { currentPassword: account.password, newPassword: 'short', confirmPassword: 'other' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords must match',
    });
  });

  it('needs a session', async () => {
    const res = await server.request<ErrorBody>('/api/auth/password', { method: 'PUT', body: {} });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/me/stats', () => {
  it('answers the dashboard counts', async () => {
    const account = await signUp(server);
    const res = await server.request('/api/me/stats', { token: account.token });
    expect(res.body).toMatchObject({ booksRead: 0, readingList: 0, reviewsWritten: 0, didNotFinish: 0 });
  });
});

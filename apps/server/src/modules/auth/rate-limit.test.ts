import type { ErrorBody } from '@nebab/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  acquireTestDatabase,
  GOOD_PASSWORD,
  releaseTestDatabase,
  signUp,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../test/helpers.js';

// Each test starts a server with its own limits; holding the file's database keeps it across them.
beforeAll(() => acquireTestDatabase());
afterAll(() => releaseTestDatabase());

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const limits = (perIp: number, perEmail: number) => ({
  authRateLimit: { perIp, perEmail, windowMs: 60_000 },
});

function expectRateLimited(
  res: { status: number; headers: Headers; body: ErrorBody },
  message = 'Too many attempts. Please wait a few minutes and try again.',
) {
  expect(res.status).toBe(429);
  expect(res.body.error).toEqual({ code: 'RATE_LIMITED', message });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('auth rate limits', () => {
  it('limits failed logins per email, whatever the case, without locking other emails', async () => {
    server = await startTestServer(limits(100, 3));
    const account = await signUp(server);
    const attempt = (email: string, password = 'Wrong@Pass123', lang?: 'am') =>
      server!.request<ErrorBody>('/api/auth/login', { body: { email, password }, lang });
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(i === 1 ? account.email.toUpperCase() : account.email)).status).toBe(401);
    expectRateLimited(await attempt(account.email));
    // Even the right password waits now…
    expectRateLimited(await attempt(account.email, account.password));
    expectRateLimited(
      await attempt(account.email, account.password, 'am'),
      'በጣም ብዙ ሙከራዎች ተደርገዋል። እባክዎ ጥቂት ደቂቃዎች ቆይተው እንደገና ይሞክሩ።',
    );
    // …while another account logs in as usual.
    const other = await signUp(server);
    expect((await attempt(other.email, other.password)).status).toBe(200);
  });

  it('evaluates at most the limit of 60 parallel wrong passwords for one email', async () => {
    server = await startTestServer(limits(1000, 10));
    const account = await signUp(server);
    const statuses = await Promise.all(
      Array.from(
        { length: 60 },
        async () =>
          (
            await server!.request<ErrorBody>('/api/auth/login', {
              body: { email: account.email, password: 'Wrong@Pass123' },
            })
          ).status,
      ),
    );
    // 401 means the password was checked; a 429 was refused before argon2 ran.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(50);
  });

  it('gives a right password its count back, so successes never lock an account', async () => {
    server = await startTestServer(limits(1000, 2));
    const account = await signUp(server);
    for (let i = 0; i < 5; i += 1) {
      const res = await server.request('/api/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(res.status).toBe(200);
    }
  });

  it('counts successful logins only per IP, not per email', async () => {
    server = await startTestServer(limits(100, 2));
    const account = await signUp(server);
    for (let i = 0; i < 4; i += 1) {
      const res = await server.request('/api/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(res.status).toBe(200);
    }
  });

  it('limits every signup attempt per email, failed and successful', async () => {
    server = await startTestServer(limits(100, 2));
    const email = uniqueEmail('signup-limit');
    const form = {
      fullName: 'Kenenisa Bekele',
      email,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    };
    expect((await server.request('/api/auth/signup', { body: { ...form, password: 'weak' } })).status).toBe(
      400,
    );
    expect((await server.request('/api/auth/signup', { body: form })).status).toBe(201);
    expectRateLimited(
      await server.request<ErrorBody>('/api/auth/signup', { body: { ...form, email: email.toUpperCase() } }),
    );
  });

  it('limits all attempts per IP on login and on signup', async () => {
    server = await startTestServer(limits(3, 100));
    for (let i = 0; i < 3; i += 1) {
      const res = await server.request('/api/auth/login', {
        body: { email: uniqueEmail(), password: 'Wrong@Pass123' },
      });
      expect(res.status).toBe(401);
    }
    expectRateLimited(
      await server.request<ErrorBody>('/api/auth/login', { body: { email: uniqueEmail(), password: 'x' } }),
    );
    expectRateLimited(await server.request<ErrorBody>('/api/auth/login', { body: {} }));

    for (let i = 0; i < 3; i += 1)
      expect((await server.request('/api/auth/signup', { body: {} })).status).toBe(400);
    expectRateLimited(await server.request<ErrorBody>('/api/auth/signup', { body: {} }));
  });
});

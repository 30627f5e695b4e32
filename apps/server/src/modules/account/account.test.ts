import { createHmac } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type {
  AccountSecurity,
  AccountSessions,
  ErrorBody,
  LoginResponse,
  MeResponse,
  RecoveryCodes,
  TwoFactorChallenge,
  TwoFactorSetup,
} from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/helpers.js';
import { JPEG, PNG } from '../../../test/upload-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Answer<T> = T & ErrorBody;

const login = (email: string, password: string) =>
  server.request<Answer<LoginResponse & TwoFactorChallenge>>('/api/auth/login', {
    body: { email, password },
  });

const put = <T>(pathname: string, token: string, body: unknown, lang?: 'en' | 'am') =>
  server.request<Answer<T>>(pathname, { method: 'PUT', token, body, lang });

// ---------------------------------------------------------------------------------------------
// An independent TOTP (RFC 6238: HMAC-SHA-1, 30 s, 6 digits), so the test does not trust the code under test.

function decodeBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code of the step `offset` steps from now. */
function codeAt(secret: string, offset = 0): string {
  const step = Math.floor(Date.now() / 30_000) + offset;
  const counter = Buffer.alloc(8);
  counter.writeUInt32BE(Math.floor(step / 2 ** 32), 0);
  counter.writeUInt32BE(step % 2 ** 32, 4);
  const mac = createHmac('sha1', decodeBase32(secret)).update(counter).digest();
  const at = (mac[19] ?? 0) & 0xf;
  const value = (mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** A reader with two-factor sign-in on: returns the secret and the recovery codes. */
async function readerWithTwoFactor() {
  const account = await signUp(server);
  const setup = await server.request<TwoFactorSetup>('/api/account/two-factor/setup', {
    method: 'POST',
    token: account.token,
  });
  const enabled = await server.request<RecoveryCodes>('/api/account/two-factor/enable', {
    token: account.token,
    body: { code: codeAt(setup.body.secret) },
  });
  expect(enabled.status).toBe(200);
  return { ...account, secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

// ---------------------------------------------------------------------------------------------

describe('PUT /api/auth/password (settings)', () => {
  it('refuses a new password equal to the current one', async () => {
    const account = await signUp(server);
    const res = await put('/api/auth/password', account.token, {
      currentPassword: account.password,
      newPassword: account.password,
      confirmPassword: account.password,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      newPassword: 'The new password must be different from the current one',
    });
  });

  it('answers the spec messages in Amharic too, and the confirmation must match', async () => {
    const account = await signUp(server);
    const wrong = await put(
      '/api/auth/password',
      account.token,
      { currentPassword: 'Wrong@Pass123', newPassword: 'Brand@New2025', confirmPassword: 'Brand@New2025' },
      'am',
    );
    expect(wrong.body.error.fields).toEqual({ currentPassword: 'የአሁኑ የይለፍ ቃል ትክክል አይደለም' });
    const mismatch = await put('/api/auth/password', account.token, {
      currentPassword: account.password,
      newPassword: 'Brand@New2025',
      confirmPassword: 'Brand@New2026',
    });
    expect(mismatch.body.error.fields).toEqual({ confirmPassword: 'Passwords must match' });
    const weak = await put('/api/auth/password', account.token, {
      currentPassword: account.password,
      newPassword: 'brand@new2025',
      confirmPassword: 'brand@new2025',
    });
    expect(weak.body.error.fields).toEqual({ newPassword: 'Must contain at least one uppercase letter' });
  });

  it('ends the other sessions (emitting user.sessionsEnded for their sockets) and keeps this one', async () => {
    const account = await signUp(server);
    const other = await login(account.email, account.password);
    const heard: unknown[] = [];
    const stop = server.app.services.events.on('user.sessionsEnded', (payload) => {
      heard.push(payload);
    });
    const me = await server.request<{ items: { id: string; current: boolean }[] }>('/api/account/sessions', {
      token: account.token,
    });
    const currentId = me.body.items.find((item) => item.current)?.id;
    const res = await put('/api/auth/password', account.token, {
      currentPassword: account.password,
      newPassword: 'Brand@New2025',
      confirmPassword: 'Brand@New2025',
    });
    stop();
    expect(res.status).toBe(204);
    expect(heard).toEqual([{ userId: account.response.user.id, exceptSessionId: currentId }]);
    expect((await server.request('/api/auth/me', { token: account.token })).status).toBe(200);
    expect((await server.request('/api/auth/me', { token: other.body.token })).status).toBe(401);
    expect((await login(account.email, 'Brand@New2025')).status).toBe(200);
  });
});

describe('Connected devices /api/account/sessions', () => {
  it('lists the live sessions with this one marked, and removes another one', async () => {
    const account = await signUp(server);
    const phone = await server.request<Answer<LoginResponse>>('/api/auth/login', {
      body: { email: account.email, password: account.password },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' },
    });
    const list = await server.request<AccountSessions>('/api/account/sessions', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items.filter((item) => item.current)).toHaveLength(1);
    const phoneSession = list.body.items.find((item) => !item.current);
    expect(phoneSession).toMatchObject({
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile',
      ip: '127.0.0.1',
    });
    expect(Object.keys(phoneSession ?? {}).sort()).toEqual(
      ['createdAt', 'current', 'id', 'ip', 'lastSeenAt', 'userAgent'].sort(),
    );

    const removed = await server.request(`/api/account/sessions/${phoneSession?.id}`, {
      method: 'DELETE',
      token: account.token,
    });
    expect(removed.status).toBe(204);
    expect((await server.request('/api/auth/me', { token: phone.body.token })).status).toBe(401);
    const after = await server.request<AccountSessions>('/api/account/sessions', { token: account.token });
    expect(after.body.items.map((item) => item.current)).toEqual([true]);
    const again = await server.request(`/api/account/sessions/${phoneSession?.id}`, {
      method: 'DELETE',
      token: account.token,
    });
    expect(again.status).toBe(404);
  });

  it("cannot remove another reader's session (404) nor its own from here (400)", async () => {
    const mine = await signUp(server);
    const theirs = await signUp(server);
    const theirList = await server.request<AccountSessions>('/api/account/sessions', { token: theirs.token });
    const theirId = theirList.body.items[0]?.id;
    const res = await server.request<ErrorBody>(`/api/account/sessions/${theirId}`, {
      method: 'DELETE',
      token: mine.token,
    });
    expect(res.status).toBe(404);
    expect((await server.request('/api/auth/me', { token: theirs.token })).status).toBe(200);

    const own = await server.request<AccountSessions>('/api/account/sessions', { token: mine.token });
    const self = await server.request<ErrorBody>(`/api/account/sessions/${own.body.items[0]?.id}`, {
      method: 'DELETE',
      token: mine.token,
    });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe("To end this device's session, log out");
    expect((await server.request('/api/account/sessions')).status).toBe(401);
  });

  it('signs out everywhere else', async () => {
    const account = await signUp(server);
    const a = await login(account.email, account.password);
    const b = await login(account.email, account.password);
    const res = await server.request('/api/account/sessions', { method: 'DELETE', token: account.token });
    expect(res.status).toBe(204);
    for (const token of [a.body.token, b.body.token])
      expect((await server.request('/api/auth/me', { token })).status).toBe(401);
    expect((await server.request('/api/auth/me', { token: account.token })).status).toBe(200);
  });
});

describe('PUT /api/account/profile', () => {
  it('saves name, birth date and location; /api/auth/me shows them', async () => {
    const account = await signUp(server);
    const res = await put<MeResponse>('/api/account/profile', account.token, {
      name: '  Tirunesh Dibaba ',
      birthDate: '1985-06-01',
      location: 'Addis Ababa',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      name: 'Tirunesh Dibaba',
      birth_date: '1985-06-01',
      location: 'Addis Ababa',
    });
    const me = await server.request<MeResponse>('/api/auth/me', { token: account.token });
    expect(me.body.user.birth_date).toBe('1985-06-01');
    const cleared = await put<MeResponse>('/api/account/profile', account.token, {
      name: 'Tirunesh Dibaba',
      birthDate: '',
      location: '  ',
    });
    expect(cleared.body.user).toMatchObject({ birth_date: null, location: null });
  });

  it('refuses a future or too early or impossible birth date, a short name, a long location', async () => {
    const account = await signUp(server);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: 'Abebe', birthDate: tomorrow }, { birthDate: 'The birth date cannot be in the future' }],
      [{ name: 'Abebe', birthDate: '1899-12-31' }, { birthDate: 'The birth date cannot be before 1900' }],
      [{ name: 'Abebe', birthDate: '2001-02-30' }, { birthDate: 'Enter a valid birth date' }],
      [{ name: 'Ab' }, { name: 'Full Name must be at least 3 characters' }],
      [{ name: 'Abebe', location: 'x'.repeat(101) }, { location: 'Location must be at most 100 characters' }],
    ];
    for (const [body, fields] of cases) {
      const res = await put('/api/account/profile', account.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields).toEqual(fields);
    }
    expect(
      (await server.request('/api/account/profile', { method: 'PUT', body: { name: 'Abebe' } })).status,
    ).toBe(401);
  });
});

describe('Profile picture', () => {
  const avatarsDir = () => path.join(server.config.dataDir, 'uploads', 'avatars');

  const upload = async (token: string, data: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(data)], { type }), name);
    const response = await fetch(`${server.url}/api/account/avatar`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Answer<MeResponse> };
  };

  it('stores a picture, serves it with its type and nosniff, replaces it without leaving the old file', async () => {
    const account = await signUp(server);
    const first = await upload(account.token, PNG, 'me.png', 'image/png');
    expect(first.status).toBe(200);
    const firstUrl = first.body.user.profile_picture ?? '';
    expect(firstUrl).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(`${server.url}${firstUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const firstFile = path.basename(firstUrl);
    expect(await readdir(avatarsDir())).toContain(firstFile);

    const second = await upload(account.token, JPEG, 'other-name.png', 'image/png');
    expect(second.status).toBe(200);
    const secondUrl = second.body.user.profile_picture ?? '';
    expect(secondUrl).toMatch(/\.jpg$/);
    const files = await readdir(avatarsDir());
    expect(files).not.toContain(firstFile);
    expect(files).toContain(path.basename(secondUrl));
    expect((await fetch(`${server.url}${firstUrl}`)).status).toBe(404);
    const me = await server.request<MeResponse>('/api/auth/me', { token: account.token });
    expect(me.body.user.profile_picture).toBe(secondUrl);
    const jpeg = await fetch(`${server.url}${secondUrl}`);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');

    const removed = await server.request<MeResponse>('/api/account/avatar', {
      method: 'DELETE',
      token: account.token,
    });
    expect(removed.body.user.profile_picture).toBeNull();
    expect(await readdir(avatarsDir())).not.toContain(path.basename(secondUrl));
    expect((await fetch(`${server.url}${secondUrl}`)).status).toBe(404);
  });

  it('refuses a renamed non-image (415) and a file over 2 MB (413), keeping the old picture', async () => {
    const account = await signUp(server);
    const kept = await upload(account.token, PNG, 'me.png', 'image/png');
    const before = (await readdir(avatarsDir())).length;
    const text = await upload(
      account.token,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'evil.png',
      'image/png',
    );
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const large = await upload(account.token, big, 'big.png', 'image/png');
    expect(large.status).toBe(413);
    expect(large.body.error.code).toBe('TOO_LARGE');
    expect((await readdir(avatarsDir())).length).toBe(before);
    const me = await server.request<MeResponse>('/api/auth/me', { token: account.token });
    expect(me.body.user.profile_picture).toBe(kept.body.user.profile_picture);
    const json = await server.request('/api/account/avatar', {
      method: 'PUT',
      token: account.token,
      body: {},
    });
    expect(json.status).toBe(415);
    expect((await fetch(`${server.url}/api/avatars/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});

describe('PUT /api/account/recovery-email', () => {
  it('saves a valid address different from the login email, and removes it with null', async () => {
    const account = await signUp(server);
    const invalid = await put('/api/account/recovery-email', account.token, {
      recoveryEmail: 'not-an-email',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({ recoveryEmail: 'Invalid email format' });
    const same = await put('/api/account/recovery-email', account.token, {
      recoveryEmail: account.email.toUpperCase(),
    });
    expect(same.status).toBe(400);
    expect(same.body.error.fields).toEqual({
      recoveryEmail: 'The recovery email must differ from your login email',
    });
    const backup = uniqueEmail('backup');
    const saved = await put<AccountSecurity>('/api/account/recovery-email', account.token, {
      recoveryEmail: backup,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      hasPassword: true,
      recoveryEmail: backup,
      recoveryEmailVerified: false,
      twoFactorEnabled: false,
      recoveryCodesLeft: 0,
    });
    const removed = await put<AccountSecurity>('/api/account/recovery-email', account.token, {
      recoveryEmail: null,
    });
    expect(removed.body.recoveryEmail).toBeNull();
  });
});

describe('Two-factor authentication (TOTP)', () => {
  it('enrols with a secret, otpauth URI and QR code; a wrong code does not enable it', async () => {
    const account = await signUp(server);
    const setup = await server.request<TwoFactorSetup>('/api/account/two-factor/setup', {
      method: 'POST',
      token: account.token,
    });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toBe(
      `otpauth://totp/Nebab:${encodeURIComponent(account.email)}?secret=${setup.body.secret}&issuer=Nebab&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qrCode.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');

    const wrongCode = String((Number(codeAt(setup.body.secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await server.request<ErrorBody>('/api/account/two-factor/enable', {
      token: account.token,
      body: { code: wrongCode },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ code: 'The code is not correct' });
    const security = await server.request<AccountSecurity>('/api/account/security', { token: account.token });
    expect(security.body.twoFactorEnabled).toBe(false);
    expect(Object.keys((await login(account.email, account.password)).body)).toContain('token');
  });

  it('then asks for the code at login; a code works once, a recovery code once, a wrong one never', async () => {
    const account = await readerWithTwoFactor();
    expect(account.recoveryCodes).toHaveLength(10);
    const security = await server.request<AccountSecurity>('/api/account/security', { token: account.token });
    expect(security.body).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    const setupAgain = await server.request('/api/account/two-factor/setup', {
      method: 'POST',
      token: account.token,
    });
    expect(setupAgain.status).toBe(409);

    const first = await login(account.email, account.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      message: 'Enter the code from your authenticator app',
    });
    expect(first.body).not.toHaveProperty('token');

    // The enrolment used this step's code; it is never accepted again.
    const reused = await server.request<ErrorBody>('/api/auth/login/2fa', {
      body: { challenge: first.body.challenge, code: codeAt(account.secret) },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error.fields).toEqual({ code: 'The code is not correct' });

    const next = codeAt(account.secret, 1);
    const ok = await server.request<LoginResponse>('/api/auth/login/2fa', {
      body: { challenge: first.body.challenge, code: next },
    });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['landing', 'message', 'role', 'token']);
    expect((await server.request('/api/auth/me', { token: ok.body.token })).status).toBe(200);
    const challengeUsed = await server.request('/api/auth/login/2fa', {
      body: { challenge: first.body.challenge, code: next },
    });
    expect(challengeUsed.status).toBe(401);

    const second = await login(account.email, account.password);
    const sameCodeAgain = await server.request('/api/auth/login/2fa', {
      body: { challenge: second.body.challenge, code: next },
    });
    expect(sameCodeAgain.status).toBe(400);
    const recovery = account.recoveryCodes[3] ?? '';
    const byRecovery = await server.request<LoginResponse>('/api/auth/login/2fa', {
      body: { challenge: second.body.challenge, code: recovery.toUpperCase() },
    });
    expect(byRecovery.status).toBe(200);
    expect(byRecovery.body.token).toEqual(expect.any(String));

    const third = await login(account.email, account.password);
    const recoveryAgain = await server.request('/api/auth/login/2fa', {
      body: { challenge: third.body.challenge, code: recovery },
    });
    expect(recoveryAgain.status).toBe(400);
    const left = await server.request<AccountSecurity>('/api/account/security', { token: account.token });
    expect(left.body.recoveryCodesLeft).toBe(9);
  });

  it('voids a challenge after 5 wrong codes and locks the account after 10 (429)', async () => {
    const account = await readerWithTwoFactor();
    const wrong = String((Number(codeAt(account.secret, 1)) + 500_000) % 1_000_000).padStart(6, '0');
    const guesses = async (challenge: string, count: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1)
        statuses.push(
          (await server.request('/api/auth/login/2fa', { body: { challenge, code: wrong } })).status,
        );
      return statuses;
    };
    const first = await login(account.email, account.password);
    expect(await guesses(first.body.challenge, 5)).toEqual([400, 400, 400, 400, 400]);
    const afterFive = await server.request<ErrorBody>('/api/auth/login/2fa', {
      body: { challenge: first.body.challenge, code: codeAt(account.secret, 1) },
    });
    expect(afterFive.status).toBe(401);
    expect(afterFive.body.error.message).toBe('The sign-in has expired. Please log in again.');

    const second = await login(account.email, account.password);
    expect(await guesses(second.body.challenge, 5)).toEqual([400, 400, 400, 400, 400]);
    const third = await login(account.email, account.password);
    const locked = await server.request<ErrorBody>('/api/auth/login/2fa', {
      body: { challenge: third.body.challenge, code: codeAt(account.secret, 1) },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('RATE_LIMITED');
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('evaluates at most 5 of 60 parallel wrong codes on one challenge', async () => {
    const account = await readerWithTwoFactor();
    const wrong = String((Number(codeAt(account.secret, 1)) + 500_000) % 1_000_000).padStart(6, '0');
    const first = await login(account.email, account.password);
    const statuses = await Promise.all(
      Array.from(
        { length: 60 },
        async () =>
          (
            await server.request('/api/auth/login/2fa', {
              body: { challenge: first.body.challenge, code: wrong },
            })
          ).status,
      ),
    );
    // 400 means the code was looked at; the others were refused before (401 used up, 429 locked).
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(0);
    expect(statuses.every((status) => [400, 401, 429].includes(status))).toBe(true);
  });

  it('evaluates at most 10 of 60 parallel wrong codes across challenges of one account', async () => {
    const account = await readerWithTwoFactor();
    const wrong = String((Number(codeAt(account.secret, 1)) + 500_000) % 1_000_000).padStart(6, '0');
    const challenges: string[] = [];
    for (let i = 0; i < 12; i += 1)
      challenges.push((await login(account.email, account.password)).body.challenge);
    const statuses = await Promise.all(
      Array.from(
        { length: 60 },
        async (_, i) =>
          (
            await server.request('/api/auth/login/2fa', {
              body: { challenge: challenges[i % challenges.length], code: wrong },
            })
          ).status,
      ),
    );
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  it('turns off with the password and a code; login then gives a token at once', async () => {
    const account = await readerWithTwoFactor();
    const noPassword = await server.request<ErrorBody>('/api/account/two-factor/disable', {
      token: account.token,
      body: { password: 'Wrong@Pass123', code: codeAt(account.secret, 1) },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.fields).toEqual({ password: 'Current password is incorrect' });
    const badCode = await server.request<ErrorBody>('/api/account/two-factor/disable', {
      token: account.token,
      body: {
        password: account.password,
        code: '000000' === codeAt(account.secret, 1) ? '111111' : '000000',
      },
    });
    expect(badCode.status).toBe(400);
    const off = await server.request('/api/account/two-factor/disable', {
      token: account.token,
      body: { password: account.password, code: codeAt(account.secret, 1) },
    });
    expect(off.status).toBe(204);
    const res = await login(account.email, account.password);
    expect(res.body.token).toEqual(expect.any(String));
    const security = await server.request<AccountSecurity>('/api/account/security', { token: account.token });
    expect(security.body).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
  });

  it('needs a session for every account endpoint', async () => {
    for (const [method, pathname] of [
      ['GET', '/api/account/security'],
      ['POST', '/api/account/two-factor/setup'],
      ['POST', '/api/account/two-factor/enable'],
      ['POST', '/api/account/two-factor/disable'],
      ['PUT', '/api/account/recovery-email'],
      ['DELETE', '/api/account/avatar'],
      ['DELETE', '/api/account/sessions'],
    ] as const) {
      const res = await server.request(pathname, {
        method,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.status, `${method} ${pathname}`).toBe(401);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the account endpoints and the two login steps', async () => {
    const res = await server.request<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login/2fa',
        '/api/account/profile',
        '/api/account/avatar',
        '/api/avatars/{file}',
        '/api/account/security',
        '/api/account/sessions',
        '/api/account/sessions/{id}',
        '/api/account/recovery-email',
        '/api/account/two-factor/setup',
        '/api/account/two-factor/enable',
        '/api/account/two-factor/disable',
      ]),
    );
    expect(JSON.stringify(res.body.paths['/api/auth/login'])).toContain('twoFactorRequired');
  });
});

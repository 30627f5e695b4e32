import type { ErrorBody, LoginResponse, MeResponse } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const me = (token: string) => server.request<MeResponse>('/api/auth/me', { token });
const setDisplay = (token: string | undefined, body: unknown, lang?: 'en' | 'am') =>
  server.request<MeResponse & ErrorBody>('/api/account/display', { method: 'PUT', token, body, lang });

describe('language and theme kept on the account', () => {
  it('start unset, are saved, and a second sign-in (another device) reads them back', async () => {
    const reader = await signUp(server);
    expect(reader.response.user).toMatchObject({ language: null, theme: null });

    const saved = await setDisplay(reader.token, { language: 'am', theme: 'dark' });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ language: 'am', theme: 'dark' });

    // Another device: a new session of the same account.
    const login = await server.request<LoginResponse>('/api/auth/login', {
      body: { email: reader.email, password: reader.password },
    });
    expect(login.status).toBe(200);
    expect((await me(login.body.token)).body.user).toMatchObject({ language: 'am', theme: 'dark' });
  });

  it('changes one without touching the other', async () => {
    const reader = await signUp(server);
    await setDisplay(reader.token, { language: 'am', theme: 'light' });
    expect((await setDisplay(reader.token, { theme: 'system' })).body.user).toMatchObject({
      language: 'am',
      theme: 'system',
    });
    expect((await setDisplay(reader.token, { language: 'en' })).body.user).toMatchObject({
      language: 'en',
      theme: 'system',
    });
  });

  it('refuses unknown values and empty bodies (400), and visitors (401)', async () => {
    const reader = await signUp(server);
    for (const body of [{}, { language: 'fr' }, { theme: 'sepia' }, { language: 1 }]) {
      const res = await setDisplay(reader.token, body, 'am');
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await me(reader.token)).body.user).toMatchObject({ language: null, theme: null });
    expect((await setDisplay(undefined, { language: 'am' })).status).toBe(401);
  });
});

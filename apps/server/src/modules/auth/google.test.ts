import type { ErrorBody, LoginResponse, MeResponse, TwoFactorSetup } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { totpCode, totpStep } from '../account/totp.js';
import { freePort, signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import { startOidcTestProvider, type OidcTestProvider } from '../../../test/oidc-test-provider.js';

const CLIENT_ID = 'nebab-test-client';
const CLIENT_SECRET = 'nebab-test-secret-0123456789abcdef';

let provider: OidcTestProvider;
let server: TestServer;

beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcTestProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [`http://127.0.0.1:${port}/api/auth/google/callback`],
  });
  server = await startTestServer({
    port,
    oidcIssuer: provider.issuer,
    googleClientId: CLIENT_ID,
    googleClientSecret: CLIENT_SECRET,
    oidcAllowHttp: true,
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

/** A browser's cookies: by name and path, ports ignored as browsers do. */
class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  header(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split('=')[1];
      const path = attr('path') ?? '/';
      const expires = attr('expires');
      const gone =
        attr('max-age') === '0' || (expires !== undefined && new Date(expires).getTime() < Date.now());
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }
}

interface Browser {
  jar: CookieJar;
  visit(url: URL, init?: RequestInit): Promise<Response>;
}

function newBrowser(): Browser {
  const jar = new CookieJar();
  return {
    jar,
    async visit(url, init = {}) {
      const headers = new Headers(init.headers);
      const cookie = jar.header(url);
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      jar.store(response);
      return response;
    },
  };
}

const decodeHtml = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&quot;/g, '"');

/**
 * Drives the whole redirect flow like a browser: /api/auth/google → provider → login form →
 * consent form → our callback → the client URL, which it returns.
 */
async function signInWithGoogle(
  browser: Browser,
  login: string,
  start = `${server.url}/api/auth/google`,
  prompts: string[] = [],
): Promise<URL> {
  let url = new URL(start);
  let response = await browser.visit(url);
  for (let step = 0; step < 20; step += 1) {
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location') ?? '', url);
      if (url.pathname === '/auth/callback' || url.pathname === '/login') return url;
      response = await browser.visit(url);
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`unexpected ${response.status} at ${url.href}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${url.href}`);
    prompts.push(prompt);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any password');
    }
    url = new URL(decodeHtml(action), url);
    response = await browser.visit(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }
  throw new Error('the sign-in flow did not end');
}

function sessionOf(callback: URL) {
  expect(`${callback.origin}${callback.pathname}`).toBe(`${server.config.publicUrl}/auth/callback`);
  const fragment = new URLSearchParams(callback.hash.slice(1));
  const token = fragment.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { token: token!, role: fragment.get('role'), landing: fragment.get('landing') };
}

async function userRow(email: string) {
  const rows = await server.db.select().from(users).where(eq(users.email, email));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('Google sign-in against a local OpenID provider', () => {
  it('says Google is configured', async () => {
    expect((await server.request('/api/auth/providers')).body).toEqual({ google: true });
  });

  it('starts with PKCE (S256), state and nonce, and sets the state cookie', async () => {
    const res = await server.request('/api/auth/google');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(location.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/google/callback`);
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    const state = location.searchParams.get('state');
    expect(res.headers.get('set-cookie')).toContain(`nebab_oidc_state=${state}`);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/);
  });

  it('creates a Google account, then signs the same person in again', async () => {
    const prompts: string[] = [];
    const browser = newBrowser();
    const first = sessionOf(await signInWithGoogle(browser, 'almaz.ayana', undefined, prompts));
    expect(prompts).toEqual(['login', 'consent']);
    expect(first).toMatchObject({ role: 'user', landing: 'true' });

    const me = await server.request<MeResponse>('/api/auth/me', { token: first.token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      name: 'Almaz Ayana',
      email: 'almaz.ayana@example.com',
      auth_provider: 'google',
      role: 'user',
      profile_picture: 'https://example.com/avatars/almaz.ayana.png',
    });
    const row = await userRow('almaz.ayana@example.com');
    expect(row.googleId).toBe('almaz.ayana');
    expect(row.passwordHash).toBeNull();

    // Preferences saved → the next sign-in does not land on the wizard.
    await server.request('/api/preferences', {
      method: 'PUT',
      token: first.token,
      body: { languages: ['en'], genres: ['travel'] },
    });
    // Same browser: the provider remembers the login and the consent, as Google does.
    const secondPrompts: string[] = [];
    const second = sessionOf(await signInWithGoogle(browser, 'almaz.ayana', undefined, secondPrompts));
    expect(secondPrompts).toEqual([]);
    expect(second.landing).toBe('false');
    expect(second.token).not.toBe(first.token);
    const again = await server.request<MeResponse>('/api/auth/me', { token: second.token });
    expect(again.body.user.id).toBe(me.body.user.id);
    await userRow('almaz.ayana@example.com');
  });

  it('links an existing password account with the same email', async () => {
    const account = await signUp(server, { fullName: 'Kebede Michael', email: 'kebede.michael@example.com' });
    const session = sessionOf(await signInWithGoogle(newBrowser(), 'kebede.michael'));
    const me = await server.request<MeResponse>('/api/auth/me', { token: session.token });
    expect(me.body.user).toMatchObject({
      id: account.response.user.id,
      name: 'Kebede Michael',
      auth_provider: 'password',
      profile_picture: 'https://example.com/avatars/kebede.michael.png',
    });
    expect((await userRow('kebede.michael@example.com')).googleId).toBe('kebede.michael');
    // The password still works.
    const login = await server.request('/api/auth/login', {
      body: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(200);
  });

  it('asks for the second factor when the account has two-factor sign-in (no token in the redirect)', async () => {
    const account = await signUp(server, { fullName: 'Almaz Tesfaye', email: 'almaz.tesfaye@example.com' });
    const setup = await server.request<TwoFactorSetup>('/api/account/two-factor/setup', {
      method: 'POST',
      token: account.token,
    });
    const step = totpStep(new Date());
    const enabled = await server.request('/api/account/two-factor/enable', {
      token: account.token,
      body: { code: totpCode(setup.body.secret, step) },
    });
    expect(enabled.status).toBe(200);

    const landing = await signInWithGoogle(newBrowser(), 'almaz.tesfaye');
    expect(`${landing.origin}${landing.pathname}`).toBe(`${server.config.publicUrl}/login`);
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('token')).toBeNull();
    const challenge = fragment.get('challenge') ?? '';
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const done = await server.request<LoginResponse>('/api/auth/login/2fa', {
      body: { challenge, code: totpCode(setup.body.secret, step + 1) },
    });
    expect(done.status).toBe(200);
    const me = await server.request<MeResponse>('/api/auth/me', { token: done.body.token });
    expect(me.body.user.id).toBe(account.response.user.id);
  });

  it('refuses a suspended account with error=suspended', async () => {
    const account = await signUp(server, { email: 'suspended.reader@example.com' });
    await server.db.update(users).set({ status: 'suspended' }).where(eq(users.email, account.email));
    const callback = await signInWithGoogle(newBrowser(), 'suspended.reader');
    expect(callback.href).toBe(`${server.config.publicUrl}/login?error=suspended`);
    expect((await userRow('suspended.reader@example.com')).googleId).toBeNull();
  });

  it('refuses an unverified email with error=google_failed', async () => {
    const callback = await signInWithGoogle(newBrowser(), 'unverified.reader');
    expect(callback.href).toBe(`${server.config.publicUrl}/login?error=google_failed`);
    expect(
      await server.db.select().from(users).where(eq(users.email, 'unverified.reader@example.com')),
    ).toHaveLength(0);
  });

  it('refuses a callback whose state was not started by this browser', async () => {
    const attacker = newBrowser();
    const start = await attacker.visit(new URL(`${server.url}/api/auth/google`));
    const providerUrl = new URL(start.headers.get('location')!);
    // The victim's browser follows the attacker's link (no state cookie of its own).
    const victim = newBrowser();
    const callback = await signInWithGoogle(victim, 'victim.reader', providerUrl.href);
    expect(callback.href).toBe(`${server.config.publicUrl}/login?error=google_failed`);
  });

  it('refuses a forged or replayed callback', async () => {
    const res = await server.request('/api/auth/google/callback?code=forged&state=forged', {
      headers: { cookie: 'nebab_oidc_state=forged' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${server.config.publicUrl}/login?error=google_failed`);
    const denied = await server.request('/api/auth/google/callback?error=access_denied');
    expect(denied.headers.get('location')).toBe(`${server.config.publicUrl}/login?error=google_failed`);
  });
});

describe('Google sign-in when not configured', () => {
  it('redirects to the login page with error=google_not_configured, and providers says false', async () => {
    const bare = await startTestServer();
    try {
      expect((await bare.request('/api/auth/providers')).body).toEqual({ google: false });
      const res = await bare.request<ErrorBody>('/api/auth/google');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${bare.config.publicUrl}/login?error=google_not_configured`);
      const callback = await bare.request('/api/auth/google/callback?code=x&state=y');
      expect(callback.headers.get('location')).toBe(
        `${bare.config.publicUrl}/login?error=google_not_configured`,
      );
    } finally {
      await bare.close();
    }
  });
});

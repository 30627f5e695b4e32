import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { E2E_ADMIN } from './ports';
import { newReader } from './fixtures';

/** Preferences that let a reader past the wizard. */
export const READY_PREFERENCES = {
  languages: ['en', 'am'],
  genres: ['fantasy', 'history'],
  ageGroup: null,
  bookLength: null,
  authors: [],
};

/** localStorage key of the session token (spec §4; TOKEN_STORAGE_KEY of @nebab/shared). */
const TOKEN_STORAGE_KEY = 'NR_token';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new reader made over the API, with preferences saved (the guards let them in). */
export async function apiReader(
  request: APIRequestContext,
  prefix = 'api-reader',
  fullName?: string,
): Promise<{ token: string; fullName: string; email: string; password: string }> {
  const reader = { ...newReader(prefix), ...(fullName ? { fullName } : {}) };
  const signup = await request.post('/api/auth/signup', {
    data: { ...reader, confirmPassword: reader.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  const saved = await request.put('/api/preferences', { data: READY_PREFERENCES, headers: auth(token) });
  expect(saved.ok()).toBe(true);
  return { token, ...reader };
}

/** The first admin's session (preferences saved so the guards let them in). */
export async function apiAdmin(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  await request.put('/api/preferences', { data: READY_PREFERENCES, headers: auth(token) });
  return token;
}

/** Signs the browser context in with `token`, as the app does after a login. */
export async function useToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [TOKEN_STORAGE_KEY, token] as const,
  );
}

/** A JSON request with the token. */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  token: string | null,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, { method, data, headers: token ? auth(token) : {} });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json().catch(() => undefined)) as T;
}

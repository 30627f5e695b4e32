import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './client';
import { onSessionEnded } from './sessionEvents';

function answer(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('a request whose stored token the server refuses ends the session', () => {
  const ended = vi.fn();
  let off: () => void;

  beforeEach(() => {
    window.localStorage.setItem('NR_token', 'stored-token');
    off = onSessionEnded(ended);
  });
  afterEach(() => {
    off();
    ended.mockReset();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it.each([
    [401, 'UNAUTHENTICATED'],
    [403, 'SUSPENDED'],
  ])('%i %s with the stored token: reported', async (status, code) => {
    vi.stubGlobal('fetch', answer(status, { error: { code, message: 'No' } }));
    await expect(apiRequest('/api/reading-list')).rejects.toMatchObject({ status, code });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('not for a wrong current password (401 INVALID_CREDENTIALS) or a forbidden page (403 FORBIDDEN)', async () => {
    vi.stubGlobal('fetch', answer(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Wrong' } }));
    await expect(apiRequest('/api/auth/password', { method: 'PUT', body: {} })).rejects.toThrow('Wrong');
    vi.stubGlobal('fetch', answer(403, { error: { code: 'FORBIDDEN', message: 'Not yours' } }));
    await expect(apiRequest('/api/admin/users')).rejects.toThrow('Not yours');
    expect(ended).not.toHaveBeenCalled();
  });

  it('not when the request carried no token, or another token than the stored one', async () => {
    vi.stubGlobal('fetch', answer(401, { error: { code: 'UNAUTHENTICATED', message: 'No' } }));
    await expect(apiRequest('/api/auth/me', { token: null })).rejects.toThrow('No');
    await expect(apiRequest('/api/auth/me', { token: 'just-issued' })).rejects.toThrow('No');
    window.localStorage.clear();
    await expect(apiRequest('/api/reading-list')).rejects.toThrow('No');
    expect(ended).not.toHaveBeenCalled();
  });
});

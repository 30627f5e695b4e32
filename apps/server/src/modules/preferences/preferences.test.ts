import type { ErrorBody, SavedPreferences } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const put = (token: string, body: unknown, lang?: 'en' | 'am') =>
  server.request<SavedPreferences & ErrorBody>('/api/preferences', { method: 'PUT', token, body, lang });

describe('/api/preferences', () => {
  it('answers 404 NOT_FOUND before the wizard is finished', async () => {
    const { token } = await signUp(server);
    const res = await server.request<ErrorBody>('/api/preferences', { token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('saves and reads back the spec §3 shape', async () => {
    const { token } = await signUp(server);
    const input = {
      languages: ['am', 'en'],
      genres: ['poetry', 'history'],
      ageGroup: 'adult',
      bookLength: 'long',
      authors: ['Bealu Girma'],
    };
    const saved = await put(token, input);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(input);
    const read = await server.request<SavedPreferences>('/api/preferences', { token });
    expect(read.body).toEqual(input);

    const replaced = await put(token, { languages: ['en'], genres: ['fantasy'] });
    expect(replaced.body).toEqual({
      languages: ['en'],
      genres: ['fantasy'],
      ageGroup: null,
      bookLength: null,
      authors: [],
    });
  });

  it('requires at least one language and one genre (spec §5)', async () => {
    const { token } = await signUp(server);
    const empty = await put(token, { languages: [], genres: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({
      languages: 'Please select at least one language',
      genres: 'Please select at least one genre',
    });
    const missing = await put(token, {}, 'am');
    expect(missing.body.error.fields).toEqual({
      languages: 'እባክዎ ቢያንስ አንድ ቋንቋ ይምረጡ',
      genres: 'እባክዎ ቢያንስ አንድ ዘውግ ይምረጡ',
    });
  });

  it('refuses unknown genres and oversized lists with a generic field message', async () => {
    const { token } = await signUp(server);
    const res = await put(token, {
      languages: ['en'],
      genres: ['not-a-genre'],
      authors: Array.from({ length: 16 }, (_, i) => `Author ${i}`),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      genres: 'This value is not valid',
      authors: 'This value is not valid',
    });
  });

  it('needs a session', async () => {
    expect((await server.request('/api/preferences')).status).toBe(401);
    expect((await server.request('/api/preferences', { method: 'PUT', body: {} })).status).toBe(401);
  });
});

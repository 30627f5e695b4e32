/**
 * Direction tricks and control characters in names and titles (issue 16, point 6): every name and
 * title field refuses bidirectional controls (`abc\u202Egnp.exe` displays as "abcexe.png") with a
 * message naming the field, in the reader's language, and stores nothing.
 */
import type { ErrorBody } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub } from '../../test/clubs-helpers.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../test/helpers.js';

let server: TestServer;
let token: string;
let clubId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signUp(server)).token;
  clubId = (await createClub(server.request, token)).id;
});
afterAll(() => server?.close());

const TRICKS = ['abc\u202Egnp.exe', 'Abebe\u2066 Bikila\u2069', 'Club\u200F name', 'Title\u202A x'];
const DIRECTION = 'Remove the hidden text-direction characters (such as U+202E) from this field';

function expectRefused(res: { status: number; body: ErrorBody }, field: string, message = DIRECTION) {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION');
  expect(res.body.error.fields?.[field]).toBe(message);
}

describe('direction tricks in names and titles', () => {
  it.each(TRICKS)(
    'refuses %j as a sign-up name, a profile name, a club name and a topic title',
    async (trick) => {
      expectRefused(
        await server.request<ErrorBody>('/api/auth/signup', {
          body: {
            fullName: trick,
            email: uniqueEmail(),
            password: 'Secret@2024',
            confirmPassword: 'Secret@2024',
          },
        }),
        'fullName',
      );
      expectRefused(
        await server.request<ErrorBody>('/api/account/profile', {
          method: 'PUT',
          token,
          body: { name: trick },
        }),
        'name',
      );
      expectRefused(
        await server.request<ErrorBody>('/api/clubs', { token, body: { name: trick, visibility: 'public' } }),
        'name',
      );
      expectRefused(
        await server.request<ErrorBody>(`/api/clubs/${clubId}`, {
          method: 'PATCH',
          token,
          body: { name: trick },
        }),
        'name',
      );
      expectRefused(
        await server.request<ErrorBody>(`/api/clubs/${clubId}/topics`, {
          token,
          body: { title: trick, body: 'A fine topic body' },
        }),
        'title',
      );
      expectRefused(
        await server.request<ErrorBody>('/api/book-suggestions', {
          token,
          body: { title: trick, author: 'Someone' },
        }),
        'title',
      );
    },
  );

  it('says so in Amharic, and refuses control characters with their own message', async () => {
    const am = await server.request<ErrorBody>('/api/clubs', {
      token,
      lang: 'am',
      body: { name: 'abc\u202Egnp.exe' },
    });
    expectRefused(am, 'name', 'ከዚህ መስክ ውስጥ የማይታዩ የጽሑፍ አቅጣጫ መቆጣጠሪያ ምልክቶችን (ለምሳሌ U+202E) ያስወግዱ');
    expectRefused(
      await server.request<ErrorBody>('/api/clubs', { token, body: { name: 'Bell\u0007 club' } }),
      'name',
      'This field contains control characters; please remove them',
    );
  });

  it('keeps accepting Amharic and mixed-script names', async () => {
    const res = await server.request('/api/clubs', { token, body: { name: 'የንባብ ክበብ Addis' } });
    expect(res.status).toBe(201);
  });
});

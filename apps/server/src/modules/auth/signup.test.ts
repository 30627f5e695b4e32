import { userSchema, type ErrorBody, type SignupResponse } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { GOOD_PASSWORD, startTestServer, uniqueEmail, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const valid = () => ({
  fullName: 'Tirunesh Dibaba',
  email: uniqueEmail(),
  password: GOOD_PASSWORD,
  confirmPassword: GOOD_PASSWORD,
});

/** Posts a signup with `changes` applied to a valid form (undefined removes a field). */
async function signupWith(changes: Record<string, unknown>, lang?: 'en' | 'am') {
  const body: Record<string, unknown> = { ...valid(), ...changes };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return server.request<ErrorBody>('/api/auth/signup', { body, lang });
}

describe('POST /api/auth/signup validation (spec §5, first failing rule per field)', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['fullName missing', { fullName: undefined }, 'fullName', 'Full name is required'],
    ['fullName blank', { fullName: '   ' }, 'fullName', 'Full name is required'],
    ['fullName too short', { fullName: 'Ab' }, 'fullName', 'Full Name must be at least 3 characters'],
    ['email missing', { email: undefined }, 'email', 'Email is required'],
    ['email empty', { email: '' }, 'email', 'Email is required'],
    ['email invalid', { email: 'not-an-email' }, 'email', 'Invalid email format'],
    ['password missing', { password: undefined }, 'password', 'Password is required'],
    [
      'password too short',
      { password: 'Ab1!', confirmPassword: 'Ab1!' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      'password without uppercase',
      { password: 'secret@2024', confirmPassword: 'secret@2024' },
      'password',
      'Must contain at least one uppercase letter',
    ],
    [
      'password without lowercase',
      { password: 'SECRET@2024', confirmPassword: 'SECRET@2024' },
      'password',
      'Must contain at least one lowercase letter',
    ],
    [
      'password without digit',
      { password: 'Secret@word', confirmPassword: 'Secret@word' },
      'password',
      'Must contain at least one number',
    ],
    [
      'password without special character',
      { password: 'Secret2024', confirmPassword: 'Secret2024' },
      'password',
      'Must contain at least one special character',
    ],
    [
      'confirmPassword missing',
      { confirmPassword: undefined },
      'confirmPassword',
      'Confirm password is required',
    ],
    [
      'confirmPassword different',
      { confirmPassword: 'Secret@2025' },
      'confirmPassword',
      'Passwords must match',
    ],
  ];

  it.each(cases)('%s', async (_name, changes, field, message) => {
    const res = await signupWith(changes);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.message).toBe('Please check the highlighted fields');
    expect(res.body.error.fields).toEqual({ [field]: message });
  });

  it('reports one message per field for an empty body', async () => {
    const res = await server.request<ErrorBody>('/api/auth/signup', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Confirm password is required',
    });
  });

  it('reports the shortness of a password before its missing character classes', async () => {
    const res = await signupWith({ password: 'abc', confirmPassword: 'abc' });
    expect(res.body.error.fields?.password).toBe('Password must be at least 8 characters');
  });

  it('still reports a mismatch while other fields fail', async () => {
    const res = await signupWith({ fullName: 'Al', confirmPassword: 'Other@2024' });
    expect(res.body.error.fields).toEqual({
      fullName: 'Full Name must be at least 3 characters',
      confirmPassword: 'Passwords must match',
    });
  });

  it('answers in Amharic for Accept-Language: am', async () => {
    const res = await server.request<ErrorBody>('/api/auth/signup', { method: 'POST', lang: 'am' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('እባክዎ የተመለከቱትን መስኮች ያረጋግጡ');
    expect(res.body.error.fields).toEqual({
      fullName: 'ሙሉ ስም ያስፈልጋል',
      email: 'ኢሜይል ያስፈልጋል',
      password: 'የይለፍ ቃል ያስፈልጋል',
      confirmPassword: 'የይለፍ ቃል ማረጋገጫ ያስፈልጋል',
    });
    const invalid = await signupWith({ email: 'nope', password: 'secret@2024', confirmPassword: 'x' }, 'am');
    expect(invalid.body.error.fields).toEqual({
      email: 'የኢሜይል ቅርጸቱ ትክክል አይደለም',
      password: 'ቢያንስ አንድ ትልቅ የላቲን ፊደል መያዝ አለበት',
      confirmPassword: 'የይለፍ ቃሎቹ መመሳሰል አለባቸው',
    });
  });
});

describe('POST /api/auth/signup', () => {
  it('creates the account and answers 201 { token, role, landing: true, message, user }', async () => {
    const email = uniqueEmail('New.Reader');
    const res = await server.request<SignupResponse>('/api/auth/signup', {
      body: {
        fullName: '  Haile Gebrselassie ',
        email: `  ${email.toUpperCase()} `,
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
      },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['landing', 'message', 'role', 'token', 'user']);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.role).toBe('user');
    expect(res.body.landing).toBe(true);
    expect(res.body.message).toBe('Account created. Welcome to Nebab!');
    const user = userSchema.strict().parse(res.body.user);
    expect(user).toMatchObject({
      name: 'Haile Gebrselassie',
      email: email.toLowerCase(),
      role: 'user',
      status: 'active',
      auth_provider: 'password',
      profile_picture: null,
      booksRead: 0,
      reviewsWritten: 0,
    });
    expect(new Date(user.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const me = await server.request<{ user: unknown }>('/api/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(res.body.user);
  });

  it('answers the success message in Amharic', async () => {
    const res = await server.request<SignupResponse>('/api/auth/signup', { body: valid(), lang: 'am' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('መለያዎ ተፈጥሯል። ወደ ንባብ እንኳን ደህና መጡ!');
  });

  it('answers 409 CONFLICT for a taken email, ignoring case', async () => {
    const form = valid();
    expect((await server.request('/api/auth/signup', { body: form })).status).toBe(201);
    const again = await server.request<ErrorBody>('/api/auth/signup', {
      body: { ...valid(), email: form.email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
      fields: { email: 'An account with this email already exists' },
    });
    const amharic = await server.request<ErrorBody>('/api/auth/signup', {
      body: { ...valid(), email: form.email },
      lang: 'am',
    });
    expect(amharic.body.error.message).toBe('በዚህ ኢሜይል የተመዘገበ መለያ አስቀድሞ አለ');
  });

  it('stores no password or token in clear', async () => {
    const form = valid();
    const res = await server.request<SignupResponse>('/api/auth/signup', { body: form });
    const [user] = await server.db.select().from(users).where(eq(users.email, form.email));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [session] = await server.db.select().from(sessions).where(eq(sessions.userId, res.body.user.id));
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.tokenHash).not.toContain(res.body.token);
  });
});

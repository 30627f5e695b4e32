import type { ErrorBody, LoginResponse, MeResponse } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin-commands.js';
import { users } from '../../db/schema/index.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      // Admin routes arrive with later issues; this one exercises the guard they will use.
      beforeListen: (app) => {
        app.get('/api/test/admin-only', { onRequest: app.requireRole('admin') }, async () => ({ ok: true }));
      },
    },
  );
});
afterAll(() => server?.close());

const login = (target: TestServer, email: string, password: string) =>
  target.request<LoginResponse>('/api/auth/login', { body: { email, password } });

describe('first admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('creates the admin on start when the account does not exist', async () => {
    const email = uniqueEmail('Admin');
    const booted = await startTestServer({
      adminEmail: email.toLowerCase(),
      adminPassword: 'Admin@Pass2024',
    });
    try {
      const res = await login(booted, email, 'Admin@Pass2024');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ role: 'admin', landing: true });
      const me = await booted.request<MeResponse>('/api/auth/me', { token: res.body.token });
      expect(me.body.user).toMatchObject({
        role: 'admin',
        email: email.toLowerCase(),
        auth_provider: 'password',
      });
    } finally {
      await booted.close();
    }
  });

  it('promotes an existing user without touching the password', async () => {
    const account = await signUp(server);
    const booted = await startTestServer({ adminEmail: account.email, adminPassword: 'Ignored@Pass2024' });
    try {
      expect((await login(booted, account.email, 'Ignored@Pass2024')).status).toBe(401);
      const res = await login(booted, account.email, account.password);
      expect(res.body.role).toBe('admin');
    } finally {
      await booted.close();
    }
  });

  it('is idempotent across restarts', async () => {
    const email = uniqueEmail('admin-twice');
    for (let i = 0; i < 2; i += 1) {
      const booted = await startTestServer({ adminEmail: email, adminPassword: 'Admin@Pass2024' });
      await booted.close();
    }
    const rows = await server.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe('admin');
  });
});

describe("requireRole('admin')", () => {
  it('answers 401 without a session, 403 FORBIDDEN for a user and lets an admin through', async () => {
    expect((await server.request('/api/test/admin-only')).status).toBe(401);
    const account = await signUp(server);
    const asUser = await server.request<ErrorBody>('/api/test/admin-only', { token: account.token });
    expect(asUser.status).toBe(403);
    expect(asUser.body.error).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do that' });
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, account.email));
    const asAdmin = await server.request('/api/test/admin-only', { token: account.token });
    expect(asAdmin.status).toBe(200);
  });
});

describe('npm run admin -- promote <email>', () => {
  const capture = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return {
      lines,
      output: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) },
    };
  };

  it('promotes an existing user (email in any case)', async () => {
    const account = await signUp(server);
    const { lines, output } = capture();
    const code = await runAdminCommand(['promote', account.email.toUpperCase()], server.database, output);
    expect(code).toBe(0);
    expect(lines.out).toEqual([`${account.email} is now an admin.`]);
    expect((await login(server, account.email, account.password)).body.role).toBe('admin');
  });

  it('explains when there is no such account and exits non-zero', async () => {
    const { lines, output } = capture();
    const email = uniqueEmail('ghost');
    expect(await runAdminCommand(['promote', email], server.database, output)).toBe(1);
    expect(lines.err[0]).toContain(`No account with the email ${email}`);
  });

  it('prints the usage for anything else', async () => {
    const { lines, output } = capture();
    expect(await runAdminCommand(['demote', 'x@example.org'], server.database, output)).toBe(2);
    expect(await runAdminCommand([], server.database, output)).toBe(2);
    expect(lines.err).toEqual([
      'Usage: npm run admin -- promote <email>',
      'Usage: npm run admin -- promote <email>',
    ]);
  });
});

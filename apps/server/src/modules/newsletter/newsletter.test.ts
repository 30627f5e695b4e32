import type { ErrorBody } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema/index.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('POST /api/newsletter', () => {
  it('subscribes once, idempotently', async () => {
    const first = await server.request('/api/newsletter', { body: { email: 'Reader@Example.org' } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ subscribed: true });
    const again = await server.request('/api/newsletter', {
      body: { email: 'reader@example.org', language: 'am' },
    });
    expect(again.status).toBe(201);
    const rows = await server.db.select().from(newsletterSubscriptions);
    expect(rows.filter((r) => r.email === 'reader@example.org')).toHaveLength(1);
  });

  it('validates the address', async () => {
    const blank = await server.request<ErrorBody>('/api/newsletter', { body: { email: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields?.email).toBe('Email is required');
    const bad = await server.request<ErrorBody>('/api/newsletter', { body: { email: 'not-an-email' } });
    expect(bad.body.error.fields?.email).toBe('Invalid email format');
  });
});

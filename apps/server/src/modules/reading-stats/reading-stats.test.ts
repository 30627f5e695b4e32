import { statsQuerySchema, type ErrorBody, type Goal, type ReadingStats } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { arrangeHistory, type History } from './reading-stats.fixture.js';

/**
 * What HTTP adds to the stats and the goal: the answer as served (the figures themselves are
 * reading-stats.service.test.ts), validation in both languages, sessions. The reader's history is
 * reading-stats.fixture.ts; its session token is the factory's.
 */
let server: TestServer;
let history: History;
let token: string;

const request = <T>(path: string, options: { method?: string; body?: unknown; token?: string } = {}) =>
  server.request<T & ErrorBody>(path, { token, ...options });

beforeAll(async () => {
  server = await startTestServer();
  history = await arrangeHistory(server.db, server.app.services);
  token = history.reader.token;
});

afterAll(() => server?.close());

const stats = (query = '') => request<ReadingStats>(`/api/me/stats${query}`);

describe('GET /api/me/stats', () => {
  it('serves the figures the service computes, for a year and for all time', async () => {
    for (const query of [
      '?year=2024',
      '',
      '?year=2016&calendar=ethiopic',
      '?year=2025&tz=Africa/Addis_Ababa',
    ]) {
      const res = await stats(query);
      expect(res.status, query).toBe(200);
      const expected = await server.app.services.readingStats.stats(
        history.reader.actor,
        statsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))),
      );
      expect(res.body, query).toEqual(expected);
    }
    expect((await stats('?year=2024')).body.totals.books).toBe(4);
  });

  it('refuses a bad year, calendar or time zone, and needs a session', async () => {
    for (const query of [
      '?year=1800',
      '?year=20x4',
      '?year=newest',
      '?calendar=julian',
      '?tz=Mars/Olympus',
    ]) {
      const res = await stats(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await server.request<ErrorBody>('/api/me/stats')).status).toBe(401);
  });
});

describe('PUT and GET /api/me/goal', () => {
  it('sets, reads and removes a goal over HTTP', async () => {
    const set = await request<Goal>('/api/me/goal', {
      method: 'PUT',
      body: { year: 2024, books: 5, pages: 2000 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ year: 2024, books: 5, pages: 2000, progress: { books: 4, pages: 1200 } });
    expect((await request<Goal>('/api/me/goal?year=2024')).body.books).toBe(5);
    expect((await request('/api/me/goal?year=2024', { method: 'DELETE' })).status).toBe(204);
    expect((await request('/api/me/goal?year=2024', { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses goals out of range with the field named, in both languages', async () => {
    const cases: [unknown, string][] = [
      [{ year: 2024, books: 0 }, 'books'],
      [{ year: 2024, books: 1001 }, 'books'],
      [{ year: 2024, books: 2.5 }, 'books'],
      [{ year: 2024 }, 'books'],
      [{ year: 2024, books: 3, pages: 0 }, 'pages'],
      [{ year: 1800, books: 3 }, 'year'],
    ];
    for (const [body, field] of cases) {
      const res = await request('/api/me/goal', { method: 'PUT', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const am = await server.request<ErrorBody>('/api/me/goal', {
      method: 'PUT',
      token,
      lang: 'am',
      body: { year: 2024, books: 0 },
    });
    expect(am.body.error.fields?.books).toBe('ከ1 እስከ 1,000 መጻሕፍት ይምረጡ');
    expect(
      (await server.request<ErrorBody>('/api/me/goal', { method: 'PUT', body: { year: 2024, books: 3 } }))
        .status,
    ).toBe(401);
  });
});

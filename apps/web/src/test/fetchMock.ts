import { vi } from 'vitest';

export interface MockReply {
  status?: number;
  body?: unknown;
}

type Handler = (request: {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
}) => MockReply | undefined | Promise<MockReply | undefined>;

/** Replaces `fetch` with a router of `METHOD /path` handlers; unknown calls answer 404. Returns the call log. */
export function mockFetch(handlers: Record<string, MockReply | Handler>) {
  const calls: { method: string; url: string; body: unknown; headers: Headers }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, headers });
    const path = new URL(url, 'http://localhost').pathname;
    const handler = handlers[`${method} ${path}`];
    const reply = typeof handler === 'function' ? await handler({ url, method, body, headers }) : handler;
    const status = reply?.status ?? (reply ? 200 : 404);
    const payload =
      reply?.body ?? (reply ? undefined : { error: { code: 'NOT_FOUND', message: 'Not found' } });
    if (status === 204) return new Response(null, { status });
    return new Response(payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

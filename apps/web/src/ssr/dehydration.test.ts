import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { hydrateServerState, serializeErrors, shouldSendQuery } from './dehydration';

/** The page's state as the server sends it when `key` was answered with `status`. */
async function serverState(key: string[], status: number) {
  const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await server
    .fetchQuery({
      queryKey: key,
      queryFn: () => Promise.reject(new ApiError(status, 'NOT_FOUND', 'Book not found', {})),
    })
    .catch(() => undefined);
  return serializeErrors(dehydrate(server, { shouldDehydrateQuery: shouldSendQuery }));
}

describe('hydrating the server’s answers', () => {
  it('keeps a 404 as the server rendered it for a visitor, and asks again with a signed-in reader’s token', async () => {
    const key = ['books', 'reader-abc'];
    const state = await serverState(key, 404);

    const visitor = new QueryClient();
    hydrateServerState(visitor, state, false);
    expect(visitor.getQueryState(key)?.status).toBe('error');
    expect((visitor.getQueryState(key)?.error as ApiError).status).toBe(404);
    expect(visitor.getQueryDefaults(key).retryOnMount).toBe(false);

    const reader = new QueryClient();
    hydrateServerState(reader, state, true);
    expect(reader.getQueryState(key)?.status).toBe('error');
    expect(reader.getQueryDefaults(key).retryOnMount).toBeUndefined();
  });

  it('does not ask again for an error a token cannot change', async () => {
    const key = ['books', 'broken'];
    const reader = new QueryClient();
    hydrateServerState(reader, await serverState(key, 400), true);
    expect(reader.getQueryDefaults(key).retryOnMount).toBe(false);
  });
});

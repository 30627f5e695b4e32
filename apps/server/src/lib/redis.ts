import { createClient } from 'redis';
import type { Logger } from './logger.js';
import type { RedisScripting } from './rate-limiter-redis.js';

/** What the app uses of its own Redis client. */
export interface RedisClient extends RedisScripting {
  close(): Promise<void>;
}

/** Longest wait between reconnection attempts once the client has been connected. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * Opens a node-redis client for the app's own commands (the shared rate limits). Fails fast when
 * Redis cannot be reached at start (a configured REDIS_URL is needed, so the app should not start
 * half-working); afterwards it reconnects on its own. Commands issued while it is disconnected fail
 * at once instead of waiting in a queue, so callers can fall back (see rate-limiter-redis.ts).
 */
export async function openRedis(url: string, logger: Logger): Promise<RedisClient> {
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      reconnectStrategy: (retries, cause) =>
        connected ? Math.min(100 * (retries + 1), MAX_RECONNECT_DELAY_MS) : cause,
    },
  });
  client.on('error', (error: unknown) => {
    if (connected) logger.error({ err: error }, 'redis client error');
  });
  await client.connect();
  connected = true;
  return client;
}

/** Closes the client, ignoring a connection that is already gone. */
export async function closeRedis(client: RedisClient): Promise<void> {
  await client.close().catch(() => undefined);
}

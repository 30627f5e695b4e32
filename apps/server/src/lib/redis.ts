import { createClient } from 'redis';
import type { Logger } from './logger.js';
import type { RedisScripting } from './rate-limiter-redis.js';

/** What the app uses of its own Redis client. */
export interface RedisClient extends RedisScripting {
  /** True while connected and usable. */
  readonly isReady: boolean;
  close(): Promise<void>;
}

/** Whether every Redis connection of the app is usable now (`/api/health`). */
export type RedisState = 'up' | 'down';

/** Longest wait between reconnection attempts once the client has been connected. */
const MAX_RECONNECT_DELAY_MS = 2_000;

function newClient(url: string, reconnect: (retries: number, cause: Error) => number | Error) {
  return createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: reconnect } });
}

/** A node-redis client as the app opens it. */
export type NodeRedisClient = ReturnType<typeof newClient>;

/**
 * Opens a node-redis client. Fails fast when Redis cannot be reached at start (a configured
 * REDIS_URL is needed, so the app should not start half-working); afterwards it reconnects on its
 * own, for ever, with a backoff of at most 2 s. Commands issued while it is disconnected fail at
 * once instead of waiting in a queue, so callers degrade (rate limits count in memory, broadcasts
 * stay on this node) rather than pile up. An outage is logged once when it starts and once when it
 * ends, not at every reconnection attempt.
 */
export async function openRedis(url: string, logger: Logger, role = 'commands'): Promise<NodeRedisClient> {
  let connected = false;
  let down = false;
  const client = newClient(url, (retries, cause) =>
    connected ? Math.min(100 * (retries + 1), MAX_RECONNECT_DELAY_MS) : cause,
  );
  client.on('error', (error: unknown) => {
    if (!connected || down) return;
    down = true;
    logger.warn({ err: error, role }, 'redis unavailable: degrading until it is back');
  });
  client.on('ready', () => {
    if (down) logger.info({ role }, 'redis is back');
    down = false;
  });
  await client.connect();
  connected = true;
  return client;
}

/** Closes the client, ignoring a connection that is already gone. */
export async function closeRedis(client: { close(): Promise<void> }): Promise<void> {
  await client.close().catch(() => undefined);
}

/**
 * Every Redis connection of one app (the rate limits' client, the Socket.IO adapter's publisher
 * and subscriber): opened by role, closed together, and asked together whether Redis is up.
 */
export interface RedisLinks {
  open(role: string): Promise<NodeRedisClient>;
  state(): RedisState;
  close(): Promise<void>;
}

export function redisLinks(url: string, logger: Logger): RedisLinks {
  const clients: NodeRedisClient[] = [];
  return {
    async open(role) {
      const client = await openRedis(url, logger, role);
      clients.push(client);
      return client;
    },
    state: () => (clients.every((client) => client.isReady) ? 'up' : 'down'),
    async close() {
      await Promise.all(clients.splice(0).map((client) => closeRedis(client)));
    },
  };
}

/**
 * The same client, but `publish` never rejects: a failure is reported to `onError` and answers 0
 * receivers. The Socket.IO Redis adapter publishes without awaiting, so a publish that fails while
 * Redis is down would otherwise be an unhandled rejection, which ends a Node process.
 */
export function withSafePublish<T extends { publish(...args: never[]): Promise<unknown> }>(
  client: T,
  onError: (error: unknown) => void,
): T {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'publish')
        return (...args: Parameters<T['publish']>) =>
          target.publish(...args).catch((error: unknown) => {
            onError(error);
            return 0;
          });
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

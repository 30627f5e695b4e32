import type { DatabaseKind } from '../../db/client.js';
import type { RedisState } from '../../lib/redis.js';
import type { HealthRepository } from './health.repository.js';

/**
 * How the node is: `ok`; `degraded` while Redis is down (REST works, chat and pushes stay on this
 * node, rate limits count locally); `down` while the database does not answer (requests get 503).
 */
export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  db: DatabaseKind;
  realtime: 'local' | 'redis';
  database: 'up' | 'down';
  /** `off` without REDIS_URL. */
  redis: RedisState | 'off';
}

/** A database that has not answered `select 1` within this is reported down. */
const PING_TIMEOUT_MS = 2_000;

export function createHealthService({
  health,
  realtime,
  redisState,
}: {
  health: HealthRepository;
  realtime: 'local' | 'redis';
  redisState?: () => RedisState;
}) {
  async function databaseState(): Promise<'up' | 'down'> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'down'>((resolve) => {
      timer = setTimeout(() => resolve('down'), PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        health.ping().then(
          () => 'up' as const,
          () => 'down' as const,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Asks the database (bounded by a timeout) and Redis how they are; never throws. */
  async function check(): Promise<HealthReport> {
    const database = await databaseState();
    const redis = redisState ? redisState() : 'off';
    const status = database === 'down' ? 'down' : redis === 'down' ? 'degraded' : 'ok';
    return { status, db: health.kind(), realtime, database, redis };
  }
  return { check };
}

export type HealthService = ReturnType<typeof createHealthService>;

import type { DatabaseKind } from '../../db/client.js';
import type { HealthRepository } from './health.repository.js';

export interface HealthReport {
  status: 'ok';
  db: DatabaseKind;
  realtime: 'local' | 'redis';
}

export function createHealthService({
  health,
  realtime,
}: {
  health: HealthRepository;
  realtime: 'local' | 'redis';
}) {
  /** Checks the database answers; throws (→ 500) when it does not. */
  async function check(): Promise<HealthReport> {
    await health.ping();
    return { status: 'ok', db: health.kind(), realtime };
  }
  return { check };
}

export type HealthService = ReturnType<typeof createHealthService>;

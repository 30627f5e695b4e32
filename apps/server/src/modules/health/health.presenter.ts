import { errorBodySchema } from '@nebab/shared';
import { z } from 'zod';
import type { HealthReport } from './health.service.js';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  db: z.enum(['pglite', 'postgres']),
  realtime: z.enum(['local', 'redis']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
});

/** The 503 of a node whose database is down: our error shape plus the same report. */
export const healthUnavailableSchema = errorBodySchema.extend(healthResponseSchema.shape);

export function presentHealth(report: HealthReport): z.infer<typeof healthResponseSchema> {
  return {
    status: report.status,
    db: report.db,
    realtime: report.realtime,
    database: report.database,
    redis: report.redis,
  };
}

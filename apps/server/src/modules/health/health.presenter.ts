import { z } from 'zod';
import type { HealthReport } from './health.service.js';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  realtime: z.enum(['local', 'redis']),
});

export function presentHealth(report: HealthReport): z.infer<typeof healthResponseSchema> {
  return { status: report.status, db: report.db, realtime: report.realtime };
}

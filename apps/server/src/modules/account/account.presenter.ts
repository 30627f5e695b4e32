import type { AccountSession } from '@nebab/shared';
import type { SessionRow } from '../../db/schema/index.js';

/** A session as the Connected devices list shows it (never its token hash). */
export function presentSession(row: SessionRow, currentSessionId: string): AccountSession {
  return {
    id: row.id,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

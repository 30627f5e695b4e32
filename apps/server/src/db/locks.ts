import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Takes, until the transaction `tx` ends, the lock of one reader's writes under one cap (`cap` names
 * it: `clubs.create`). A cap is a count and an insert: without the lock, parallel requests each count
 * before any has written and all pass (one reader made 120 clubs at once). With it they queue, and
 * each counts — in a statement run after the lock is granted, so with every row the previous holder
 * committed — before it writes. A transaction-level advisory lock: no row of another module's table
 * is locked, it goes with the commit or rollback, and PGlite and PostgreSQL both have it.
 */
export async function lockCap(tx: Db, cap: string, ownerId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${cap}:${ownerId}`}, 0))`);
}

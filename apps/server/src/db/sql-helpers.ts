import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseKind, Db } from './client.js';

/** A `text[]` parameter: one bound PostgreSQL array literal, every element quoted and escaped. */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A LIKE pattern's own characters (`%`, `_`, `\`) escaped, to match them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Runs `work` in a transaction planned for search's capped reads (`… LIMIT 1001`, no order):
 * - sequential scans discouraged (still taken where no index applies): the planner reads a tsquery's
 *   match count off the whole column, blind to the other conditions (a Ge'ez query's keys among
 *   books not in Ge'ez), and bet on meeting a thousand matches early in a sequential scan — on a
 *   million books it then read them all (356 ms) for one match;
 * - 16 MB for its bitmaps (4 MB by default): a word's matches ANDed with a genre's 134,000 books
 *   stayed exact instead of lossy, and the heap visits fell from 13,202 pages to the 78 that match
 *   (95 → 26 ms).
 */
export function planForSearch<T>(db: Db, kind: DatabaseKind, work: (tx: Db) => Promise<T>): Promise<T> {
  // PGlite: a catalogue a machine holds in memory, one connection — where a transaction's extra
  // statements cost a quarter of typeahead's throughput and a sequential scan costs little.
  if (kind === 'pglite') return work(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL work_mem = '16MB'`);
    return work(tx);
  });
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

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

/** PostgreSQL SQLSTATE for a unique-constraint violation. */
const UNIQUE_VIOLATION = '23505';

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The driver error under Drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
function driverError(error: unknown): PgLikeError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === 'string') return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** True when a query failed on a unique constraint (optionally a named one), on PGlite and node-postgres alike. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = driverError(error);
  if (!found || found.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || found.constraint === constraint;
}

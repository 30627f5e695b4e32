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

/**
 * SQLSTATEs of a database that cannot serve right now: connection failures (class 08), a server
 * shutting down or starting (57P01–57P03), too many connections (53300).
 */
const UNAVAILABLE_STATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** Socket errors of node-postgres when the server is gone or unreachable. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** Messages node-postgres and PGlite use for a connection that ended or never came. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^PGlite is closed/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * True when a query failed because the database is unreachable or going away (an outage, a
 * restart), as opposed to a query it refused: the API answers 503 with Retry-After for these.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; syscall?: unknown };
    if (typeof candidate.code === 'string') {
      if (UNAVAILABLE_STATES.has(candidate.code) || UNAVAILABLE_SOCKET_CODES.has(candidate.code)) return true;
      // Through a Unix socket, a stopped server's socket file is gone (only a connect says so: a
      // missing file elsewhere is not the database).
      if (candidate.code === 'ENOENT' && candidate.syscall === 'connect') return true;
    }
    if (
      typeof candidate.message === 'string' &&
      UNAVAILABLE_MESSAGES.some((re) => re.test(candidate.message as string))
    )
      return true;
    current = candidate.cause;
  }
  return false;
}

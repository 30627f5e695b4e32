/**
 * Who may open a path (spec §2 route table, §4 Route guard):
 * - `guest`: `/`, the landing page; signed-in readers are sent onward.
 * - `guestOnly`: `/login`, `/signup`; signed-in readers are sent onward.
 * - `protected`: needs a signed-in reader.
 * - `admin`: needs a signed-in admin; other readers go to `/dashboard`.
 * - `callback`: `/auth/callback`, which stores the token itself.
 * - `public`: anyone.
 */
export type RouteAccess = 'guest' | 'guestOnly' | 'protected' | 'admin' | 'callback' | 'public';

export const PREFERENCES_PATH = '/preferences';
export const LOGIN_PATH = '/login';
export const USER_HOME = '/dashboard';
export const ADMIN_HOME = '/admin/dashboard';

/** Lower-cased pathname without query, hash or trailing slash. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  const lower = bare.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The access rule of a path; matching is case-insensitive like the router's. */
export function accessForPath(path: string): RouteAccess {
  const p = normalisePath(path);
  if (p === '/' || p === '') return 'guest';
  if (p === '/login' || p === '/signup') return 'guestOnly';
  if (p === '/auth/callback') return 'callback';
  if (isUnder(p, '/admin') || isUnder(p, '/upload/book')) return 'admin';
  if (p === PREFERENCES_PATH || isUnder(p, '/dashboard')) return 'protected';
  return 'public';
}

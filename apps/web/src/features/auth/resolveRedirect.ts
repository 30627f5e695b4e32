import type { Role } from '@nebab/shared';
import {
  accessForPath,
  ADMIN_HOME,
  LOGIN_PATH,
  normalisePath,
  PREFERENCES_PATH,
  USER_HOME,
} from './routeAccess';

/** The part of a user the guards look at. */
export interface GuardUser {
  role: Role;
}

/** Where a signed-in reader belongs: their dashboard, or the wizard while they have no preferences. */
export function homeFor(user: GuardUser, hasPreferences: boolean): string {
  if (!hasPreferences) return PREFERENCES_PATH;
  return user.role === 'admin' ? ADMIN_HOME : USER_HOME;
}

/** After login or Google sign-in (spec §4): landing → wizard; admin → admin dashboard; else dashboard. */
export function afterLoginPath(role: Role, landing: boolean): string {
  if (landing) return PREFERENCES_PATH;
  return role === 'admin' ? ADMIN_HOME : USER_HOME;
}

/** After the wizard is saved (spec §4). */
export function afterPreferencesPath(role: Role): string {
  return role === 'admin' ? ADMIN_HOME : USER_HOME;
}

/**
 * The route guard of spec §4 as one pure function: the path to send the visitor to, or null to stay.
 * `hasPreferences` only matters when there is a user.
 */
export function resolveRedirect(
  user: GuardUser | null,
  hasPreferences: boolean,
  path: string,
): string | null {
  const access = accessForPath(path);
  if (access === 'callback') return null;

  if (!user) {
    return access === 'protected' || access === 'admin' ? LOGIN_PATH : null;
  }

  const onPreferences = normalisePath(path) === PREFERENCES_PATH;

  // Session rule: a reader without preferences is taken to the wizard from anywhere else.
  if (!hasPreferences) return onPreferences ? null : PREFERENCES_PATH;

  // A reader who has preferences does not stay on the wizard, login, signup or the guest landing page.
  if (onPreferences || access === 'guest' || access === 'guestOnly') return homeFor(user, true);

  if (access === 'admin' && user.role !== 'admin') return USER_HOME;
  return null;
}

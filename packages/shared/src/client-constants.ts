/**
 * Plain constants the browser needs at start-up. They live apart from the zod schemas so that a
 * client importing them (with `"sideEffects": false`) does not pull zod into its first bundle.
 */

/** Key of localStorage that holds the session token (spec §4). */
export const TOKEN_STORAGE_KEY = 'NR_token';

/** Key of localStorage that mirrors the saved preferences (spec §3). */
export const PREFERENCES_STORAGE_KEY = 'userPreferences';

export const ROLES = ['admin', 'user'] as const;

/** Theme choices of the interface: light, dark or following the system. */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/**
 * Which top-level message sections the first paint needs.
 *
 * The web messages (`locales/{en,am}.json`) and the shared ones (`@nebab/shared/locales/*.json`) are
 * split at build time by the `localeSections` Vite plugin (`./localeSectionsPlugin.ts`): importing a
 * locale file with `?sections=core` gives only the sections listed here, `?sections=rest` every other
 * one. The core is bundled with the entry (English) or loaded before the first render (Amharic); the
 * rest is fetched right after start, and every route not marked with {@link CORE_MESSAGES_ROUTE}
 * waits for it together with its own chunk (see `withMessages.ts`).
 *
 * A section belongs here when code that renders without waiting for the rest uses it: the entry's
 * static imports (shell, toasts, route error and 404 pages), the header's lazy menus and the pages of
 * core routes (the landing page). `sections.test.ts` checks this from the source, so a new key in the
 * shell fails a test until its section is listed.
 *
 * Web and shared section names never clash (`locales.test.ts`), so one list serves both files.
 * Keep it small: everything here is downloaded by every visitor before the landing page shows.
 */
export const CORE_SECTIONS = [
  // shell: header, footer, navigation progress, skip link, session expiry notice
  'app',
  'common',
  'nav',
  'footer',
  'genres',
  'search',
  'sessionUi',
  'notificationsUi',
  'toast',
  // error screens of every route
  'notFound',
  'routeError',
  // the landing page and the book cards it shows
  'landing',
  'books',
  // shared: form validation and the API client's error messages
  'validation',
  'errors',
] as const;

export type CoreSection = (typeof CORE_SECTIONS)[number];

/** The two parts a locale file is split into. */
export type MessagePart = 'core' | 'rest';

export const MESSAGE_PARTS: readonly MessagePart[] = ['core', 'rest'];

const coreSet: ReadonlySet<string> = new Set(CORE_SECTIONS);

export function isCoreSection(section: string): boolean {
  return coreSet.has(section);
}

/** The top-level sections of `messages` that belong to `part` (same order as the file). */
export function pickSections<T extends Record<string, unknown>>(messages: T, part: MessagePart): Partial<T> {
  const wantCore = part === 'core';
  return Object.fromEntries(
    Object.entries(messages).filter(([section]) => isCoreSection(section) === wantCore),
  ) as Partial<T>;
}

/**
 * `handle` of a route whose page renders with the core messages only: its lazy chunk is not held
 * back until the rest of the messages arrive. Only for pages whose sections are all in
 * {@link CORE_SECTIONS} (checked by `sections.test.ts`).
 */
export const CORE_MESSAGES_ROUTE = { coreMessages: true } as const;

export function isCoreMessagesRoute(handle: unknown): boolean {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    (handle as { coreMessages?: unknown }).coreMessages === true
  );
}

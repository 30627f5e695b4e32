import { DEFAULT_GENRE, isGenreSlug, type GenreSlug } from '@nebab/shared';

/** Static pages with their own title and description. */
export const STATIC_PAGES = {
  '/genres': 'genres',
  '/books': 'books',
  '/aboutus': 'about',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/contact': 'contact',
  '/reviews': 'reviews',
} as const;
export type StaticPage = (typeof STATIC_PAGES)[keyof typeof STATIC_PAGES];

/** Anchors of `/genre/{name}/{section}` on the genre page (`lists` is a page of its own). */
const GENRE_SECTIONS: Record<string, string> = { new: 'new-releases', popular: 'popular' };

/** A public page the server describes, from its path and query. */
export type PageRoute =
  | { kind: 'landing' }
  | { kind: 'book'; id: string }
  | { kind: 'genre'; slug: GenreSlug }
  | { kind: 'genreAlias'; slug: GenreSlug; anchor: string }
  | { kind: 'authors'; letter?: string; page?: string; q?: string }
  | { kind: 'author'; name: string }
  | { kind: 'search'; q: string; author: string; filtered: boolean }
  | { kind: 'clubs'; clubId?: string; q?: string }
  | { kind: 'reader'; id: string }
  | { kind: 'list'; id: string }
  | { kind: 'genreLists'; slug: GenreSlug }
  | { kind: 'groups'; slug: GenreSlug }
  | { kind: 'static'; page: StaticPage }
  /**
   * A screen of signed-in readers or admins, or a sign-in page: never indexed, with the screen's own
   * title and description (none: the shell any screen opens in offline).
   */
  | { kind: 'app'; screen?: AppScreen }
  | { kind: 'notFound' }
  /** An old address of a page: moved permanently. */
  | { kind: 'moved'; to: string };

/** Addresses the client also accepts, and where the page lives. */
const MOVED: Record<string, string> = { '/about': '/aboutus', '/clubs': '/community/bookclub' };

/** The screens of signed-in readers and admins, and the sign-in pages, by the path they start with. */
const APP_SCREENS = {
  '/dashboard': 'account',
  '/admin': 'admin',
  '/preferences': 'preferences',
  '/upload': 'admin',
  '/login': 'login',
  '/signup': 'signup',
  '/auth': 'login',
  // The pages of links mailed to readers.
  '/forgot-password': 'login',
  '/reset-password': 'login',
  '/verify-email': 'login',
  // The newsletter's confirmation and unsubscribe links.
  '/newsletter': 'newsletter',
  // The unsubscribe link of notification mail (`/notifications/unsubscribe?token=…`).
  '/notifications': 'login',
  '/delete-account': 'login',
} as const;
export type AppScreen = (typeof APP_SCREENS)[keyof typeof APP_SCREENS] | 'connections';

function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** The page of a path (matched case-insensitively, like the client's router) and its query. */
export function matchPage(pathname: string, query: URLSearchParams): PageRoute {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const lower = clean.toLowerCase();
  const parts = clean.split('/').slice(1);
  const head = parts[0]?.toLowerCase();

  if (lower === '/' || lower === '') return { kind: 'landing' };
  if (lower in MOVED) return { kind: 'moved', to: MOVED[lower]! };
  if (lower in STATIC_PAGES)
    return { kind: 'static', page: STATIC_PAGES[lower as keyof typeof STATIC_PAGES] };
  if (head === 'book' && parts.length === 2) {
    const id = decoded(parts[1]!);
    return id ? { kind: 'book', id } : { kind: 'notFound' };
  }
  if (lower === '/discover') {
    // Read as the client reads it: no genre is the default one (spec §2); an unknown one is no page.
    const genre = (query.get('genre') ?? '').trim().toLowerCase();
    if (!genre) return { kind: 'genre', slug: DEFAULT_GENRE };
    return isGenreSlug(genre) ? { kind: 'genre', slug: genre } : { kind: 'notFound' };
  }
  const genreOf = (part: string) =>
    (decoded(part) ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-');
  if (head === 'genre' && parts.length === 3 && parts[2]!.toLowerCase() === 'lists') {
    const slug = genreOf(parts[1]!);
    return isGenreSlug(slug) ? { kind: 'genreLists', slug } : { kind: 'notFound' };
  }
  if (head === 'groups' && parts.length === 2) {
    const slug = genreOf(parts[1]!);
    return isGenreSlug(slug) ? { kind: 'groups', slug } : { kind: 'notFound' };
  }
  if (head === 'group' && parts.length === 2) {
    const id = decoded(parts[1]!);
    return id ? { kind: 'clubs', clubId: id } : { kind: 'notFound' };
  }
  if (head === 'list' && parts.length === 2) {
    const id = decoded(parts[1]!);
    return id ? { kind: 'list', id } : { kind: 'notFound' };
  }
  if (head === 'reader' && parts.length === 2) {
    const id = decoded(parts[1]!);
    return id ? { kind: 'reader', id } : { kind: 'notFound' };
  }
  // A reader's followers and following: screens of the app, not pages of their own.
  if (head === 'reader' && parts.length === 3 && /^(followers|following)$/i.test(parts[2]!))
    return { kind: 'app', screen: 'connections' };
  if (head === 'genre' && (parts.length === 2 || parts.length === 3)) {
    const slug = (decoded(parts[1]!) ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-');
    const anchor = parts.length === 3 ? GENRE_SECTIONS[parts[2]!.toLowerCase()] : '';
    return isGenreSlug(slug) && anchor !== undefined
      ? { kind: 'genreAlias', slug, anchor }
      : { kind: 'notFound' };
  }
  if (lower === '/authors') {
    return {
      kind: 'authors',
      letter: query.get('letter')?.toUpperCase() || undefined,
      page: query.get('page') || undefined,
      q: query.get('q')?.trim() || undefined,
    };
  }
  if (head === 'author' && parts.length === 2) {
    const name = decoded(parts[1]!)?.trim();
    return name ? { kind: 'author', name } : { kind: 'notFound' };
  }
  if (lower === '/search') {
    return {
      kind: 'search',
      q: query.get('q')?.trim() ?? '',
      author: query.get('author')?.trim() ?? '',
      filtered: [...query.keys()].some((key) => key !== 'lang'),
    };
  }
  if (lower === '/community/bookclub')
    return { kind: 'clubs', clubId: query.get('club') || undefined, q: query.get('q')?.trim() || undefined };
  const prefix = `/${head}`;
  if (prefix in APP_SCREENS) return { kind: 'app', screen: APP_SCREENS[prefix as keyof typeof APP_SCREENS] };
  return { kind: 'notFound' };
}

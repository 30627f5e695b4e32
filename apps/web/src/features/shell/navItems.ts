export { genreHref } from '../../lib/paths';

/** Destinations of the main menu (spec §2 Navigation bar). */
export const NAV_PATHS = {
  home: '/',
  discover: '/books',
  community: '/community/bookclub',
  aboutUs: '/aboutus',
  quickBookAdd: '/upload/book',
  signIn: '/login',
  profileSettings: '/dashboard/settings',
} as const;

/** The 30 genre slugs of the navigation bar, in the order the spec lists them. */
export const GENRE_SLUGS = [
  'art',
  'biography',
  'business',
  'children',
  'christian',
  'classics',
  'comics',
  'cookbooks',
  'fantasy',
  'fiction',
  'graphic-novels',
  'historical-fiction',
  'history',
  'horror',
  'humor',
  'manga',
  'memoir',
  'music',
  'mystery',
  'nonfiction',
  'poetry',
  'psychology',
  'romance',
  'science',
  'science-fiction',
  'self-help',
  'sports',
  'thriller',
  'travel',
  'young-adult',
] as const;

export type GenreSlug = (typeof GENRE_SLUGS)[number];

/** Genre page shown when `/discover` has no `genre` parameter. */
export const DEFAULT_GENRE: GenreSlug = 'biography';

export function isGenreSlug(value: string): value is GenreSlug {
  return (GENRE_SLUGS as readonly string[]).includes(value);
}

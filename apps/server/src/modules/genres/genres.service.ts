import { GENRE_CATALOG, isGenreSlug } from '@nebab/shared';
import { NotFoundError } from '../../lib/errors.js';
import type { BookCard } from '../books/book-card.js';
import type { GenresRepository } from './genres.repository.js';

/** A genre's discussion group as its page lists it. */
export interface GenreGroup {
  id: string;
  name: string;
  memberCount: number;
}

export function createGenresService(deps: {
  genres: GenresRepository;
  /** A genre's discussion groups (its public clubs), answered by the clubs module. */
  groups?: (slug: string) => Promise<GenreGroup[]>;
}) {
  const { genres, groups = async () => [] } = deps;

  return {
    /** The 30 genres of the navigation, in spec order. */
    list: () => genres.list(),

    /** A genre page: its count, new releases, popular books, best of each decade, Ethiopian books, groups. */
    async page(slug: string) {
      if (!isGenreSlug(slug)) throw new NotFoundError();
      const [bookCount, newReleases, popular, decades, ethiopian, genreGroups] = await Promise.all([
        genres.count(slug),
        genres.books(slug, 'newest', 12),
        genres.books(slug, 'popular', 12),
        genres.decades(slug, 6, 3, 10),
        genres.books(slug, 'ethiopian', 12),
        groups(slug),
      ]);
      const byDecade = new Map<number, BookCard[]>();
      for (const row of decades) {
        const list = byDecade.get(Number(row.decade)) ?? [];
        list.push(row);
        byDecade.set(Number(row.decade), list);
      }
      return {
        slug,
        entry: GENRE_CATALOG[slug],
        bookCount,
        newReleases,
        popular,
        byDecade,
        ethiopian,
        groups: genreGroups,
      };
    },

    /** The sitemap's genre pages: each genre with books and its latest change. */
    lastModified: () => genres.lastModified(),
  };
}

export type GenresService = ReturnType<typeof createGenresService>;
export type GenrePage = Awaited<ReturnType<GenresService['page']>>;

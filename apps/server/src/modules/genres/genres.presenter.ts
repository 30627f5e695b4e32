import type {
  BookList,
  GenreCatalogEntry,
  GenreDetail,
  GenreSlug,
  GenreSummary,
  Language,
} from '@nebab/shared';
import { presentGenreListItem } from '../books/books.presenter.js';
import type { GenrePage } from './genres.service.js';

/** `{ slug, name, title, description }` in the request's language. */
export function presentGenre(slug: GenreSlug, entry: GenreCatalogEntry, language: Language): GenreSummary {
  return {
    slug,
    name: entry.name[language],
    title: entry.title[language],
    description: entry.description[language],
  };
}

/** A genre page in the request's language: the best of each decade, then the Ethiopian books, as lists. */
export function presentGenrePage(genre: GenrePage, language: Language): GenreDetail {
  const lists: BookList[] = [...genre.byDecade.entries()].map(([decade, rows]) => ({
    id: `${genre.slug}-${decade}s`,
    kind: 'decade',
    decade,
    items: rows.map(presentGenreListItem),
  }));
  if (genre.ethiopian.length > 0) {
    lists.push({
      id: `${genre.slug}-ethiopian`,
      kind: 'ethiopian',
      decade: null,
      items: genre.ethiopian.map(presentGenreListItem),
    });
  }
  return {
    ...presentGenre(genre.slug, genre.entry, language),
    bookCount: genre.bookCount,
    newReleases: genre.newReleases.map(presentGenreListItem),
    popular: genre.popular.map(presentGenreListItem),
    lists,
    groups: genre.groups,
  };
}

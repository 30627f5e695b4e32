import type { GenreCatalogEntry, GenreSlug, GenreSummary, Language } from '@nebab/shared';

/** `{ slug, name, title, description }` in the request's language. */
export function presentGenre(slug: GenreSlug, entry: GenreCatalogEntry, language: Language): GenreSummary {
  return {
    slug,
    name: entry.name[language],
    title: entry.title[language],
    description: entry.description[language],
  };
}

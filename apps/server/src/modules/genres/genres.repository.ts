import { GENRE_CATALOG, GENRE_SLUGS, type GenreCatalogEntry, type GenreSlug } from '@nebab/shared';

/**
 * The genre catalogue. Today the static bilingual one from `packages/shared`; once books are
 * imported this is where per-genre data from the database (counts, new releases) joins in.
 */
export function createGenresRepository() {
  return {
    list(): Array<{ slug: GenreSlug; entry: GenreCatalogEntry }> {
      return GENRE_SLUGS.map((slug) => ({ slug, entry: GENRE_CATALOG[slug] }));
    },
  };
}

export type GenresRepository = ReturnType<typeof createGenresRepository>;

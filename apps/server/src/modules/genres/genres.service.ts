import { createGenresRepository, type GenresRepository } from './genres.repository.js';

export function createGenresService(genres: GenresRepository = createGenresRepository()) {
  /** The 30 genres of the navigation, in spec order. */
  function list() {
    return genres.list();
  }
  return { list };
}

export type GenresService = ReturnType<typeof createGenresService>;

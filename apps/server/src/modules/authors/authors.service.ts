import { NotFoundError } from '../../lib/errors.js';
import type { BooksService } from '../books/books.service.js';
import type { AuthorsRepository } from './authors.repository.js';

/** Books on an author page (the most rated first). */
const AUTHOR_BOOKS_LIMIT = 60;

export function createAuthorsService(deps: {
  authors: AuthorsRepository;
  /** The books module: the cards of the index's top books. */
  books: Pick<BooksService, 'cards'>;
}) {
  const { authors, books } = deps;

  return {
    /** The author index: primary authors with their count, average rating and most rated book. */
    async index(options: { q?: string; letter?: string; page: number; pageSize: number }) {
      const { items, total } = await authors.index(options);
      const tops = await books.cards(items.map((item) => item.topBookId));
      return { items, tops: new Map(tops.map((card) => [card.id, card])), total };
    },

    /** An author page: the primary author's facts and active books; 404 when no active book has them. */
    async author(name: string) {
      const author = await authors.author(name);
      if (!author) throw new NotFoundError();
      return { author, books: await authors.books(name, AUTHOR_BOOKS_LIMIT) };
    },

    /** The sitemap's author pages (by name). */
    sitemap: {
      count: () => authors.count(),
      page: (offset: number, limit: number) => authors.sitemap(offset, limit),
    },
  };
}

export type AuthorsService = ReturnType<typeof createAuthorsService>;

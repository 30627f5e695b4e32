import type { Db } from './db/client.js';
import type { Logger } from './lib/logger.js';
import { moveSuggestionBook } from './modules/admin-catalogue/admin-catalogue.merge.js';
import { createBooksMatchRepository } from './modules/books/books.match.repository.js';
import { createBookMatchService } from './modules/books/books.match.service.js';
import { createReaderBooksRepository } from './modules/books/books.reader.repository.js';
import { createReaderBooksService } from './modules/books/books.reader.service.js';
import { moveClubBook } from './modules/clubs/clubs.merge.repository.js';
import { exportClubs } from './modules/clubs/clubs.export.js';
import { createExportsService } from './modules/exports/exports.service.js';
import { createImportsRepository } from './modules/imports/imports.repository.js';
import { createImportsService } from './modules/imports/imports.service.js';
import { exportLists } from './modules/lists/lists.export.js';
import { moveListBook } from './modules/lists/lists.merge.repository.js';
import { exportNotificationSettings } from './modules/notifications/notifications.export.js';
import { exportPreferences } from './modules/preferences/preferences.export.js';
import { exportRelationships } from './modules/readers/readers.export.js';
import { exportLibrary, exportShelves } from './modules/reading-list/reading-list.export.js';
import { importEntries } from './modules/reading-list/reading-list.import.js';
import { createReadingListImportRepository } from './modules/reading-list/reading-list.import.repository.js';
import { exportGoals } from './modules/reading-stats/reading-stats.export.js';
import { exportReviews, reviewsByBook } from './modules/reviews/reviews.export.js';
import { createReviewsImportRepository } from './modules/reviews/reviews.import.repository.js';
import { exportProfile } from './modules/users/users.export.js';

/**
 * Bring your library, take it with you (issue 11), wired from each module's own part: the books
 * module matches imported rows and keeps reader-added books, the reading list and reviews write
 * theirs, every module moves its rows when admins merge a duplicate and answers for its part of an
 * export.
 */
export function createLibraryServices(deps: {
  db: Db;
  logger: Logger;
  /** An uploaded cover for a reader-added book (admin-catalogue's). */
  setCover: Parameters<typeof createReaderBooksService>[0]['setCover'];
  /** After a merge or a check: cached lists (trending, search) and search's vocabulary anew. */
  onCatalogueChanged: () => Promise<void>;
  /** Catalogue search: imports look for the rows the books module's matching misses with it. */
  search?: Parameters<typeof createImportsService>[0]['search'];
}) {
  const { db, logger, setCover, onCatalogueChanged, search } = deps;
  /** The books module's matching of imported rows, and reader-added books. */
  const bookMatch = createBookMatchService({ match: createBooksMatchRepository(db) });
  const readingListImport = createReadingListImportRepository(db);
  const reviewsImport = createReviewsImportRepository(db);
  const importsRepo = createImportsRepository(db);
  /** Goodreads / StoryGraph imports: a durable job (app.ts starts its worker) applying rows in batches. */
  const imports = createImportsService({
    db,
    repo: importsRepo,
    logger,
    books: bookMatch,
    search,
    onCatalogueChanged,
    readingList: {
      importEntries: (userId, items, tx) => importEntries(readingListImport, userId, items, tx),
      removeEntry: (userId, bookId, tx) => readingListImport.removeEntry(userId, bookId, tx),
    },
    reviews: {
      importReviews: (userId, items, tx) => reviewsImport.importReviews(userId, items, tx),
      removeImported: (userId, bookId, tx) => reviewsImport.removeImported(userId, bookId, tx),
    },
  });
  /** Readers add missing books; admins check and merge them (each module moves its own rows). */
  const readerBooks = createReaderBooksService({
    db,
    repo: createReaderBooksRepository(db),
    match: bookMatch,
    setCover,
    movers: [
      async (from, to, tx) => ({ entries: await readingListImport.moveBook(from, to, tx) }),
      async (from, to, tx) => ({ reviews: await reviewsImport.moveBook(from, to, tx) }),
      async (from, to, tx) => ({ listItems: await moveListBook(from, to, tx) }),
      moveClubBook,
      moveSuggestionBook,
      (from, to, tx) => importsRepo.moveBook(from, to, tx),
    ],
    readerCounts: (bookIds) => readingListImport.readerCounts(bookIds),
    onCatalogueChanged,
  });
  /** The reader's exports: the library as Goodreads CSV, everything as JSON. */
  const exportsService = createExportsService({
    sources: {
      library: (userId) => exportLibrary(db, userId),
      reviewsByBook: (userId) => reviewsByBook(db, userId),
      account: {
        profile: (userId) => exportProfile(db, userId),
        preferences: (userId) => exportPreferences(db, userId),
        readingList: (userId) => exportLibrary(db, userId),
        shelves: (userId) => exportShelves(db, userId),
        reviews: (userId) => exportReviews(db, userId),
        clubs: (userId) => exportClubs(db, userId),
        lists: (userId) => exportLists(db, userId),
        relationships: (userId) => exportRelationships(db, userId),
        notificationSettings: (userId) => exportNotificationSettings(db, userId),
        goals: (userId) => exportGoals(db, userId),
        imports: async (userId) =>
          (await importsRepo.listFor(userId, 100)).map(({ userId: _owner, ...row }) => row),
      },
    },
  });

  return { bookMatch, imports, readerBooks, exports: exportsService };
}

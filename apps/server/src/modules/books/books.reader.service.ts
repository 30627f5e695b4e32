import type { ReaderBookInput, readerBookInputSchema } from '@nebab/shared';
import { READER_BOOK_LIMITS } from '@nebab/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { lockCap } from '../../db/locks.js';
import type { BookRow } from '../../db/schema/index.js';
import { AppError, NotFoundError, RateLimitedError, ValidationError } from '../../lib/errors.js';
import { assertRole, hasRole, type Actor } from '../../lib/actor.js';
import type { BookMatchService } from './books.match.service.js';
import type { ReaderBooksRepository } from './books.reader.repository.js';

export type ReaderBookValues = z.output<typeof readerBookInputSchema>;
export type { ReaderBookInput };

/** What one module moved when a book was merged into another. */
export interface MergeMoved {
  entries?: number;
  reviews?: number;
  listItems?: number;
}

/** A module's part of a merge: repoint its rows from one book to the other, inside `tx`. */
export type BookMover = (fromId: string, toId: string, tx: Db) => Promise<MergeMoved | void>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Books readers add (source `reader`): a signed-in reader adds a missing book (by hand or by an
 * import), which starts unlisted — its page answers its adder and admins, 404 to others, and no public
 * list (search, browse, the sitemap…) shows it — until an admin checks it or three readers have it in
 * their library (`books.listed`, book-card.ts `ACTIVE`). Admins look at them in Book Approvals, check
 * them, correct them on the edit page, or merge one into another book — every reading-list entry,
 * read, shelf place, list item and review moves in one transaction, and the duplicate is deleted.
 * Permission checks live here.
 */
export function createReaderBooksService(deps: {
  db: Db;
  repo: ReaderBooksRepository;
  match: BookMatchService;
  /** Stores an uploaded cover (the admin catalogue's cover writer). */
  setCover: (bookId: string, cover: { data: Buffer; extension: string }) => Promise<unknown>;
  /** Other modules' parts of a merge (reading list, reviews, lists, clubs…), in order. */
  movers: BookMover[];
  /** How many readers have each book on their list (the reading list answers). */
  readerCounts: (bookIds: string[]) => Promise<Map<string, number>>;
  /** Cached lists and search's vocabulary anew (awaited: a search right after sees the change). */
  onCatalogueChanged: () => Promise<void>;
}) {
  const { db, repo, match, setCover, movers, readerCounts, onCatalogueChanged } = deps;

  return {
    /**
     * Adds a book a reader could not find. An ISBN of a catalogue book answers that book instead
     * (`existing`). At most READER_BOOK_LIMITS.perDay a day per reader.
     */
    async add(actor: Actor, input: ReaderBookValues): Promise<{ id: string; existing: boolean }> {
      const isbn = input.isbn ?? null;
      const facts = {
        goodreadsId: null,
        isbn13: isbn && isbn.length === 13 ? isbn : null,
        isbn10: isbn && isbn.length === 10 ? isbn : null,
        title: input.title,
        authors: input.authors,
        publisher: null,
        pageCount: input.pageCount ?? null,
        publicationYear: input.publicationYear ?? null,
        language: input.language,
      };
      if (isbn) {
        const [found] = await match.match([{ ...facts, title: '' }]);
        if (found) return { id: found.bookId, existing: true };
      }
      const [id] = await db.transaction(async (tx) => {
        // The reader's additions queue on one lock: parallel requests cannot all pass the count.
        await lockCap(tx, 'books.add', actor.userId);
        const since = new Date(Date.now() - DAY_MS);
        if ((await repo.addedSince(actor.userId, since, tx)) >= READER_BOOK_LIMITS.perDay)
          throw new RateLimitedError(60 * 60, 'readerBooks.tooMany');
        return match.addReaderBooks(actor.userId, [facts], tx);
      });
      await onCatalogueChanged();
      return { id: id!, existing: false };
    },

    /** The reader who added the book (or an admin) gives it a cover; 404 unknown, 403 someone else's. */
    async setCover(actor: Actor, bookId: string, cover: { data: Buffer; extension: string }) {
      const book = await repo.find(bookId);
      if (!book || (book.status !== 'active' && !hasRole(actor, 'admin'))) throw new NotFoundError();
      if (!hasRole(actor, 'admin')) {
        if (book.source !== 'reader')
          throw new AppError('FORBIDDEN', { messageKey: 'readerBooks.notReaderAdded' });
        if (book.addedBy !== actor.userId)
          throw new AppError('FORBIDDEN', { messageKey: 'readerBooks.notYours' });
      }
      await setCover(bookId, cover);
    },

    /** Admins: reader-added books not yet looked at, or looked at; with who added them and their readers. */
    async list(actor: Actor, status: 'pending' | 'checked', page: number, pageSize: number) {
      assertRole(actor, 'admin');
      const { items, total } = await repo.list(status, page, pageSize);
      const counts = await readerCounts(items.map((item) => item.book.id));
      return {
        items: items.map(({ book, addedByName }) => ({
          book,
          addedBy: book.addedBy ? { id: book.addedBy, fullName: addedByName ?? '' } : null,
          readers: counts.get(book.id) ?? 0,
        })),
        total,
        page,
        pageSize,
      };
    },

    /**
     * Admins: the book was looked at and is fine as it is (or was corrected); it leaves the waiting
     * list and is public from now on.
     */
    async check(actor: Actor, bookId: string): Promise<void> {
      assertRole(actor, 'admin');
      if (!(await repo.markChecked(bookId))) throw new NotFoundError();
      await onCatalogueChanged();
    },

    /**
     * Admins: folds `fromId` into `toId` in one transaction — every module's rows move (a reader who has
     * both keeps one entry with the reads and shelves of both, and the target's review) — then deletes
     * `fromId`. 400 for a book into itself or an unknown target, 404 for an unknown book.
     */
    async merge(actor: Actor, fromId: string, toId: string) {
      assertRole(actor, 'admin');
      if (fromId === toId) throw new ValidationError({ targetId: 'readerBooks.mergeSelf' });
      const moved = await db.transaction(async (tx) => {
        const locked: BookRow[] = await repo.lockPair(fromId, toId, tx);
        if (!locked.some((book) => book.id === fromId)) throw new NotFoundError();
        if (!locked.some((book) => book.id === toId))
          throw new ValidationError({ targetId: 'readerBooks.mergeTargetMissing' });
        const total = { entries: 0, reviews: 0, listItems: 0 };
        for (const mover of movers) {
          const part = await mover(fromId, toId, tx);
          if (!part) continue;
          total.entries += part.entries ?? 0;
          total.reviews += part.reviews ?? 0;
          total.listItems += part.listItems ?? 0;
        }
        await repo.moveOwnRows(fromId, toId, tx);
        await repo.remove(fromId, tx);
        return total;
      });
      await onCatalogueChanged();
      return { targetId: toId, moved };
    },
  };
}

export type ReaderBooksService = ReturnType<typeof createReaderBooksService>;

import {
  READING_LIST_PAGE_MAX,
  type AddReadingListEntry,
  type ReadingListStatus,
  type ReadingListFavorite,
  type UpdateReadingListEntry,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { Actor } from '../users/users.policy.js';
import { canFavorite, maxPage, statusChange } from './reading-list.policy.js';
import type {
  ReadingListEntryPatch,
  ReadingListEntryWithBook,
  ReadingListRepository,
} from './reading-list.repository.js';

export interface ReadingListServiceDeps {
  db: Db;
  readingList: ReadingListRepository;
  /** `readingList.statusChanged` after each add or status change (the activity feed listens). */
  events?: DomainEvents;
}

const UNIQUE_ENTRY = 'reading_list_entries_user_book_unique';

export function createReadingListService({ db, readingList, events }: ReadingListServiceDeps) {
  /** The entry with its book, read inside `tx`; 404 when the book is not on the list. */
  async function load(actor: Actor, bookId: string, tx: Db = db): Promise<ReadingListEntryWithBook> {
    const found = await readingList.findWithBook(actor.userId, bookId, tx);
    if (!found) throw new NotFoundError();
    return found;
  }

  /** The caller's entries, most recently updated first. */
  function list(actor: Actor): Promise<ReadingListEntryWithBook[]> {
    return readingList.listForUser(actor.userId);
  }

  /**
   * Adds an active book as wantToRead and records a `want_to_read` activity (trending), in one
   * transaction. 404 for an unknown or inactive book; 409 when it is already on the list (the
   * unique constraint decides, so two concurrent adds give one 201 and one 409).
   */
  async function add(actor: Actor, input: AddReadingListEntry): Promise<ReadingListEntryWithBook> {
    const book = await readingList.findActiveBook(input.bookId);
    if (!book) throw new NotFoundError();
    try {
      const entry = await db.transaction(async (tx) => {
        const row = await readingList.insert(
          { userId: actor.userId, bookId: book.id, status: input.status },
          tx,
        );
        await readingList.recordActivity(book.id, actor.userId, 'want_to_read', tx);
        return row;
      });
      await events?.emit('readingList.statusChanged', {
        userId: actor.userId,
        bookId: book.id,
        status: input.status,
        previous: null,
      });
      return { entry, book };
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_ENTRY))
        throw new ConflictError('readingList.alreadyAdded', 'bookId');
      throw error;
    }
  }

  /** Changes the status and/or the page reached (spec §4); 404 when the book is not on the list. */
  async function update(
    actor: Actor,
    bookId: string,
    input: UpdateReadingListEntry,
  ): Promise<ReadingListEntryWithBook> {
    const { result, previous } = await db.transaction(async (tx) => {
      const entry = await readingList.findForUpdate(actor.userId, bookId, tx);
      if (!entry) throw new NotFoundError();
      const previous = entry.status as ReadingListStatus;
      const current = await load(actor, bookId, tx);
      const patch: ReadingListEntryPatch = input.status ? statusChange(entry, input.status, new Date()) : {};
      if (input.currentPage !== undefined) {
        if (input.currentPage > maxPage(current.book.pageCount, READING_LIST_PAGE_MAX)) {
          throw new ValidationError({ currentPage: 'readingList.currentPageTooHigh' });
        }
        patch.currentPage = input.currentPage;
      }
      if (Object.keys(patch).length === 0) return { result: current, previous };
      const updated = await readingList.update(actor.userId, bookId, patch, tx);
      if (!updated) throw new NotFoundError();
      return { result: { entry: updated, book: current.book }, previous };
    });
    const status = result.entry.status as ReadingListStatus;
    if (status !== previous)
      await events?.emit('readingList.statusChanged', { userId: actor.userId, bookId, status, previous });
    return result;
  }

  /** Removes the book from the list (back to none); 404 when it is not there. */
  async function remove(actor: Actor, bookId: string): Promise<void> {
    if (!(await readingList.remove(actor.userId, bookId))) throw new NotFoundError();
  }

  /** Spec §4 Favorite: 409 unless the book is being read or finished; 404 when not on the list. */
  function setFavorite(
    actor: Actor,
    bookId: string,
    input: ReadingListFavorite,
  ): Promise<ReadingListEntryWithBook> {
    return db.transaction(async (tx) => {
      const entry = await readingList.findForUpdate(actor.userId, bookId, tx);
      if (!entry) throw new NotFoundError();
      const current = await load(actor, bookId, tx);
      if (!canFavorite(entry.status)) throw new ConflictError('readingList.favoriteNotAllowed', 'isFavorite');
      if (entry.isFavorite === input.isFavorite) return current;
      const updated = await readingList.update(actor.userId, bookId, { isFavorite: input.isFavorite }, tx);
      if (!updated) throw new NotFoundError();
      return { entry: updated, book: current.book };
    });
  }

  /** A profile's shelves: how many books of each status, with the latest active ones. */
  function shelves(userId: string, perShelf: number) {
    return readingList.shelves(userId, perShelf);
  }

  return { list, add, update, remove, setFavorite, shelves };
}

export type ReadingListService = ReturnType<typeof createReadingListService>;

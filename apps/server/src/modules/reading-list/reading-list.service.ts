import {
  READING_LIST_PAGE_MAX,
  type AddReadingListEntry,
  type ReadingListFavorite,
  type ReadingListQuery,
  type ReadingListStatus,
  type UpdateReadingListEntry,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ReadingListEntryRow, ReadingListReadRow, ReadingProgressRow } from '../../db/schema/index.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { BooksService } from '../books/books.service.js';
import type { Actor } from '../../lib/actor.js';
import { canFavorite, canMoveTo, maxPage } from './reading-list.policy.js';
import { createReadActions } from './reading-list.reads.js';
import type {
  ReadingListBook,
  ReadingListEntryPatch,
  ReadingListRepository,
} from './reading-list.repository.js';
import type { HistoryRead, ReadsRepository } from './reads.repository.js';
import type { ShelvesService } from './shelves.service.js';

export type { HistoryRead };

export interface ReadingListServiceDeps {
  db: Db;
  readingList: ReadingListRepository;
  reads: ReadsRepository;
  shelves: ShelvesService;
  /** The books module: the active book an add names, and its `want_to_read` activity (trending). */
  books: Pick<BooksService, 'findActive' | 'recordActivity'>;
  /** `readingList.statusChanged` after each add or status change (the activity feed listens). */
  events?: DomainEvents;
}

/** A read with its progress timeline. */
export interface ReadWithProgress {
  read: ReadingListReadRow;
  progress: ReadingProgressRow[];
}

/** An entry with its book, every read of it and the reader's shelves holding it. */
export interface ReadingListEntryWithBook {
  entry: ReadingListEntryRow;
  book: ReadingListBook;
  reads: ReadWithProgress[];
  shelves: { id: string; name: string }[];
}

const UNIQUE_ENTRY = 'reading_list_entries_user_book_unique';

export function createReadingListService({
  db,
  readingList,
  reads,
  shelves,
  books,
  events,
}: ReadingListServiceDeps) {
  /** Tells the listeners (the feed) that a book's status changed, after the transaction committed. */
  async function announce(
    actor: Actor,
    bookId: string,
    previous: ReadingListStatus | null,
    status: ReadingListStatus,
  ): Promise<void> {
    if (status !== previous)
      await events?.emit('readingList.statusChanged', { userId: actor.userId, bookId, status, previous });
  }

  /** Runs a change of one entry in a transaction, then announces a status that moved. */
  async function changing(
    actor: Actor,
    bookId: string,
    work: (tx: Db, before: { status: ReadingListStatus | null }) => Promise<ReadingListEntryWithBook>,
  ): Promise<ReadingListEntryWithBook> {
    const before: { status: ReadingListStatus | null } = { status: null };
    const result = await db.transaction((tx) => work(tx, before));
    await announce(actor, bookId, before.status, result.entry.status as ReadingListStatus);
    return result;
  }

  /** Entries (all of the reader's, or these ids) with their reads, progress and shelves. */
  async function withDetails(userId: string, entryIds?: readonly string[], tx: Db = db) {
    const rows = await readingList.listForUser(userId, entryIds, tx);
    const ids = rows.map((row) => row.entry.id);
    const [readRows, shelfRows] = await Promise.all([
      reads.readsOf(ids, tx),
      shelves.shelvesOfEntries(userId, ids, tx),
    ]);
    const progressRows = await reads.progressOf(
      readRows.map((read) => read.id),
      tx,
    );
    const progressByRead = groupBy(progressRows, (p) => p.readId);
    const readsByEntry = groupBy(readRows, (r) => r.entryId);
    const shelvesByEntry = groupBy(shelfRows, (s) => s.entryId);
    return rows.map((row): ReadingListEntryWithBook => ({
      ...row,
      reads: (readsByEntry.get(row.entry.id) ?? []).map((read) => ({
        read,
        progress: progressByRead.get(read.id) ?? [],
      })),
      shelves: (shelvesByEntry.get(row.entry.id) ?? []).map(({ id, name }) => ({ id, name })),
    }));
  }

  /** The entry for a book with its details, read inside `tx`; 404 when the book is not on the list. */
  async function load(actor: Actor, bookId: string, tx: Db = db): Promise<ReadingListEntryWithBook> {
    const found = await readingList.findWithBook(actor.userId, bookId, tx);
    if (!found) throw new NotFoundError();
    const [detailed] = await withDetails(actor.userId, [found.entry.id], tx);
    if (!detailed) throw new NotFoundError();
    return detailed;
  }

  /** The entry row locked for the transaction; 404 when the book is not on the list. */
  async function lock(actor: Actor, bookId: string, tx: Db): Promise<ReadingListEntryRow> {
    const entry = await readingList.findForUpdate(actor.userId, bookId, tx);
    if (!entry) throw new NotFoundError();
    return entry;
  }

  /**
   * Keeps the entry's dates in step with its reads: startedAt = the start of the latest ended read while
   * completed or didNotFinish, else of the read under way (or the latest ended one); finishedAt = the end of the latest ended read while the status is completed
   * or didNotFinish, else null. The favourite goes when the status no longer allows it.
   */
  async function syncEntry(
    entry: ReadingListEntryRow,
    patch: ReadingListEntryPatch,
    tx: Db,
  ): Promise<ReadingListEntryRow> {
    const open = await reads.openRead(entry.id, tx);
    const ended = await reads.latestEnded(entry.id, tx);
    const next: ReadingListEntryPatch = { ...patch };
    const finalStatus = next.status ?? entry.status;
    const ends = finalStatus === 'completed' || finalStatus === 'didNotFinish';
    const latest = ends ? (ended ?? open) : (open ?? ended);
    next.startedAt = latest?.startedAt ?? entry.startedAt ?? null;
    next.finishedAt = ends && ended ? ended.finishedAt : null;
    if (!canFavorite(finalStatus)) next.isFavorite = false;
    const updated = await readingList.update(entry.userId, entry.bookId, next, tx);
    if (!updated) throw new NotFoundError();
    return updated;
  }

  /** The caller's entries (only those on one of their shelves with `shelf`), most recently updated first. */
  async function list(actor: Actor, query: ReadingListQuery = {}): Promise<ReadingListEntryWithBook[]> {
    if (!query.shelf) return withDetails(actor.userId);
    const ids = await shelves.entryIdsOn(actor, query.shelf);
    return withDetails(actor.userId, ids);
  }

  /**
   * Adds an active book as wantToRead and records a `want_to_read` activity (trending), in one
   * transaction. 404 for an unknown or inactive book; 409 when it is already on the list (the
   * unique constraint decides, so two concurrent adds give one 201 and one 409).
   */
  async function add(actor: Actor, input: AddReadingListEntry): Promise<ReadingListEntryWithBook> {
    const card = await books.findActive(input.bookId);
    if (!card) throw new NotFoundError();
    const book: ReadingListBook = { ...card, status: 'active' };
    try {
      const entry = await db.transaction(async (tx) => {
        const row = await readingList.insert(
          { userId: actor.userId, bookId: book.id, status: input.status },
          tx,
        );
        await books.recordActivity({ bookId: book.id, userId: actor.userId, kind: 'want_to_read' }, tx);
        return row;
      });
      await announce(actor, book.id, null, input.status);
      return { entry, book, reads: [], shelves: [] };
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_ENTRY))
        throw new ConflictError('readingList.alreadyAdded', 'bookId');
      throw error;
    }
  }

  /**
   * Changes the status, the page reached and/or the page where a given-up book stopped; 404 when the
   * book is not on the list. Reads follow the status: currentlyReading opens a read (or resumes the
   * one under way; after a finished read it is a re-read), completed and didNotFinish end it (or log
   * a read of a day when none was under way); wantToRead leaves reads as they are.
   */
  function update(
    actor: Actor,
    bookId: string,
    input: UpdateReadingListEntry,
  ): Promise<ReadingListEntryWithBook> {
    return changing(actor, bookId, async (tx, before) => {
      const entry = await lock(actor, bookId, tx);
      before.status = entry.status as ReadingListStatus;
      const current = await readingList.findWithBook(actor.userId, bookId, tx);
      if (!current) throw new NotFoundError();
      const highest = maxPage(current.book.pageCount, READING_LIST_PAGE_MAX);
      for (const field of ['currentPage', 'stoppedPage'] as const) {
        const page = input[field];
        if (page !== undefined && page > highest)
          throw new ValidationError({ [field]: 'readingList.currentPageTooHigh' });
      }
      const patch: ReadingListEntryPatch = {};
      if (input.currentPage !== undefined) patch.currentPage = input.currentPage;
      const next = input.status;
      const now = new Date();
      if (next && next !== entry.status) {
        if (!canMoveTo(entry.status, next))
          throw new ConflictError('readingList.dnfOnlyFromReading', 'status');
        patch.status = next;
        const open = await reads.openRead(entry.id, tx);
        if (next === 'currentlyReading' && !open) {
          await reads.insert({ entryId: entry.id, userId: actor.userId, startedAt: now }, tx);
        } else if (next === 'completed' || next === 'didNotFinish') {
          const stoppedPage =
            next === 'didNotFinish' ? (input.stoppedPage ?? input.currentPage ?? entry.currentPage) : null;
          const ending = { finishedAt: now, outcome: next, stoppedPage };
          if (open) await reads.update(open.id, ending, tx);
          else await reads.insert({ entryId: entry.id, userId: actor.userId, startedAt: now, ...ending }, tx);
        }
      } else if (input.stoppedPage !== undefined && entry.status === 'didNotFinish') {
        const ended = await reads.latestEnded(entry.id, tx);
        if (ended?.outcome === 'didNotFinish')
          await reads.update(ended.id, { stoppedPage: input.stoppedPage }, tx);
      }
      if (Object.keys(patch).length === 0 && input.stoppedPage === undefined) return load(actor, bookId, tx);
      await syncEntry(entry, patch, tx);
      return load(actor, bookId, tx);
    });
  }

  /** Removes the book from the list (back to none), with its reads and shelf places; 404 when absent. */
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
      const entry = await lock(actor, bookId, tx);
      if (!canFavorite(entry.status)) throw new ConflictError('readingList.favoriteNotAllowed', 'isFavorite');
      if (entry.isFavorite !== input.isFavorite)
        await readingList.update(actor.userId, bookId, { isFavorite: input.isFavorite }, tx);
      return load(actor, bookId, tx);
    });
  }

  /** A profile's shelves: how many books of each status, with the latest active ones. */
  function profileShelves(userId: string, perShelf: number) {
    return readingList.shelves(userId, perShelf);
  }

  /** Every ended read of the reader with its book (the stats' input). */
  function history(userId: string): Promise<HistoryRead[]> {
    return reads.history(userId);
  }

  return {
    list,
    add,
    update,
    remove,
    setFavorite,
    ...createReadActions({ db, readingList, reads, changing, lock, load, syncEntry }),
    history,
    profileShelves,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

export type ReadingListService = ReturnType<typeof createReadingListService>;

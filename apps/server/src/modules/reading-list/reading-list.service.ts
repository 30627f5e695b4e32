import {
  READING_LIMITS,
  READING_LIST_PAGE_MAX,
  type AddReadingListEntry,
  type ProgressInput,
  type ReadInput,
  type ReadingListFavorite,
  type ReadingListQuery,
  type ReadingListStatus,
  type ReadPatch,
  type UpdateReadingListEntry,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ReadingListEntryRow, ReadingListReadRow, ReadingProgressRow } from '../../db/schema/index.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { BooksService } from '../books/books.service.js';
import type { Actor } from '../users/users.policy.js';
import { canFavorite, canMoveTo, FUTURE_SLACK_MS, maxPage, parseReadDate } from './reading-list.policy.js';
import type {
  ReadingListBook,
  ReadingListEntryPatch,
  ReadingListRepository,
} from './reading-list.repository.js';
import type { HistoryRead, ReadsRepository } from './reads.repository.js';
import type { ShelvesService } from './shelves.service.js';

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

  /** Checks a read's dates: valid order, nothing in the future; field names as in the request. */
  function checkDates(startedAt: Date | null, finishedAt: Date | null): void {
    const limit = Date.now() + FUTURE_SLACK_MS;
    if (startedAt && startedAt.getTime() > limit)
      throw new ValidationError({ startedAt: 'readingList.dateInFuture' });
    if (finishedAt && finishedAt.getTime() > limit)
      throw new ValidationError({ finishedAt: 'readingList.dateInFuture' });
    if (startedAt && finishedAt && finishedAt < startedAt)
      throw new ValidationError({ finishedAt: 'readingList.finishBeforeStart' });
  }

  /**
   * Logs an ended read of a book on the list (a re-read, or one from before Nebab), with its dates.
   * A wantToRead book takes the read's outcome. 404 when not on the list.
   */
  function addRead(actor: Actor, bookId: string, input: ReadInput): Promise<ReadingListEntryWithBook> {
    return changing(actor, bookId, async (tx, before) => {
      const entry = await lock(actor, bookId, tx);
      before.status = entry.status as ReadingListStatus;
      const current = await readingList.findWithBook(actor.userId, bookId, tx);
      if (!current) throw new NotFoundError();
      const startedAt = input.startedAt ? parseReadDate(input.startedAt) : null;
      const finishedAt = parseReadDate(input.finishedAt);
      checkDates(startedAt, finishedAt);
      const stoppedPage = input.outcome === 'didNotFinish' ? (input.stoppedPage ?? null) : null;
      if (stoppedPage !== null && stoppedPage > maxPage(current.book.pageCount, READING_LIST_PAGE_MAX))
        throw new ValidationError({ stoppedPage: 'readingList.currentPageTooHigh' });
      if ((await reads.count(entry.id, tx)) >= READING_LIMITS.readsPerBook)
        throw new ConflictError('readingList.tooManyReads');
      await reads.insert(
        {
          entryId: entry.id,
          userId: actor.userId,
          startedAt,
          finishedAt,
          outcome: input.outcome,
          stoppedPage,
        },
        tx,
      );
      // A book the reader only meant to read takes the outcome of the read they log.
      await syncEntry(entry, entry.status === 'wantToRead' ? { status: input.outcome } : {}, tx);
      return load(actor, bookId, tx);
    });
  }

  /** Corrects a read's dates or stop page; a read under way has no finish yet (409). */
  function updateRead(
    actor: Actor,
    bookId: string,
    readId: string,
    input: ReadPatch,
  ): Promise<ReadingListEntryWithBook> {
    return db.transaction(async (tx) => {
      const entry = await lock(actor, bookId, tx);
      const current = await readingList.findWithBook(actor.userId, bookId, tx);
      const read = await reads.find(entry.id, readId, tx);
      if (!read || !current) throw new NotFoundError();
      if (read.outcome === null && input.finishedAt)
        throw new ConflictError('readingList.readUnderWay', 'finishedAt');
      const startedAt =
        input.startedAt === undefined
          ? read.startedAt
          : input.startedAt
            ? parseReadDate(input.startedAt)
            : null;
      const finishedAt = input.finishedAt ? parseReadDate(input.finishedAt) : read.finishedAt;
      checkDates(startedAt, finishedAt);
      const patch: Parameters<ReadsRepository['update']>[1] = { startedAt, finishedAt };
      if (input.stoppedPage !== undefined && read.outcome === 'didNotFinish') {
        if (
          input.stoppedPage !== null &&
          input.stoppedPage > maxPage(current.book.pageCount, READING_LIST_PAGE_MAX)
        )
          throw new ValidationError({ stoppedPage: 'readingList.currentPageTooHigh' });
        patch.stoppedPage = input.stoppedPage;
      }
      await reads.update(read.id, patch, tx);
      await syncEntry(entry, {}, tx);
      return load(actor, bookId, tx);
    });
  }

  /** Deletes an ended read (a read under way ends through the status: 409). */
  function removeRead(actor: Actor, bookId: string, readId: string): Promise<ReadingListEntryWithBook> {
    return db.transaction(async (tx) => {
      const entry = await lock(actor, bookId, tx);
      const read = await reads.find(entry.id, readId, tx);
      if (!read) throw new NotFoundError();
      if (read.outcome === null) throw new ConflictError('readingList.readUnderWay');
      await reads.remove(read.id, tx);
      await syncEntry(entry, {}, tx);
      return load(actor, bookId, tx);
    });
  }

  /**
   * Records progress on the read under way (409 unless currentlyReading): a page or a percentage, with
   * an optional note. The entry's page reached follows (a percentage of a book of known length too).
   */
  function addProgress(
    actor: Actor,
    bookId: string,
    input: ProgressInput,
  ): Promise<ReadingListEntryWithBook> {
    return db.transaction(async (tx) => {
      const entry = await lock(actor, bookId, tx);
      if (entry.status !== 'currentlyReading') throw new ConflictError('readingList.progressNeedsReading');
      const current = await readingList.findWithBook(actor.userId, bookId, tx);
      if (!current) throw new NotFoundError();
      const pageCount = current.book.pageCount;
      if (input.page !== undefined && input.page > maxPage(pageCount, READING_LIST_PAGE_MAX))
        throw new ValidationError({ page: 'readingList.currentPageTooHigh' });
      const read =
        (await reads.openRead(entry.id, tx)) ??
        (await reads.insert(
          { entryId: entry.id, userId: actor.userId, startedAt: entry.startedAt ?? new Date() },
          tx,
        ));
      const percent = input.percent === undefined ? null : Math.round(input.percent * 10) / 10;
      await reads.addProgress(
        {
          readId: read.id,
          userId: actor.userId,
          page: input.page ?? null,
          percent,
          note: input.note ? input.note : null,
        },
        READING_LIMITS.progressPerRead,
        tx,
      );
      const page =
        input.page ?? (percent !== null && pageCount ? Math.round((percent / 100) * pageCount) : undefined);
      if (page !== undefined) await readingList.update(actor.userId, bookId, { currentPage: page }, tx);
      else await readingList.update(actor.userId, bookId, {}, tx);
      return load(actor, bookId, tx);
    });
  }

  /** Deletes one progress update of the book; 404 when it is not the caller's. */
  function removeProgress(
    actor: Actor,
    bookId: string,
    progressId: string,
  ): Promise<ReadingListEntryWithBook> {
    return db.transaction(async (tx) => {
      const entry = await lock(actor, bookId, tx);
      if (!(await reads.removeProgress(entry.id, progressId, tx))) throw new NotFoundError();
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
    addRead,
    updateRead,
    removeRead,
    addProgress,
    removeProgress,
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

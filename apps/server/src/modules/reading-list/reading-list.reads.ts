import {
  READING_LIMITS,
  READING_LIST_PAGE_MAX,
  type ProgressInput,
  type ReadInput,
  type ReadingListStatus,
  type ReadPatch,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { ReadingListEntryRow } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { Actor } from '../../lib/actor.js';
import { FUTURE_SLACK_MS, maxPage, parseReadDate } from './reading-list.policy.js';
import type { ReadingListEntryPatch, ReadingListRepository } from './reading-list.repository.js';
import type { ReadingListEntryWithBook } from './reading-list.service.js';
import type { ReadsRepository } from './reads.repository.js';

/** What the read actions share with the rest of the reading-list service. */
export interface ReadActionsContext {
  db: Db;
  readingList: ReadingListRepository;
  reads: ReadsRepository;
  /** Runs a change of one entry in a transaction, then announces a status that moved. */
  changing(
    actor: Actor,
    bookId: string,
    work: (tx: Db, before: { status: ReadingListStatus | null }) => Promise<ReadingListEntryWithBook>,
  ): Promise<ReadingListEntryWithBook>;
  /** The entry row locked for the transaction; 404 when the book is not on the list. */
  lock(actor: Actor, bookId: string, tx: Db): Promise<ReadingListEntryRow>;
  /** The entry for a book with its details, read inside `tx`. */
  load(actor: Actor, bookId: string, tx?: Db): Promise<ReadingListEntryWithBook>;
  /** Keeps the entry's dates (and favourite) in step with its reads. */
  syncEntry(entry: ReadingListEntryRow, patch: ReadingListEntryPatch, tx: Db): Promise<ReadingListEntryRow>;
}

/**
 * A book's reads and their progress: logging an ended read (a re-read, one from before Nebab),
 * correcting or deleting one, and progress updates on the read under way. Each runs in a
 * transaction on the locked entry and answers the entry as the list shows it.
 */
export function createReadActions(context: ReadActionsContext) {
  const { db, readingList, reads, changing, lock, load, syncEntry } = context;

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

  return { addRead, updateRead, removeRead, addProgress, removeProgress };
}

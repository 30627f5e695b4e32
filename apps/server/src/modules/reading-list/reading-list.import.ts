import { READING_LIMITS, SHELF_LIMITS, type ReadingListStatus } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type {
  NewReadingListEntryRow,
  NewReadingListReadRow,
  ReadingListReadRow,
} from '../../db/schema/index.js';
import type { ReadingListImportRepository } from './reading-list.import.repository.js';

/** A dated read an export tells of (Goodreads' Date Read, StoryGraph's Dates Read). */
export interface ImportedRead {
  startedAt: Date | null;
  finishedAt: Date;
}

/** One book of an imported library, as the reading list keeps it. */
export interface ImportEntry {
  bookId: string;
  status: ReadingListStatus;
  /** Date Added: the entry's creation date. */
  addedAt: Date | null;
  /** Dated reads (oldest first); the last one ends as the status says when it is didNotFinish. */
  reads: ImportedRead[];
  /** Read Count of the export (reads, dated or not). */
  readCount: number;
  ownedCopies: number;
  /** The reader's other shelves holding the book (names). */
  shelves: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const sameDay = (a: Date | null, b: Date | null) =>
  a !== null && b !== null && Math.floor(a.getTime() / DAY_MS) === Math.floor(b.getTime() / DAY_MS);
const ENDED = new Set<ReadingListStatus>(['completed', 'didNotFinish']);

/**
 * The entry's dates as the reading list keeps them (see `syncEntry` of the service): while completed or
 * didNotFinish, the latest ended read (else the one under way); otherwise the read under way (else
 * the latest ended one).
 */
function entryDates(
  status: ReadingListStatus,
  reads: Array<Pick<ReadingListReadRow, 'startedAt' | 'finishedAt' | 'outcome'>>,
) {
  const ended = reads
    .filter((read) => read.outcome !== null)
    .sort((a, b) => (a.finishedAt?.getTime() ?? 0) - (b.finishedAt?.getTime() ?? 0))
    .at(-1);
  const open = reads.find((read) => read.outcome === null);
  const ends = ENDED.has(status);
  const latest = ends ? (ended ?? open) : (open ?? ended);
  return {
    startedAt: latest?.startedAt ?? null,
    finishedAt: ends && ended ? (ended.finishedAt ?? null) : null,
  };
}

/**
 * Writes a batch of imported books into one reader's list inside `tx`: entries (status, Date Added,
 * copies, undated reads), dated reads not already there (same finishing day), a read under way for
 * currentlyReading, and shelf places (shelves made by name when missing). Applying the same batch
 * again writes nothing. Answers the books whose entry it added (not there before; an import report's
 * "none" takes such an entry away again). Domain events are not emitted: a library arriving is not news for followers'
 * feeds, nor a trending signal.
 */
export async function importEntries(
  repo: ReadingListImportRepository,
  userId: string,
  items: readonly ImportEntry[],
  tx: Db,
): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  /** The reader's entries of the batch's books, by book. */
  const entriesByBook = async () =>
    new Map(
      (
        await repo.entriesOf(
          userId,
          items.map((item) => item.bookId),
          tx,
        )
      ).map((e) => [e.bookId, e]),
    );
  const existing = await entriesByBook();
  const oldReads = await repo.readsOf(
    [...existing.values()].map((entry) => entry.id),
    tx,
  );
  const readsByEntry = new Map<string, ReadingListReadRow[]>();
  for (const read of oldReads)
    readsByEntry.set(read.entryId, [...(readsByEntry.get(read.entryId) ?? []), read]);

  const entryRows: NewReadingListEntryRow[] = [];
  const plans: Array<{
    item: ImportEntry;
    newReads: Array<Omit<NewReadingListReadRow, 'entryId' | 'userId'>>;
    close?: { id: string; startedAt: Date | null; finishedAt: Date; outcome: string };
  }> = [];
  const now = new Date();
  for (const item of items) {
    const entry = existing.get(item.bookId);
    const reads = entry ? [...(readsByEntry.get(entry.id) ?? [])] : [];
    const newReads: Array<Omit<NewReadingListReadRow, 'entryId' | 'userId'>> = [];
    let close: (typeof plans)[number]['close'];
    const dated = item.reads.slice(-READING_LIMITS.readsPerBook);
    dated.forEach((read, index) => {
      if (reads.some((old) => old.outcome !== null && sameDay(old.finishedAt, read.finishedAt))) return;
      const last = index === dated.length - 1;
      const outcome = last && item.status === 'didNotFinish' ? 'didNotFinish' : 'completed';
      const open = reads.find((old) => old.outcome === null);
      if (last && open && ENDED.has(item.status)) {
        close = {
          id: open.id,
          startedAt: open.startedAt ?? read.startedAt,
          finishedAt: read.finishedAt,
          outcome,
        };
        open.outcome = outcome;
        open.finishedAt = read.finishedAt;
        return;
      }
      if (reads.length + newReads.length >= READING_LIMITS.readsPerBook) return;
      const row = { startedAt: read.startedAt, finishedAt: read.finishedAt, outcome, stoppedPage: null };
      newReads.push(row);
      reads.push({
        ...row,
        id: '',
        entryId: '',
        userId,
        createdAt: now,
        updatedAt: now,
      } as ReadingListReadRow);
    });
    if (item.status === 'currentlyReading' && !reads.some((read) => read.outcome === null)) {
      const row = { startedAt: null, finishedAt: null, outcome: null, stoppedPage: null };
      newReads.push(row);
      reads.push({
        ...row,
        id: '',
        entryId: '',
        userId,
        createdAt: now,
        updatedAt: now,
      } as ReadingListReadRow);
    }
    const endedReads = reads.filter((read) => read.outcome === 'completed').length;
    const counted = item.status === 'completed' ? Math.max(item.readCount, 1) : item.readCount;
    const dates = entryDates(item.status, reads);
    const addedAt = entry ? entry.createdAt : (item.addedAt ?? now);
    entryRows.push({
      userId,
      bookId: item.bookId,
      status: item.status,
      ownedCopies: Math.min(1000, Math.max(0, item.ownedCopies)),
      undatedReads: Math.min(1000, Math.max(0, counted - endedReads)),
      startedAt: dates.startedAt,
      finishedAt: dates.finishedAt,
      createdAt: addedAt,
      updatedAt: entry ? entry.updatedAt : (dates.finishedAt ?? addedAt),
    });
    plans.push({ item, newReads, close });
  }
  await repo.upsertEntries(entryRows, tx);

  const entries = await entriesByBook();
  const readRows: NewReadingListReadRow[] = [];
  for (const { item, newReads, close } of plans) {
    const entry = entries.get(item.bookId);
    if (!entry) continue;
    if (close) await repo.endRead(close.id, close, tx);
    for (const read of newReads) readRows.push({ ...read, entryId: entry.id, userId });
  }
  await repo.insertReads(readRows, tx);

  const names = [...new Set(items.flatMap((item) => item.shelves))];
  if (names.length > 0) {
    const room = SHELF_LIMITS.perReader - (await repo.shelfCount(userId, tx));
    const shelfRows = await repo.ensureShelves(userId, names, room, tx);
    const byName = new Map(shelfRows.map((shelf) => [shelf.name.toLowerCase(), shelf.id]));
    const pairs = items.flatMap((item) => {
      const entry = entries.get(item.bookId);
      if (!entry) return [];
      return item.shelves.flatMap((name) => {
        const shelfId = byName.get(name.toLowerCase());
        return shelfId ? [{ shelfId, entryId: entry.id }] : [];
      });
    });
    await repo.addToShelves(pairs, tx);
  }
  return new Set(items.flatMap((item) => (existing.has(item.bookId) ? [] : [item.bookId])));
}

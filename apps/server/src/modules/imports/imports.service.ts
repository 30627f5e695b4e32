import { IMPORT_LIMITS, LIMITS, searchQuerySchema, type ImportSource } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import type { ImportRow } from '../../db/schema/index.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/job-queue.js';
import type { Logger } from '../../lib/logger.js';
import { searchCandidateScore, stripSeries, titleKey, type SearchCandidate } from '../books/books.match.js';
import type { BookFacts, BookMatch, BookMatchService } from '../books/books.match.service.js';
import type { ImportEntry } from '../reading-list/reading-list.import.js';
import type { ImportReview } from '../reviews/reviews.service.js';
import type { Actor } from '../../lib/actor.js';
import { parseExport, type ParsedRow } from './imports.parse.js';
import type { ImportsRepository, RowResult, SkippedRow } from './imports.repository.js';

/** The queue of import jobs (pg-boss). */
export const IMPORT_QUEUE = 'library-import';
/** Rows applied per transaction: large enough to amortise the statements, small enough for live progress. */
export const IMPORT_BATCH = 100;
/** Imports listed on the settings page. */
const LIST_LIMIT = 20;
/** Books of catalogue search a row's title and author are checked against. */
const SEARCH_CANDIDATES = 5;

/** An import with its skipped rows (the report). */
export interface ImportView {
  row: ImportRow;
  skipped: SkippedRow[];
  /** Books the import created that are still unlisted (seen by the reader and admins only). */
  awaitingCheck: number;
}

export type ImportProgressListener = (event: { userId: string; view: ImportView }) => void;

export interface ImportsServiceDeps {
  db: Db;
  repo: ImportsRepository;
  logger: Logger;
  /** The books module: matching, reader-added books for rows without a match, missing page counts. */
  books: Pick<
    BookMatchService,
    'match' | 'addReaderBooks' | 'fillPageCounts' | 'exists' | 'removeUnusedReaderBook'
  >;
  /**
   * Catalogue search (its service, uncached): what a row the books module's matching misses is looked
   * for with — Latin-typed Amharic, Ge'ez spellings, typos — before a new book is made.
   */
  /** New books were added (search's vocabulary and kept answers, cached lists take them in). */
  onCatalogueChanged?: () => void;
  search?: {
    lookup(query: ReturnType<typeof searchQuerySchema.parse>): Promise<{ items: SearchCandidate[] }>;
    mayBeGeez(title: string): Promise<boolean>;
  };
  /** The reading list's batch writer (entries, reads, shelves). */
  readingList: {
    /** Answers the books whose entry it added. */
    importEntries(userId: string, items: ImportEntry[], tx: Db): Promise<Set<string>>;
    /** Takes the reader's entry of a book away (a report's correction of a row that added it). */
    removeEntry(userId: string, bookId: string, tx: Db): Promise<void>;
  };
  /** The reviews' batch writer. */
  reviews: {
    /** Answers the books whose review it added. */
    importReviews(userId: string, items: ImportReview[], tx: Db): Promise<Set<string>>;
    /** Takes away the review an import wrote (unless the reader has written it in Nebab since). */
    removeImported(userId: string, bookId: string, tx: Db): Promise<void>;
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const atNoon = (date: string | null) => (date ? new Date(`${date}T12:00:00Z`) : null);

function factsOf(data: ParsedRow): BookFacts {
  return {
    goodreadsId: data.goodreadsId,
    isbn13: data.isbn13,
    isbn10: data.isbn10,
    title: data.title,
    authors: data.authors,
    publisher: data.publisher,
    pageCount: data.pageCount,
    publicationYear: data.publicationYear,
  };
}

/** What a row writes for its book: the reading-list entry, and the review when it has a rating. */
function planRow(
  data: ParsedRow,
  bookId: string,
  publicReviews: boolean,
): { entry: ImportEntry; review: ImportReview | null } {
  const reads = data.reads.flatMap((read) => {
    const finishedAt = atNoon(read.finishedAt);
    return finishedAt ? [{ startedAt: atNoon(read.startedAt), finishedAt }] : [];
  });
  return {
    entry: {
      bookId,
      status: data.status,
      addedAt: atNoon(data.addedAt),
      reads,
      readCount: data.readCount,
      ownedCopies: data.ownedCopies,
      shelves: data.shelves,
    },
    review:
      data.rating === null
        ? null
        : {
            bookId,
            rating: data.rating,
            comment: data.review ?? '',
            spoiler: data.spoiler,
            visibility: publicReviews ? 'public' : 'private',
            writtenAt: reads.at(-1)?.finishedAt ?? atNoon(data.addedAt),
          },
  };
}

/** The key under which two unmatched rows of one file are the same new book. */
function newBookKey(data: ParsedRow): string {
  return data.isbn13 ?? `${titleKey(data.title)}|${(data.authors[0] ?? '').toLowerCase()}`;
}

/**
 * Imports of a reader's Goodreads or StoryGraph library. `create` parses and stores the file's rows
 * and queues a durable job; the job (any node, see `run`) applies the rows in batches, each batch one
 * transaction across the books, reading-list and reviews modules plus the rows' outcomes and the
 * counters, so an import interrupted anywhere resumes where it stopped and never applies a row twice.
 */
export function createImportsService(deps: ImportsServiceDeps) {
  const { db, repo, logger, books, readingList, reviews, search, onCatalogueChanged } = deps;
  const listeners = new Set<ImportProgressListener>();
  let queue: JobQueue | null = null;

  async function view(row: ImportRow): Promise<ImportView> {
    const [skipped, awaiting] = await Promise.all([
      repo.skipped([row.id], IMPORT_LIMITS.errorsShown),
      repo.awaitingCheck([row.id]),
    ]);
    return { row, skipped, awaitingCheck: awaiting.get(row.id) ?? 0 };
  }

  async function announce(id: string): Promise<void> {
    if (listeners.size === 0) return;
    const row = await repo.find(id);
    if (!row) return;
    const current = await view(row);
    for (const listener of listeners) {
      try {
        listener({ userId: row.userId, view: current });
      } catch (error) {
        logger.warn({ err: error }, 'imports: a progress listener failed');
      }
    }
  }

  /**
   * A row the catalogue's own matching missed (which forgives Latin typos and series suffixes), looked
   * for with catalogue search when its title may name a Ge'ez book — Ge'ez spellings, Latin-typed
   * Amharic — by its title and author, one query; a found book is taken only when its title and
   * author agree with the row's (`searchCandidateScore`).
   */
  async function searchMatch(facts: BookFacts): Promise<BookMatch | null> {
    const author = facts.authors[0];
    const title = stripSeries(facts.title);
    if (!search || !author || !(await search.mayBeGeez(title))) return null;
    const q = `${title} ${author}`.slice(0, LIMITS.searchQueryMax);
    const { items } = await search.lookup(searchQuerySchema.parse({ q, pageSize: SEARCH_CANDIDATES }));
    let best: { id: string; score: number } | null = null;
    for (const item of items) {
      const score = searchCandidateScore(facts, item);
      if (score > 0 && (!best || score > best.score)) best = { id: item.id, score };
    }
    return best ? { bookId: best.id, via: 'search' } : null;
  }

  /**
   * Matches the rows the next batch will claim, before its transaction: catalogue search reads on its
   * own connection, which PGlite's single one could not give while a transaction holds it. Answers
   * each looked-at row's match (null: none, a new book).
   */
  async function prematch(found: ImportRow, size: number): Promise<Map<number, BookMatch | null>> {
    const upcoming = (await repo.pending(found.id, size)).filter(({ data }) => titleKey(data.title));
    const matches = await books.match(upcoming.map(({ data }) => factsOf(data)));
    const out = new Map<number, BookMatch | null>();
    for (const [i, { row, data }] of upcoming.entries())
      out.set(row, matches[i] ?? (await searchMatch(factsOf(data))));
    return out;
  }

  /** Applies the next batch of pending rows in one transaction; answers how many rows it handled. */
  async function applyBatch(found: ImportRow, size: number): Promise<number> {
    const prematched = await prematch(found, size);
    let addedBooks = false;
    const handled = await applyClaimed(found, size, prematched, () => (addedBooks = true));
    // Search knows the new books at once (the next batch's look-ups, and the reader's own searches).
    if (addedBooks) onCatalogueChanged?.();
    return handled;
  }

  async function applyClaimed(
    found: ImportRow,
    size: number,
    prematched: Map<number, BookMatch | null>,
    booksAdded: () => void,
  ): Promise<number> {
    return db.transaction(async (tx) => {
      const claimed = await repo.claim(found.id, size, tx);
      if (claimed.length === 0) return 0;
      const results = new Map<number, RowResult>();
      const skip = (row: number, message: string, params: Record<string, string | number> | null = null) =>
        results.set(row, { row, outcome: 'skipped', bookId: null, message, params });

      const usable = claimed.filter(({ row, data }) => {
        if (titleKey(data.title)) return true;
        skip(row, 'imports.rowNoTitle');
        return false;
      });
      // Rows another worker held when this one looked ahead are matched here (without search).
      const unseen = usable.filter(({ row }) => !prematched.has(row));
      const late = await books.match(
        unseen.map(({ data }) => factsOf(data)),
        tx,
      );
      const lateMatch = new Map(unseen.map(({ row }, i) => [row, late[i] ?? null]));
      const matches = usable.map(({ row }) => prematched.get(row) ?? lateMatch.get(row) ?? null);
      await books.fillPageCounts(
        usable.flatMap(({ data }, i) =>
          matches[i] && data.pageCount ? [{ bookId: matches[i].bookId, pageCount: data.pageCount }] : [],
        ),
        tx,
      );
      // Rows without a match: one new reader-added book per distinct book of the batch.
      const fresh = new Map<string, BookFacts>();
      usable.forEach(({ data }, i) => {
        if (!matches[i]) fresh.set(newBookKey(data), fresh.get(newBookKey(data)) ?? factsOf(data));
      });
      const keys = [...fresh.keys()];
      const ids = await books.addReaderBooks(found.userId, [...fresh.values()], tx);
      if (ids.length > 0) booksAdded();
      const createdId = new Map(keys.map((key, i) => [key, ids[i]!]));

      // A book met twice in one file is kept once: later rows name the first.
      const bookIds = usable.map(({ data }, i) => matches[i]?.bookId ?? createdId.get(newBookKey(data))!);
      const firstRow = new Map<string, number>();
      for (const earlier of await repo.earlierRows(found.id, [...new Set(bookIds)], tx))
        if (earlier.bookId) firstRow.set(earlier.bookId, earlier.row);
      const entries: ImportEntry[] = [];
      const reviewItems: ImportReview[] = [];
      const createdSeen = new Set<string>();
      usable.forEach(({ row, data }, i) => {
        const bookId = bookIds[i]!;
        const first = firstRow.get(bookId);
        if (first !== undefined) return void skip(row, 'imports.rowDuplicate', { row: first });
        firstRow.set(bookId, row);
        const created = !matches[i] && !createdSeen.has(bookId);
        createdSeen.add(bookId);
        results.set(row, {
          row,
          outcome: created ? 'created' : 'matched',
          bookId,
          message: null,
          params: null,
          via: matches[i]?.via ?? 'created',
        });
        const planned = planRow(data, bookId, found.publicReviews);
        entries.push(planned.entry);
        if (planned.review) reviewItems.push(planned.review);
      });
      const addedEntries = await readingList.importEntries(found.userId, entries, tx);
      const addedReviews = await reviews.importReviews(found.userId, reviewItems, tx);
      for (const result of results.values())
        if (result.bookId) {
          result.addedEntry = addedEntries.has(result.bookId);
          result.addedReview = addedReviews.has(result.bookId);
        }
      await repo.finishRows(found.id, [...results.values()], tx);
      return claimed.length;
    });
  }

  /** Skips the one row that keeps failing (after its batch failed row by row). */
  async function skipFailingRow(found: ImportRow, error: unknown): Promise<number> {
    logger.warn({ err: error, importId: found.id }, 'imports: a row failed; skipping it');
    return db.transaction(async (tx) => {
      const [next] = await repo.claim(found.id, 1, tx);
      if (!next) return 0;
      await repo.finishRows(
        found.id,
        [{ row: next.row, outcome: 'skipped', bookId: null, message: 'imports.rowFailed', params: null }],
        tx,
      );
      return 1;
    });
  }

  /**
   * Runs an import until no row is pending (the job handler; any node). When the node is stopping it
   * queues the rest for another node and returns. A database outage throws (the job is retried); any
   * other failure of a batch is narrowed to the row that causes it, which is skipped with a reason.
   */
  async function run(id: string): Promise<void> {
    const found = await repo.find(id);
    if (!found || found.status === 'done' || found.status === 'failed') return;
    await repo.markRunning(id);
    await announce(id);
    let size = IMPORT_BATCH;
    for (;;) {
      if (queue?.stopping()) {
        await queue.send(IMPORT_QUEUE, { importId: id }).catch(() => undefined);
        return;
      }
      let handled: number;
      const started = performance.now();
      try {
        handled = await applyBatch(found, size);
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        if (size > 1) {
          size = 1;
          continue;
        }
        handled = await skipFailingRow(found, error);
      }
      if (handled === 0) break;
      if (size === 1 && handled > 0) size = IMPORT_BATCH;
      await announce(id);
      // PGlite has one connection: a pause after each batch lets readers' requests through (a fifth
      // of the batch's time), so the app stays responsive while an import runs.
      await pause(Math.min(200, Math.max(10, (performance.now() - started) / 5)));
    }
    const finished = await repo.finish(id, 'done');
    if (finished) {
      logger.info({ importId: id, total: finished.total, created: finished.created }, 'imports: done');
      await announce(id);
    }
  }

  return {
    /**
     * Stores a reader's export and queues its import. 400 for a file that is not an export (naming the
     * missing columns), 409 while another import of theirs is unfinished.
     */
    async create(
      actor: Actor,
      input: { file: Buffer; fileName: string | null; source?: ImportSource; publicReviews: boolean },
    ): Promise<ImportRow> {
      const parsed = parseExport(input.file, input.source);
      if ((await repo.unfinishedCount(actor.userId)) >= IMPORT_LIMITS.unfinishedPerReader)
        throw new ConflictError('imports.alreadyRunning');
      const created = await repo.create(
        {
          userId: actor.userId,
          source: parsed.source,
          fileName: input.fileName ? input.fileName.slice(0, IMPORT_LIMITS.fileNameMax) : null,
          publicReviews: input.publicReviews,
        },
        parsed.rows,
      );
      if (queue) await queue.send(IMPORT_QUEUE, { importId: created.id });
      return created;
    },

    /** The caller's import with its report; 404 for an unknown one or another reader's. */
    async get(actor: Actor, id: string): Promise<ImportView> {
      const found = await repo.find(id);
      if (!found || found.userId !== actor.userId) throw new NotFoundError();
      return view(found);
    },

    /** The caller's latest imports, newest first, with their reports. */
    async list(actor: Actor): Promise<ImportView[]> {
      const rows = await repo.listFor(actor.userId, LIST_LIMIT);
      const ids = rows.map((row) => row.id);
      const [skipped, awaiting] = await Promise.all([
        repo.skipped(ids, IMPORT_LIMITS.errorsShown),
        repo.awaitingCheck(ids),
      ]);
      return rows.map((row) => ({
        row,
        skipped: skipped.filter((item) => item.importId === row.id),
        awaitingCheck: awaiting.get(row.id) ?? 0,
      }));
    },

    /** A page of the caller's import's rows, each with its book and why (404: not theirs). */
    async rows(actor: Actor, id: string, page: number, pageSize: number) {
      const found = await repo.find(id);
      if (!found || found.userId !== actor.userId) throw new NotFoundError();
      return { total: found.total, items: await repo.rowsPage(id, (page - 1) * pageSize, pageSize) };
    },

    /**
     * The reader corrects a row in the report: `bookId` is the right book, null is none. What the row
     * did is undone first — the reading-list entry and the review it added (a review the reader has
     * written in Nebab since stays), and the book it created when nothing else holds it — then, for a
     * book, the row is applied to it as the import would have. 404: not theirs, no such row or book;
     * 409: the import is still running, or the row had no book to begin with (no title, a duplicate).
     */
    async correct(actor: Actor, id: string, rowNumber: number, bookId: string | null) {
      const found = await repo.find(id);
      if (!found || found.userId !== actor.userId) throw new NotFoundError();
      if (found.status === 'queued' || found.status === 'running')
        throw new ConflictError('imports.stillRunning');
      if (bookId && !(await books.exists(bookId))) throw new NotFoundError();
      await db.transaction(async (tx) => {
        const current = await repo.rowForUpdate(id, rowNumber, tx);
        if (!current) throw new NotFoundError();
        if (current.outcome === 'pending' || (current.outcome === 'skipped' && current.via !== 'none'))
          throw new ConflictError('imports.rowNotCorrectable');
        const data = current.data as ParsedRow;
        const before = current.bookId;
        if (before === bookId) return;
        if (before && current.addedEntry) await readingList.removeEntry(found.userId, before, tx);
        if (before && current.addedReview) await reviews.removeImported(found.userId, before, tx);
        let addedEntry = false;
        let addedReview = false;
        if (bookId) {
          const planned = planRow(data, bookId, found.publicReviews);
          addedEntry = (await readingList.importEntries(found.userId, [planned.entry], tx)).has(bookId);
          if (planned.review)
            addedReview = (await reviews.importReviews(found.userId, [planned.review], tx)).has(bookId);
        }
        await repo.correctRow(
          id,
          bookId
            ? {
                row: rowNumber,
                outcome: 'matched',
                bookId,
                message: null,
                params: null,
                via: 'corrected',
                addedEntry,
                addedReview,
              }
            : {
                row: rowNumber,
                outcome: 'skipped',
                bookId: null,
                message: 'imports.rowUndone',
                params: null,
                via: 'none',
                addedEntry,
                addedReview,
              },
          tx,
        );
        if (before && current.via === 'created') await books.removeUnusedReaderBook(before, found.userId, tx);
      });
    },

    run,

    /**
     * Starts handling import jobs on this node and re-queues unfinished imports (a job lost with a
     * crash between storing an import and queueing it, or with a node that died: a duplicate job is
     * harmless, rows are claimed with SKIP LOCKED).
     */
    async startWorker(jobs: JobQueue): Promise<void> {
      queue = jobs;
      await jobs.work<{ importId: string }>(IMPORT_QUEUE, async ({ importId }) => {
        try {
          await run(importId);
        } catch (error) {
          if (isDatabaseUnavailable(error) || jobs.stopping()) throw error;
          logger.error({ err: error, importId }, 'imports: failed');
          await repo.finish(importId, 'failed').catch(() => undefined);
          await announce(importId).catch(() => undefined);
        }
      });
      for (const { id } of await repo.unfinished()) await jobs.send(IMPORT_QUEUE, { importId: id });
    },

    /** Live progress: called after every batch and when an import ends (the socket push listens). */
    onProgress(listener: ImportProgressListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** A merge's part: import rows that named the merged book name the target. */
    moveBook: (fromId: string, toId: string, tx: Db) => repo.moveBook(fromId, toId, tx),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;

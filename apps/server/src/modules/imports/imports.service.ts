import { IMPORT_LIMITS, type ImportSource } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import type { ImportRow } from '../../db/schema/index.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/job-queue.js';
import type { Logger } from '../../lib/logger.js';
import { titleKey } from '../books/books.match.js';
import type { BookFacts, BookMatchService } from '../books/books.match.service.js';
import type { ImportEntry } from '../reading-list/reading-list.import.js';
import type { ImportReview } from '../reviews/reviews.import.repository.js';
import type { Actor } from '../users/users.policy.js';
import { parseExport, type ParsedRow } from './imports.parse.js';
import type { ImportsRepository, RowResult, SkippedRow } from './imports.repository.js';

/** The queue of import jobs (pg-boss). */
export const IMPORT_QUEUE = 'library-import';
/** Rows applied per transaction: large enough to amortise the statements, small enough for live progress. */
export const IMPORT_BATCH = 100;
/** Imports listed on the settings page. */
const LIST_LIMIT = 20;

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
  /** The books module: matching, and reader-added books for rows without a match. */
  books: Pick<BookMatchService, 'match' | 'addReaderBooks'>;
  /** The reading list's batch writer (entries, reads, shelves). */
  readingList: { importEntries(userId: string, items: ImportEntry[], tx: Db): Promise<void> };
  /** The reviews' batch writer. */
  reviews: { importReviews(userId: string, items: ImportReview[], tx: Db): Promise<void> };
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
  const { db, repo, logger, books, readingList, reviews } = deps;
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

  /** Applies the next batch of pending rows in one transaction; answers how many rows it handled. */
  async function applyBatch(found: ImportRow, size: number): Promise<number> {
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
      const matches = await books.match(
        usable.map(({ data }) => factsOf(data)),
        tx,
      );
      // Rows without a match: one new reader-added book per distinct book of the batch.
      const fresh = new Map<string, BookFacts>();
      usable.forEach(({ data }, i) => {
        if (!matches[i]) fresh.set(newBookKey(data), fresh.get(newBookKey(data)) ?? factsOf(data));
      });
      const keys = [...fresh.keys()];
      const ids = await books.addReaderBooks(found.userId, [...fresh.values()], tx);
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
        });
        const reads = data.reads.flatMap((read) => {
          const finishedAt = atNoon(read.finishedAt);
          return finishedAt ? [{ startedAt: atNoon(read.startedAt), finishedAt }] : [];
        });
        entries.push({
          bookId,
          status: data.status,
          addedAt: atNoon(data.addedAt),
          reads,
          readCount: data.readCount,
          ownedCopies: data.ownedCopies,
          shelves: data.shelves,
        });
        if (data.rating !== null)
          reviewItems.push({
            bookId,
            rating: data.rating,
            comment: data.review ?? '',
            spoiler: data.spoiler,
            visibility: found.publicReviews ? 'public' : 'private',
            writtenAt: reads.at(-1)?.finishedAt ?? atNoon(data.addedAt),
          });
      });
      await readingList.importEntries(found.userId, entries, tx);
      await reviews.importReviews(found.userId, reviewItems, tx);
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

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importRows, imports, type ImportRow } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import type { ParsedRow } from './imports.parse.js';

/** Rows inserted per statement when an import is created (bound parameters stay far below 65,535). */
const INSERT_CHUNK = 1000;

export type RowOutcome = 'matched' | 'created' | 'skipped';

export interface RowResult {
  row: number;
  outcome: RowOutcome;
  bookId: string | null;
  message: string | null;
  params: Record<string, string | number> | null;
  /** How the row found its book (see the column); null for a skipped row. */
  via?: string | null;
  addedEntry?: boolean;
  addedReview?: boolean;
}

/** A row of the report: what the file said, what became of it, and its book (as the card shows it). */
export interface ReportRow {
  row: number;
  data: ParsedRow;
  outcome: string;
  via: string | null;
  message: string | null;
  params: Record<string, string | number> | null;
  bookId: string | null;
  addedEntry: boolean;
  addedReview: boolean;
  book: { id: string; title: string; authors: string[] } | null;
}

/** A skipped row as the report lists it. */
export interface SkippedRow {
  importId: string;
  row: number;
  message: string;
  params: Record<string, string | number> | null;
}

/** `imports` and `import_rows`: the imports module's own tables. */
export function createImportsRepository(db: Db) {
  return {
    /** Creates the import and its rows in one transaction (queued). */
    async create(
      values: { userId: string; source: string; fileName: string | null; publicReviews: boolean },
      rows: Array<{ row: number; data: ParsedRow }>,
    ): Promise<ImportRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(imports)
          .values({ ...values, total: rows.length })
          .returning();
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          await tx
            .insert(importRows)
            .values(
              rows.slice(i, i + INSERT_CHUNK).map(({ row, data }) => ({ importId: created!.id, row, data })),
            );
        }
        return created!;
      });
    },

    async find(id: string, tx: Db = db): Promise<ImportRow | undefined> {
      const [row] = await tx.select().from(imports).where(eq(imports.id, id)).limit(1);
      return row;
    },

    async listFor(userId: string, limit: number): Promise<ImportRow[]> {
      return db
        .select()
        .from(imports)
        .where(eq(imports.userId, userId))
        .orderBy(desc(imports.createdAt))
        .limit(limit);
    },

    async unfinishedCount(userId: string): Promise<number> {
      const [row] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM imports WHERE user_id = ${userId} AND status IN ('queued', 'running')`,
      );
      return row?.n ?? 0;
    },

    /** Imports not finished (any reader's): resumed at start-up. */
    async unfinished(): Promise<Array<{ id: string }>> {
      return db
        .select({ id: imports.id })
        .from(imports)
        .where(inArray(imports.status, ['queued', 'running']))
        .orderBy(imports.createdAt);
    },

    /** Skipped rows of these imports, in row order, at most `perImport` each. */
    /**
     * Per import, how many of the books it created are still unlisted (reader-added, awaiting an
     * admin's check or a third reader: `books.listed`).
     */
    async awaitingCheck(importIds: readonly string[]): Promise<Map<string, number>> {
      if (importIds.length === 0) return new Map();
      const rows = await selectRows<{ import_id: string; n: number }>(
        db,
        sql`SELECT r.import_id, count(*)::int AS n
            FROM import_rows r JOIN books b ON b.id = r.book_id
            WHERE r.import_id IN (${sql.join(
              importIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) AND r.outcome = 'created' AND NOT b.listed
            GROUP BY r.import_id`,
      );
      return new Map(rows.map((row) => [row.import_id, Number(row.n)]));
    },

    async skipped(importIds: readonly string[], perImport: number): Promise<SkippedRow[]> {
      if (importIds.length === 0) return [];
      const rows = await selectRows<{ import_id: string; row: number; message: string; params: unknown }>(
        db,
        sql`SELECT import_id, row, message, params FROM (
              SELECT import_id, row, message, params,
                row_number() OVER (PARTITION BY import_id ORDER BY row) AS n
              FROM import_rows
              WHERE import_id IN (${sql.join(
                importIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )}) AND outcome = 'skipped'
            ) s WHERE n <= ${perImport} ORDER BY import_id, row`,
      );
      return rows.map((row) => ({
        importId: row.import_id,
        row: Number(row.row),
        message: row.message ?? 'imports.rowFailed',
        params: (row.params as Record<string, string | number> | null) ?? null,
      }));
    },

    async markRunning(id: string, tx: Db = db): Promise<void> {
      await tx
        .update(imports)
        .set({ status: 'running', startedAt: sql`coalesce(${imports.startedAt}, now())` })
        .where(and(eq(imports.id, id), eq(imports.status, 'queued')));
    },

    /**
     * The next pending rows, locked for this transaction; rows another worker holds are skipped, so
     * two nodes running one import share its rows and never apply one twice.
     */
    async claim(importId: string, limit: number, tx: Db): Promise<Array<{ row: number; data: ParsedRow }>> {
      return tx
        .select({ row: importRows.row, data: importRows.data })
        .from(importRows)
        .where(and(eq(importRows.importId, importId), eq(importRows.outcome, 'pending')))
        .orderBy(importRows.row)
        .limit(limit)
        .for('update', { skipLocked: true }) as Promise<Array<{ row: number; data: ParsedRow }>>;
    },

    /** The next pending rows, read without a lock (matched before the batch's transaction claims them). */
    async pending(importId: string, limit: number): Promise<Array<{ row: number; data: ParsedRow }>> {
      return db
        .select({ row: importRows.row, data: importRows.data })
        .from(importRows)
        .where(and(eq(importRows.importId, importId), eq(importRows.outcome, 'pending')))
        .orderBy(importRows.row)
        .limit(limit) as Promise<Array<{ row: number; data: ParsedRow }>>;
    },

    /** The `bookId` of rows already applied in this import (an earlier batch's books, for duplicates). */
    async earlierRows(importId: string, bookIds: readonly string[], tx: Db) {
      if (bookIds.length === 0) return [];
      return tx
        .select({ row: importRows.row, bookId: importRows.bookId })
        .from(importRows)
        .where(
          and(
            eq(importRows.importId, importId),
            inArray(importRows.bookId, [...bookIds]),
            inArray(importRows.outcome, ['matched', 'created']),
          ),
        );
    },

    /** Records what became of a batch's rows and moves the counters, in the batch's transaction. */
    async finishRows(importId: string, results: readonly RowResult[], tx: Db): Promise<void> {
      if (results.length === 0) return;
      const values = sql.join(
        results.map(
          (r) =>
            sql`(${r.row}::int, ${r.outcome}, ${r.bookId}::text, ${r.message}::text, ${r.params === null ? null : JSON.stringify(r.params)}::jsonb, ${r.via ?? null}::text, ${r.addedEntry ?? false}::boolean, ${r.addedReview ?? false}::boolean)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE import_rows r SET outcome = v.outcome, book_id = v.book_id, message = v.message, params = v.params,
          via = v.via, added_entry = v.added_entry, added_review = v.added_review
        FROM (VALUES ${values}) AS v(row, outcome, book_id, message, params, via, added_entry, added_review)
        WHERE r.import_id = ${importId} AND r.row = v.row`);
      const count = (outcome: RowOutcome) => results.filter((r) => r.outcome === outcome).length;
      await tx
        .update(imports)
        .set({
          processed: sql`${imports.processed} + ${results.length}`,
          matched: sql`${imports.matched} + ${count('matched')}`,
          created: sql`${imports.created} + ${count('created')}`,
          skipped: sql`${imports.skipped} + ${count('skipped')}`,
          status: 'running',
        })
        .where(eq(imports.id, importId));
    },

    /** Ends the import (done, or failed) once no row is pending; answers the row when it changed. */
    async finish(importId: string, status: 'done' | 'failed', tx: Db = db): Promise<ImportRow | undefined> {
      const [row] = await tx
        .update(imports)
        .set({ status, finishedAt: new Date() })
        .where(
          and(
            eq(imports.id, importId),
            inArray(imports.status, ['queued', 'running']),
            status === 'done'
              ? sql`NOT EXISTS (SELECT 1 FROM import_rows r WHERE r.import_id = ${importId} AND r.outcome = 'pending')`
              : sql`true`,
          ),
        )
        .returning();
      return row;
    },

    /** A page of the report's rows, in file order, each with its book; and how many rows there are. */
    async rowsPage(importId: string, offset: number, limit: number): Promise<ReportRow[]> {
      const rows = await selectRows<{
        row: number;
        data: ParsedRow;
        outcome: string;
        via: string | null;
        message: string | null;
        params: Record<string, string | number> | null;
        book_id: string | null;
        added_entry: boolean;
        added_review: boolean;
        book_title: string | null;
        book_authors: string[] | null;
      }>(
        db,
        sql`SELECT r.row, r.data, r.outcome, r.via, r.message, r.params, r.book_id, r.added_entry, r.added_review,
              b.title AS book_title, b.authors AS book_authors
            FROM import_rows r LEFT JOIN books b ON b.id = r.book_id
            WHERE r.import_id = ${importId} ORDER BY r.row LIMIT ${limit} OFFSET ${offset}`,
      );
      return rows.map((r) => ({
        row: Number(r.row),
        data: r.data,
        outcome: r.outcome,
        via: r.via,
        message: r.message,
        params: r.params,
        bookId: r.book_id,
        addedEntry: r.added_entry,
        addedReview: r.added_review,
        book:
          r.book_id && r.book_title
            ? { id: r.book_id, title: r.book_title, authors: r.book_authors ?? [] }
            : null,
      }));
    },

    /** One row, locked for a correction. */
    async rowForUpdate(importId: string, row: number, tx: Db) {
      const [found] = await tx
        .select()
        .from(importRows)
        .where(and(eq(importRows.importId, importId), eq(importRows.row, row)))
        .for('update');
      return found;
    },

    /** A corrected row: its new book (or none) and what it now holds; the import's counters follow. */
    async correctRow(importId: string, result: Required<RowResult>, tx: Db): Promise<void> {
      await tx
        .update(importRows)
        .set({
          outcome: result.outcome,
          bookId: result.bookId,
          message: result.message,
          params: result.params,
          via: result.via,
          addedEntry: result.addedEntry,
          addedReview: result.addedReview,
        })
        .where(and(eq(importRows.importId, importId), eq(importRows.row, result.row)));
      await tx.execute(sql`
        UPDATE imports i SET
          matched = (SELECT count(*) FROM import_rows r WHERE r.import_id = i.id AND r.outcome = 'matched'),
          created = (SELECT count(*) FROM import_rows r WHERE r.import_id = i.id AND r.outcome = 'created'),
          skipped = (SELECT count(*) FROM import_rows r WHERE r.import_id = i.id AND r.outcome = 'skipped')
        WHERE i.id = ${importId}`);
    },

    /** A merge's part: rows that named the merged book name the target. */
    async moveBook(fromId: string, toId: string, tx: Db): Promise<void> {
      await tx.update(importRows).set({ bookId: toId }).where(eq(importRows.bookId, fromId));
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;

import {
  translateWith,
  type Import,
  type ImportSource,
  type ImportStatus,
  type Language,
} from '@nebab/shared';
import type { ImportReportRow, ImportRowVia } from '@nebab/shared';
import type { ReportRow } from './imports.repository.js';
import type { ImportView } from './imports.service.js';

/** An import as the API and the socket show it; skipped rows' reasons in `language`. */
export function presentImport({ row, skipped, awaitingCheck }: ImportView, language: Language): Import {
  return {
    id: row.id,
    source: row.source as ImportSource,
    status: row.status as ImportStatus,
    total: row.total,
    processed: row.processed,
    matched: row.matched,
    created: row.created,
    awaitingCheck,
    skipped: row.skipped,
    errors: skipped.map((item) => ({
      row: item.row,
      message: translateWith(item.message, language, item.params ?? undefined),
    })),
    fileName: row.fileName,
    publicReviews: row.publicReviews,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** A row of the report: the file's title and author, its book and why, a skipped row's reason. */
export function presentReportRow(row: ReportRow, language: Language): ImportReportRow {
  return {
    row: row.row,
    title: row.data.title,
    author: row.data.authors[0] ?? null,
    outcome: row.outcome as ImportReportRow['outcome'],
    via: (row.via as ImportRowVia | null) ?? null,
    book: row.book,
    message: row.message ? translateWith(row.message, language, row.params ?? undefined) : null,
    correctable: row.outcome === 'matched' || row.outcome === 'created' || row.via === 'none',
  };
}

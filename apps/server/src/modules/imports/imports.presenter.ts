import {
  translateWith,
  type Import,
  type ImportSource,
  type ImportStatus,
  type Language,
} from '@nebab/shared';
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

import type { ReadingListStatus } from '@nebab/shared';
import type { ReadingListEntryRow } from '../../db/schema/index.js';
import type { ReadingListEntryPatch } from './reading-list.repository.js';

/** Spec §4 Favorite: offered only for books being read or finished. */
export function canFavorite(status: string): boolean {
  return status === 'currentlyReading' || status === 'completed';
}

/**
 * The columns a status change writes (spec §4 Reading list status):
 * - started_at is set the first time the book moves to currentlyReading (or to completed without a start);
 * - finished_at is set when it moves to completed and cleared when it moves out of completed;
 * - moving back to wantToRead clears the favourite.
 */
export function statusChange(
  entry: ReadingListEntryRow,
  next: ReadingListStatus,
  now: Date,
): ReadingListEntryPatch {
  if (entry.status === next) return {};
  const patch: ReadingListEntryPatch = { status: next };
  if (next === 'currentlyReading' || next === 'completed') patch.startedAt = entry.startedAt ?? now;
  patch.finishedAt = next === 'completed' ? now : null;
  if (next === 'wantToRead') patch.isFavorite = false;
  return patch;
}

/** The highest page accepted: the book's page count when known. */
export function maxPage(pageCount: number | null, fallback: number): number {
  return pageCount !== null && pageCount > 0 ? pageCount : fallback;
}

import type { ReadingListStatus } from '@nebab/shared';

/** Spec §4 Favorite: offered only for books being read or finished. */
export function canFavorite(status: string): boolean {
  return status === 'currentlyReading' || status === 'completed';
}

/**
 * Spec §4 Reading list status: any status may follow any other, except didNotFinish, which is
 * offered only from currentlyReading (a book is given up while being read).
 */
export function canMoveTo(from: string, to: ReadingListStatus): boolean {
  return to !== 'didNotFinish' || from === 'currentlyReading';
}

/** The highest page accepted: the book's page count when known. */
export function maxPage(pageCount: number | null, fallback: number): number {
  return pageCount !== null && pageCount > 0 ? pageCount : fallback;
}

/**
 * A reader-entered day (`YYYY-MM-DD`) becomes noon UTC, so it stays the same calendar day on every
 * clock from UTC−11 to UTC+11; a full ISO date-time is taken as it is.
 */
export function parseReadDate(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

/** Dates up to a day and a half ahead are accepted (a reader east of UTC entering today). */
export const FUTURE_SLACK_MS = 36 * 60 * 60 * 1000;

import { queryOptions } from '@tanstack/react-query';
import type { ReadingList, ReadingListEntry, ReadingListStatus } from '@nebab/shared';
import { apiRequest } from '../client';
import { readingListKeys } from './keys';

/** GET /api/reading-list: the reader's entries grouped by status. */
export function readingListQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: readingListKeys.list(),
    queryFn: () => apiRequest<ReadingList>('/api/reading-list'),
    enabled,
    retry: false,
  });
}

export const STATUS_ORDER: readonly ReadingListStatus[] = [
  'currentlyReading',
  'wantToRead',
  'completed',
  'didNotFinish',
];

/** Every entry of the grouped list, in group order. */
export function allEntries(list: ReadingList | undefined): ReadingListEntry[] {
  if (!list) return [];
  return STATUS_ORDER.flatMap((status) => list[status]);
}

/** The entry for one book, if it is on the list. */
export function findEntry(list: ReadingList | undefined, bookId: string): ReadingListEntry | undefined {
  return allEntries(list).find((entry) => entry.bookId === bookId);
}

/**
 * Progress shown on a card (spec §4): 0 / 50 / 100, or the real share when the pages are known; a
 * book given up shows how far the reader got (0 when the stop page is unknown).
 */
export function progressPercent(
  entry: Pick<ReadingListEntry, 'status' | 'currentPage' | 'pageCount'> & { stoppedPage?: number | null },
): number | null {
  const share = (page: number | null | undefined) =>
    page !== null && page !== undefined && entry.pageCount
      ? Math.max(0, Math.min(100, Math.round((page / entry.pageCount) * 100)))
      : null;
  if (entry.status === 'wantToRead') return 0;
  if (entry.status === 'completed') return 100;
  if (entry.status === 'didNotFinish') return share(entry.stoppedPage ?? entry.currentPage) ?? 0;
  // Reading, with no page recorded (or no page count to measure it by): unknown, not a guess.
  return share(entry.currentPage);
}

/** The reader's clock, so the server counts days, months and years as the reader lives them. */
export function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

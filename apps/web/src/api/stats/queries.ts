import { queryOptions } from '@tanstack/react-query';
import type { Goal, LATEST_STATS_YEAR, ReadingStats, StatsCalendar } from '@nebab/shared';
import { apiRequest } from '../client';
import { readerTimeZone } from '../reading-list/queries';
import { statsKeys } from './keys';

/** GET /api/me/stats (all time): the dashboard tiles and the all-time figures. */
export type MeStats = ReadingStats;

export function meStatsQueryOptions() {
  return queryOptions({
    queryKey: statsKeys.me(),
    queryFn: () => apiRequest<MeStats>('/api/me/stats'),
    retry: false,
  });
}

/** A year, all time (null), or the latest year with reading (the server picks it). */
export type StatsPeriod = number | null | typeof LATEST_STATS_YEAR;

/** GET /api/me/stats?year=&calendar=: the stats page's figures for a year (or all time, or the latest year). */
export function readingStatsQueryOptions(year: StatsPeriod, calendar: StatsCalendar) {
  const params = new URLSearchParams({ calendar, tz: readerTimeZone() });
  if (year !== null) params.set('year', String(year));
  return queryOptions({
    queryKey: [...statsKeys.me(), 'period', year, calendar] as const,
    queryFn: () => apiRequest<ReadingStats>(`/api/me/stats?${params.toString()}`),
    retry: false,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/me/goal?year=: the year's goal (books null when none) and the progress. */
export function goalQueryOptions(year: number) {
  return queryOptions({
    queryKey: [...statsKeys.me(), 'goal', year] as const,
    queryFn: () => apiRequest<Goal>(`/api/me/goal?year=${year}&tz=${encodeURIComponent(readerTimeZone())}`),
    retry: false,
  });
}

// GET /api/admin/stats: adminStatsQueryOptions in api/admin-catalogue (same key, statsKeys.admin()).

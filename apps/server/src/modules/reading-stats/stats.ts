/**
 * A reader's reading statistics from their ended reads (pure: no database, no clock).
 *
 * Dates are counted on the reader's clock (`timeZone`) and in the chosen calendar (Gregorian, or
 * Ethiopian: 13 months, the last is Pagume). A finished read is a "book" (a re-read counts again);
 * a given-up read (didNotFinish) is counted apart and never in books, pages, genres, languages,
 * lengths, pace or authors. Authors are the books' primary authors (a translator or illustrator
 * among the additional authors is not a favourite author for having worked on a book).
 */
import { gregorianToJdn, toEthiopian, type ReadingStats, type StatsCalendar } from '@nebab/shared';
import type { HistoryRead } from '../reading-list/reading-list.service.js';

export interface StatsInput {
  history: readonly HistoryRead[];
  ratings: readonly { rating: number; createdAt: Date }[];
  year: number | null;
  calendar: StatsCalendar;
  timeZone: string;
}

export type ComputedStats = Omit<
  ReadingStats,
  'booksRead' | 'readingList' | 'reviewsWritten' | 'didNotFinish'
>;

interface LocalDate {
  year: number;
  month: number;
  /** Julian day number of the local (Gregorian) day: differences are whole days. */
  jdn: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant on the reader's clock. */
export function localDate(instant: Date, timeZone: string, calendar: StatsCalendar): LocalDate {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const gregorian = { year: parts.year!, month: parts.month!, day: parts.day! };
  const jdn = gregorianToJdn(gregorian);
  if (calendar === 'gregorian') return { year: gregorian.year, month: gregorian.month, jdn };
  const ethiopian = toEthiopian(gregorian);
  return { year: ethiopian.year, month: ethiopian.month, jdn };
}

/**
 * The year a reader's stats open on: this year when they ended a read in it, else the latest year
 * they did before it (a read dated ahead counts only when nothing else is there), else this year.
 */
export function latestYear(readYears: readonly number[], thisYear: number): number {
  let latest: number | null = null;
  let earliestAhead: number | null = null;
  for (const year of readYears) {
    if (year <= thisYear) latest = latest === null ? year : Math.max(latest, year);
    else earliestAhead = earliestAhead === null ? year : Math.min(earliestAhead, year);
  }
  return latest ?? earliestAhead ?? thisYear;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function languageGroup(code: string): 'en' | 'am' | 'other' {
  const lower = code.toLowerCase();
  if (lower === 'en' || lower === 'eng' || lower.startsWith('en-')) return 'en';
  if (lower === 'am' || lower === 'amh') return 'am';
  return 'other';
}

/** Every figure of the stats page for one period (a year, or all time with year null). */
export function computeStats({ history, ratings, year, calendar, timeZone }: StatsInput): ComputedStats {
  const reads = history.map((read) => ({
    read,
    finished: localDate(read.finishedAt, timeZone, calendar),
    started: read.startedAt ? localDate(read.startedAt, timeZone, calendar) : null,
  }));
  const years = [...new Set(reads.map((r) => r.finished.year))].sort((a, b) => b - a);

  // A finished read is a re-read when the same book was finished before (at any time).
  const finishedBefore = new Set<string>();
  const isReread = new Map<HistoryRead, boolean>();
  for (const { read } of reads) {
    if (read.outcome !== 'completed') continue;
    isReread.set(read, finishedBefore.has(read.bookId));
    finishedBefore.add(read.bookId);
  }

  const inPeriod = reads.filter((r) => year === null || r.finished.year === year);
  const finished = inPeriod.filter((r) => r.read.outcome === 'completed');
  const givenUp = inPeriod.filter((r) => r.read.outcome === 'didNotFinish');
  const pagesOf = (r: HistoryRead) => (r.pageCount && r.pageCount > 0 ? r.pageCount : 0);

  const monthCount = calendar === 'ethiopic' ? 13 : 12;
  const months =
    year === null
      ? []
      : Array.from({ length: monthCount }, (_, i) => ({ month: i + 1, books: 0, pages: 0, didNotFinish: 0 }));
  const byYearMap = new Map<number, { year: number; books: number; pages: number; didNotFinish: number }>();
  for (const r of inPeriod) {
    const yearRow = byYearMap.get(r.finished.year) ?? {
      year: r.finished.year,
      books: 0,
      pages: 0,
      didNotFinish: 0,
    };
    byYearMap.set(r.finished.year, yearRow);
    const monthRow = months[r.finished.month - 1];
    for (const row of monthRow ? [yearRow, monthRow] : [yearRow]) {
      if (r.read.outcome === 'completed') {
        row.books += 1;
        row.pages += pagesOf(r.read);
      } else row.didNotFinish += 1;
    }
  }

  const genreCounts = new Map<string, number>();
  const languages = { en: 0, am: 0, other: 0 };
  const authorCounts = new Map<string, number>();
  const known = finished.filter((r) => pagesOf(r.read) > 0);
  const paced = finished.filter((r) => r.started !== null);
  for (const { read } of finished) {
    for (const genre of new Set(read.genres)) genreCounts.set(genre, (genreCounts.get(genre) ?? 0) + 1);
    languages[languageGroup(read.language)] += 1;
    if (read.author) authorCounts.set(read.author, (authorCounts.get(read.author) ?? 0) + 1);
  }
  const byCountThenName = <T extends { name: string; count: number }>(a: T, b: T) =>
    b.count - a.count || a.name.localeCompare(b.name);

  let longest: (typeof known)[number] | undefined;
  let shortest: (typeof known)[number] | undefined;
  for (const r of known) {
    if (!longest || pagesOf(r.read) > pagesOf(longest.read)) longest = r;
    if (!shortest || pagesOf(r.read) < pagesOf(shortest.read)) shortest = r;
  }
  const ref = (r: (typeof known)[number] | undefined) =>
    r ? { bookId: r.read.bookId, title: r.read.title, pageCount: pagesOf(r.read) } : null;

  const ratingsInPeriod = ratings.filter(
    (r) => year === null || localDate(r.createdAt, timeZone, calendar).year === year,
  );
  const ratingRows = [1, 2, 3, 4, 5].map((rating) => ({
    rating,
    count: ratingsInPeriod.filter((r) => r.rating === rating).length,
  }));

  const books = finished.length;
  const dnf = givenUp.length;
  return {
    period: { year, calendar },
    years,
    totals: {
      books,
      pages: finished.reduce((sum, r) => sum + pagesOf(r.read), 0),
      didNotFinish: dnf,
      distinctBooks: new Set(finished.map((r) => r.read.bookId)).size,
      rereads: finished.filter((r) => isReread.get(r.read)).length,
      dnfRate: books + dnf === 0 ? 0 : Math.round((dnf / (books + dnf)) * 10_000) / 10_000,
      averagePages: known.length
        ? round1(known.reduce((s, r) => s + pagesOf(r.read), 0) / known.length)
        : null,
      averageDaysPerBook: paced.length
        ? round1(paced.reduce((s, r) => s + Math.max(1, r.finished.jdn - r.started!.jdn), 0) / paced.length)
        : null,
    },
    months,
    byYear: [...byYearMap.values()].sort((a, b) => a.year - b.year),
    genres: [...genreCounts]
      .map(([name, count]) => ({ name, count }))
      .sort(byCountThenName)
      .map(({ name, count }) => ({ genre: name, books: count })),
    languages,
    ratings: ratingRows,
    averageRating: ratingsInPeriod.length
      ? Math.round((ratingsInPeriod.reduce((s, r) => s + r.rating, 0) / ratingsInPeriod.length) * 100) / 100
      : null,
    longest: ref(longest),
    shortest: ref(shortest),
    favouriteAuthors: [...authorCounts]
      .map(([name, count]) => ({ name, count }))
      .sort(byCountThenName)
      .slice(0, 5)
      .map(({ name, count }) => ({ author: name, books: count })),
  };
}

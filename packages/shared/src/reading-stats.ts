import { z } from 'zod';
import { userStatsSchema } from './users.js';

/** Calendars a stats page can count months and years in. */
export const STATS_CALENDARS = ['gregorian', 'ethiopic'] as const;
export type StatsCalendar = (typeof STATS_CALENDARS)[number];

/** Years accepted by the stats and the goal (Gregorian, or Ethiopian with calendar=ethiopic). */
export const STATS_YEAR_RANGE = { min: 1900, max: 2200 } as const;

const yearSchema = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .min(STATS_YEAR_RANGE.min, 'stats.yearRange')
  .max(STATS_YEAR_RANGE.max, 'stats.yearRange');

/** An IANA time zone this server knows (`Africa/Addis_Ababa`); dates are counted on the reader's clock. */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'stats.timeZoneInvalid');

/** `year=latest`: the stats page's opening period, chosen by the server (see statsQuerySchema). */
export const LATEST_STATS_YEAR = 'latest';

/**
 * `GET /api/me/stats?year=YYYY` (all time without year). `year=latest` is this year when the reader
 * ended a read in it, else the latest year they did (this year when they never did): the page opens
 * on reading rather than on an empty year; `period.year` says which year it is. `calendar=ethiopic`
 * counts Ethiopian years and months (13, the last is Pagume); `tz` is the reader's time zone (default UTC).
 */
export const statsQuerySchema = z.object({
  year: z.union([z.literal(LATEST_STATS_YEAR), yearSchema]).optional(),
  calendar: z.enum(STATS_CALENDARS, 'validation.invalid').default('gregorian'),
  tz: timeZoneSchema.default('UTC'),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

const bookRefSchema = z.object({ bookId: z.string(), title: z.string(), pageCount: z.number().int() });

/** Finished books, pages of finished books and books given up in one month or year. */
const countsSchema = z.object({
  books: z.number().int(),
  pages: z.number().int(),
  didNotFinish: z.number().int(),
});

/**
 * The reader's figures for the period (a year, or all time). A "book" is a finished read (a re-read
 * counts again); books given up (didNotFinish) are counted apart and never in books, pages, genres,
 * languages, lengths, pace or authors.
 */
export const readingStatsSchema = userStatsSchema.extend({
  /** Entries now marked didNotFinish (the dashboard's tiles, all time). */
  didNotFinish: z.number().int(),
  period: z.object({ year: z.number().int().nullable(), calendar: z.enum(STATS_CALENDARS) }),
  /** Years with at least one ended read, newest first (for the year picker). */
  years: z.array(z.number().int()),
  totals: countsSchema.extend({
    /** Distinct books finished (a re-read counted once). */
    distinctBooks: z.number().int(),
    /** Finished reads of a book finished before. */
    rereads: z.number().int(),
    /** didNotFinish / (books + didNotFinish), 0 when nothing ended. */
    dnfRate: z.number(),
    /** Mean page count of finished books whose length is known; null when none. */
    averagePages: z.number().nullable(),
    /** Mean days from start to finish (a same-day read counts 1); null when no read has both dates. */
    averageDaysPerBook: z.number().nullable(),
  }),
  /** With a year: every month of it (12, or 13 in the Ethiopian calendar), month 1 first. */
  months: z.array(countsSchema.extend({ month: z.number().int() })),
  /** Every year with ended reads in the period, oldest first (one entry with a year). */
  byYear: z.array(countsSchema.extend({ year: z.number().int() })),
  /** Finished books per genre (a book counts in each of its genres), most first. */
  genres: z.array(z.object({ genre: z.string(), books: z.number().int() })),
  languages: z.object({ en: z.number().int(), am: z.number().int(), other: z.number().int() }),
  /** Ratings the reader gave in the period (reviews not deleted), 1 to 5 stars. */
  ratings: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
  averageRating: z.number().nullable(),
  longest: bookRefSchema.nullable(),
  shortest: bookRefSchema.nullable(),
  /** Authors of the most finished books (at most 5; ties by name). */
  favouriteAuthors: z.array(z.object({ author: z.string(), books: z.number().int() })),
});
export type ReadingStats = z.infer<typeof readingStatsSchema>;

/** Bounds of a yearly goal. */
export const GOAL_LIMITS = { booksMax: 1000, pagesMax: 1_000_000 } as const;

/** `PUT /api/me/goal`: books to finish in a (Gregorian) year, optionally pages; pages null clears them. */
export const goalInputSchema = z.object({
  year: yearSchema,
  books: z
    .number('goal.booksRequired')
    .int('goal.booksRange')
    .min(1, 'goal.booksRange')
    .max(GOAL_LIMITS.booksMax, 'goal.booksRange'),
  pages: z
    .number('validation.invalid')
    .int('goal.pagesRange')
    .min(1, 'goal.pagesRange')
    .max(GOAL_LIMITS.pagesMax, 'goal.pagesRange')
    .nullable()
    .optional(),
});
export type GoalInput = z.infer<typeof goalInputSchema>;

/** `GET /api/me/goal?year=YYYY` (default: this year on the reader's clock). */
export const goalQuerySchema = z.object({ year: yearSchema.optional(), tz: timeZoneSchema.default('UTC') });
export type GoalQuery = z.infer<typeof goalQuerySchema>;

/** A year's goal (books null = none set) and the progress made towards it. */
export const goalSchema = z.object({
  year: z.number().int(),
  books: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  progress: z.object({ books: z.number().int(), pages: z.number().int() }),
});
export type Goal = z.infer<typeof goalSchema>;

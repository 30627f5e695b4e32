import {
  LATEST_STATS_YEAR,
  type Goal,
  type GoalInput,
  type GoalQuery,
  type ReadingStats,
  type StatsQuery,
} from '@nebab/shared';
import { NotFoundError } from '../../lib/errors.js';
import type { ReadingListService } from '../reading-list/reading-list.service.js';
import type { ReviewsService } from '../reviews/reviews.service.js';
import type { Actor } from '../../lib/actor.js';
import type { UsersService } from '../users/users.service.js';
import type { ReadingStatsRepository } from './reading-stats.repository.js';
import { computeStats, latestYear, localDate } from './stats.js';

export interface ReadingStatsServiceDeps {
  repo: ReadingStatsRepository;
  readingList: Pick<ReadingListService, 'history'>;
  reviews: Pick<ReviewsService, 'ratingsBy'>;
  users: Pick<UsersService, 'getUserCounts'>;
  /** The clock (the current year of a goal, of the stats' latest year). */
  now?: () => Date;
}

/** The reader's statistics page and yearly goal; both only ever about the caller. */
export function createReadingStatsService({
  repo,
  readingList,
  reviews,
  users,
  now = () => new Date(),
}: ReadingStatsServiceDeps) {
  /**
   * `GET /api/me/stats`: the dashboard's counts and the figures of the year (or all time); `latest`
   * is this year when the reader ended a read in it, else the latest year they did.
   */
  async function stats(actor: Actor, query: StatsQuery): Promise<ReadingStats> {
    const [counts, history, ratings] = await Promise.all([
      users.getUserCounts(actor.userId),
      readingList.history(actor.userId),
      reviews.ratingsBy(actor.userId),
    ]);
    const year =
      query.year === LATEST_STATS_YEAR
        ? latestYear(
            history.map((read) => localDate(read.finishedAt, query.tz, query.calendar).year),
            localDate(now(), query.tz, query.calendar).year,
          )
        : (query.year ?? null);
    return {
      ...counts,
      ...computeStats({ history, ratings, year, calendar: query.calendar, timeZone: query.tz }),
    };
  }

  /** The goal of a (Gregorian) year with the progress: books finished that year and their pages. */
  async function goal(actor: Actor, query: GoalQuery): Promise<Goal> {
    const year = query.year ?? localDate(now(), query.tz, 'gregorian').year;
    const [row, history] = await Promise.all([
      repo.findGoal(actor.userId, year),
      readingList.history(actor.userId),
    ]);
    const figures = computeStats({ history, ratings: [], year, calendar: 'gregorian', timeZone: query.tz });
    return {
      year,
      books: row?.books ?? null,
      pages: row?.pages ?? null,
      progress: { books: figures.totals.books, pages: figures.totals.pages },
    };
  }

  /** Sets (or replaces) the year's goal. */
  async function setGoal(actor: Actor, input: GoalInput, tz: string): Promise<Goal> {
    await repo.upsertGoal(actor.userId, input.year, input.books, input.pages ?? null);
    return goal(actor, { year: input.year, tz });
  }

  /** Clears the year's goal; 404 when none was set. */
  async function removeGoal(actor: Actor, year: number): Promise<void> {
    if (!(await repo.removeGoal(actor.userId, year))) throw new NotFoundError();
  }

  return { stats, goal, setGoal, removeGoal };
}

export type ReadingStatsService = ReturnType<typeof createReadingStatsService>;

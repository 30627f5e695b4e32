import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readingGoals, type ReadingGoalRow } from '../../db/schema/index.js';

/** Reads and writes `reading_goals` (one goal per reader and year). */
export function createReadingStatsRepository(db: Db) {
  return {
    async findGoal(userId: string, year: number, tx: Db = db): Promise<ReadingGoalRow | undefined> {
      const [row] = await tx
        .select()
        .from(readingGoals)
        .where(and(eq(readingGoals.userId, userId), eq(readingGoals.year, year)))
        .limit(1);
      return row;
    },

    /** Sets the year's goal (a second PUT replaces it). */
    async upsertGoal(
      userId: string,
      year: number,
      books: number,
      pages: number | null,
      tx: Db = db,
    ): Promise<ReadingGoalRow> {
      const [row] = await tx
        .insert(readingGoals)
        .values({ userId, year, books, pages })
        .onConflictDoUpdate({
          target: [readingGoals.userId, readingGoals.year],
          set: { books, pages, updatedAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('readingStats.upsertGoal returned no row');
      return row;
    },

    async removeGoal(userId: string, year: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(readingGoals)
        .where(and(eq(readingGoals.userId, userId), eq(readingGoals.year, year)))
        .returning({ year: readingGoals.year });
      return rows.length > 0;
    },
  };
}

export type ReadingStatsRepository = ReturnType<typeof createReadingStatsRepository>;

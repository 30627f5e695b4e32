import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readingGoals } from '../../db/schema/index.js';

/** The reader's reading goals, by year. */
export async function exportGoals(db: Db, userId: string) {
  return db
    .select({ year: readingGoals.year, books: readingGoals.books, pages: readingGoals.pages })
    .from(readingGoals)
    .where(eq(readingGoals.userId, userId))
    .orderBy(readingGoals.year);
}

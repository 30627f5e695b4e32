import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preferences } from '../../db/schema/index.js';

/** The reader's reading preferences (or null), for their export. */
export async function exportPreferences(db: Db, userId: string) {
  const [row] = await db
    .select({
      languages: preferences.languages,
      genres: preferences.genres,
      ageGroup: preferences.ageGroup,
      bookLength: preferences.bookLength,
      authors: preferences.authors,
    })
    .from(preferences)
    .where(eq(preferences.userId, userId))
    .limit(1);
  return row ?? null;
}

import type { SavedPreferences } from '@nebab/shared';
import type { PreferencesRow } from '../../db/schema/index.js';

/** Spec §3 Preferences: `{ languages, genres, ageGroup, bookLength, authors }`. */
export function presentPreferences(row: PreferencesRow): SavedPreferences {
  return {
    languages: row.languages,
    genres: row.genres,
    ageGroup: row.ageGroup,
    bookLength: row.bookLength,
    authors: row.authors,
  };
}

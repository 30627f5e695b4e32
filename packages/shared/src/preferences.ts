import { z } from 'zod';
import { GENRE_SLUGS } from './genres.js';
import { PREFERENCES_STORAGE_KEY } from './client-constants.js';
import { FAVORITE_AUTHOR_SCRIPTS, matchFavoriteAuthors } from './favorite-authors.js';
import { LIMITS } from './limits.js';
import { writtenText } from './text.js';

/** Reading languages offered by the preferences wizard (ISO 639-1). */
export const PREFERENCE_LANGUAGES = ['en', 'am', 'om', 'ti', 'ar', 'fr', 'es', 'de'] as const;
/** Age groups of the wizard; `children` is sent to search as Juvenile (spec §5). */
export const AGE_GROUPS = ['children', 'youngAdult', 'adult'] as const;
/** Book lengths of the wizard, as the search length buckets (spec §5). */
export const BOOK_LENGTHS = ['short', 'medium', 'long', 'any'] as const;

/** The 15 fixed names of the favourite-author typeahead (spec §2), as saved; Ge'ez spellings in favorite-authors.ts. */
export const FAVORITE_AUTHORS: readonly string[] = FAVORITE_AUTHOR_SCRIPTS.map((author) => author.latin);

/**
 * The typeahead's filter (spec §5: case-insensitive substring), widened to both scripts and
 * Latin-typed Amharic; answers the Latin names, best matches first.
 */
export function filterAuthors(query: string, exclude: readonly string[] = []): string[] {
  return matchFavoriteAuthors(query, exclude).map((author) => author.latin);
}

const item = writtenText().trim().min(1).max(LIMITS.preferenceItemMax);

export const preferencesSchema = z.object({
  languages: z
    .array(z.enum(PREFERENCE_LANGUAGES), { error: 'validation.languagesRequired' })
    .min(1, { error: 'validation.languagesRequired' })
    .max(LIMITS.preferenceListMax),
  genres: z
    .array(z.enum(GENRE_SLUGS), { error: 'validation.genresRequired' })
    .min(1, { error: 'validation.genresRequired' })
    .max(LIMITS.preferenceListMax),
  ageGroup: z.enum(AGE_GROUPS).nullable().default(null),
  bookLength: z.enum(BOOK_LENGTHS).nullable().default(null),
  authors: z.array(item).max(LIMITS.authorsMax).default([]),
});

export type PreferencesInput = z.input<typeof preferencesSchema>;
export type Preferences = z.output<typeof preferencesSchema>;

export { PREFERENCES_STORAGE_KEY };

/** Saved preferences as the API answers them (spec §3). Lenient on stored values so old rows still present. */
export const savedPreferencesSchema = z.object({
  languages: z.array(z.string()),
  genres: z.array(z.string()),
  ageGroup: z.string().nullable(),
  bookLength: z.string().nullable(),
  authors: z.array(z.string()),
});
export type SavedPreferences = z.infer<typeof savedPreferencesSchema>;

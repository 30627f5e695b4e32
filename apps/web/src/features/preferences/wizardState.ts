import type { AGE_GROUPS, BOOK_LENGTHS, GenreSlug, PREFERENCE_LANGUAGES } from '@nebab/shared';

export type PreferenceLanguage = (typeof PREFERENCE_LANGUAGES)[number];
export type AgeGroup = (typeof AGE_GROUPS)[number];
export type BookLength = (typeof BOOK_LENGTHS)[number];

/** The answers the wizard collects (spec §3 Preferences). */
export interface WizardAnswers {
  languages: PreferenceLanguage[];
  genres: GenreSlug[];
  ageGroup: AgeGroup | null;
  bookLength: BookLength | null;
  authors: string[];
}

export const EMPTY_ANSWERS: WizardAnswers = {
  languages: [],
  genres: [],
  ageGroup: null,
  bookLength: null,
  authors: [],
};

/** Steps 0–4: languages, genres, age group, book length, favourite authors. */
export const WIZARD_STEPS = ['languages', 'genres', 'ageGroup', 'bookLength', 'authors'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const TOTAL_STEPS = WIZARD_STEPS.length;

/** Only the optional steps 2–4 (zero-based) offer Skip. */
export function canSkip(step: number): boolean {
  return step >= 2 && step <= 4;
}

/** How many of the five questions have an answer. */
export function completedAnswers(answers: WizardAnswers): number {
  return [
    answers.languages.length > 0,
    answers.genres.length > 0,
    answers.ageGroup !== null,
    answers.bookLength !== null,
    answers.authors.length > 0,
  ].filter(Boolean).length;
}

/** The progress bar adds 20% per completed answer. */
export function progressPercent(answers: WizardAnswers): number {
  return completedAnswers(answers) * (100 / TOTAL_STEPS);
}

/** The message key that stops moving forward from a step, or null (spec §5 Preferences). */
export function stepError(
  step: number,
  answers: WizardAnswers,
): 'validation.languagesRequired' | 'validation.genresRequired' | null {
  if (step === 0 && answers.languages.length === 0) return 'validation.languagesRequired';
  if (step === 1 && answers.genres.length === 0) return 'validation.genresRequired';
  return null;
}

/** Adds or removes a value of a multiple-choice answer, keeping the offered order. */
export function toggleValue<T>(list: readonly T[], value: T, order: readonly T[]): T[] {
  const next = list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
  return order.filter((item) => next.includes(item));
}

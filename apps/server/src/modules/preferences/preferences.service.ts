import type { Preferences } from '@nebab/shared';
import type { PreferencesRow } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import type { Actor } from '../../lib/actor.js';
import type { PreferencesRepository } from './preferences.repository.js';

export function createPreferencesService({ preferences }: { preferences: PreferencesRepository }) {
  /** The caller's preferences; 404 NOT_FOUND while the onboarding wizard has not been finished. */
  async function get(actor: Actor): Promise<PreferencesRow> {
    const row = await preferences.find(actor.userId);
    if (!row) throw new NotFoundError();
    return row;
  }

  /** Saves the wizard's answers (already validated by the shared schema). */
  function save(actor: Actor, input: Preferences): Promise<PreferencesRow> {
    return preferences.upsert(actor.userId, {
      ...input,
      languages: [...new Set(input.languages)],
      genres: [...new Set(input.genres)],
      authors: [...new Set(input.authors)],
    });
  }

  /** True while the user has no preferences row: the `landing` flag of the login answer. */
  async function needsOnboarding(userId: string): Promise<boolean> {
    return !(await preferences.exists(userId));
  }

  return { get, save, needsOnboarding };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;

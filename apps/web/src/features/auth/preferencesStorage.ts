import { PREFERENCES_STORAGE_KEY, type SavedPreferences } from '@nebab/shared';

/** Mirrors the saved preferences in localStorage under `userPreferences` (spec §3). */
export function storePreferences(preferences: SavedPreferences): void {
  try {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // The server copy is the one that counts.
  }
}

export function clearStoredPreferences(): void {
  try {
    window.localStorage.removeItem(PREFERENCES_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

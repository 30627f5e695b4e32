/**
 * A reader is new until they come back: from finishing the onboarding wizard to the end of that
 * visit (this tab's session, reloads included), the dashboard welcomes them to Nebab rather than
 * "back". The mark names the reader, so another account signed in on the tab is not taken for new.
 */
const NEW_READER_KEY = 'NR_new_reader';

export function markNewReader(userId: string): void {
  try {
    window.sessionStorage.setItem(NEW_READER_KEY, userId);
  } catch {
    // Without storage the welcome is the returning reader's.
  }
}

export function isNewReader(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(NEW_READER_KEY) === userId;
  } catch {
    return false;
  }
}

export function clearNewReader(): void {
  try {
    window.sessionStorage.removeItem(NEW_READER_KEY);
  } catch {
    // Nothing to clear.
  }
}

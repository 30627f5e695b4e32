import type { AccountDisplay } from '@nebab/shared';

/**
 * Language and theme the reader chose on this page while no session was signed in yet (a visitor,
 * or a reader whose stored session was still being checked right after the page loaded). When a
 * session starts, `AccountDisplaySync` keeps them on the account rather than replacing them with
 * the account's older values.
 */
let early: AccountDisplay = {};

export function noteEarlyChoice(patch: AccountDisplay): void {
  early = { ...early, ...patch };
}

/** The choices noted since the last session start, forgotten once taken. */
export function takeEarlyChoices(): AccountDisplay {
  const choices = early;
  early = {};
  return choices;
}

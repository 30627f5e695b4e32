const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** The current time; one place to read the clock. */
export function now(): Date {
  return new Date();
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * MINUTE_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** True when `date` lies more than `ms` milliseconds before `reference`. */
export function isOlderThan(date: Date, ms: number, reference: Date = now()): boolean {
  return reference.getTime() - date.getTime() > ms;
}

/**
 * The Ethiopian calendar (Amete Mihret): 12 months of 30 days and Pagume (5 days, 6 before a
 * Gregorian leap year); the year begins on 11 September (12 September before a Gregorian leap year).
 * Pure arithmetic on Julian day numbers, so the server can group dates by Ethiopian month without
 * depending on the host's ICU data (the web formats names with `Intl`'s `ethiopic` calendar).
 */

/** Julian day number of 1 Meskerem, year 1 (Amete Mihret). */
const EPOCH = 1_724_221;

export interface CalendarDate {
  year: number;
  /** 1–12 (Gregorian) or 1–13 (Ethiopian; 13 = Pagume). */
  month: number;
  day: number;
}

/** Julian day number of a proleptic Gregorian date. */
export function gregorianToJdn({ year, month, day }: CalendarDate): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return (
    day +
    Math.floor((153 * m + 2) / 5) +
    365 * y +
    Math.floor(y / 4) -
    Math.floor(y / 100) +
    Math.floor(y / 400) -
    32_045
  );
}

/** The Gregorian date of a Julian day number. */
export function jdnToGregorian(jdn: number): CalendarDate {
  const a = jdn + 32_044;
  const b = Math.floor((4 * a + 3) / 146_097);
  const c = a - Math.floor((146_097 * b) / 4);
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  return {
    day: e - Math.floor((153 * m + 2) / 5) + 1,
    month: m + 3 - 12 * Math.floor(m / 10),
    year: 100 * b + d - 4800 + Math.floor(m / 10),
  };
}

/** Julian day number of an Ethiopian date. */
export function ethiopianToJdn({ year, month, day }: CalendarDate): number {
  return EPOCH + 365 * (year - 1) + Math.floor(year / 4) + 30 * (month - 1) + day - 1;
}

/** The Ethiopian date of a Julian day number. */
export function jdnToEthiopian(jdn: number): CalendarDate {
  // Counted from the year before the epoch, so that every fourth year (the one with Pagume 6) ends a cycle.
  const era = EPOCH - 365;
  const r = (((jdn - era) % 1461) + 1461) % 1461;
  const n = (r % 365) + 365 * Math.floor(r / 1460);
  return {
    year: 4 * Math.floor((jdn - era) / 1461) + Math.floor(r / 365) - Math.floor(r / 1460),
    month: Math.floor(n / 30) + 1,
    day: (n % 30) + 1,
  };
}

/** The Ethiopian date of a Gregorian one. */
export function toEthiopian(date: CalendarDate): CalendarDate {
  return jdnToEthiopian(gregorianToJdn(date));
}

/** The Gregorian date of an Ethiopian one. */
export function fromEthiopian(date: CalendarDate): CalendarDate {
  return jdnToGregorian(ethiopianToJdn(date));
}

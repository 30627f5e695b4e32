import { fromEthiopian, toEthiopian, type StatsCalendar } from '@nebab/shared';

/** The year today in a calendar (on the reader's clock). */
export function currentYear(calendar: StatsCalendar, now = new Date()): number {
  if (calendar === 'gregorian') return now.getFullYear();
  return toEthiopian({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() }).year;
}

/**
 * Month names of a year, through `Intl` in the interface's locale (`am-ET` gives Amharic names):
 * January…December, or Meskerem…Pagume with the Ethiopian calendar.
 */
export function monthNames(
  locale: string,
  calendar: StatsCalendar,
  year: number,
  width: 'short' | 'long' = 'short',
): string[] {
  if (calendar === 'gregorian') {
    const format = new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2024, i, 15)));
  }
  const format = new Intl.DateTimeFormat(`${locale}-u-ca-ethiopic`, { month: width, timeZone: 'UTC' });
  return Array.from({ length: 13 }, (_, i) => {
    const day = fromEthiopian({ year, month: i + 1, day: 3 });
    return format.format(Date.UTC(day.year, day.month - 1, day.day));
  });
}

/** A year as the calendar writes it ("2017 ዓ.ም." style numbering comes from `Intl`). */
export function yearLabel(locale: string, calendar: StatsCalendar, year: number): string {
  if (calendar === 'gregorian') return new Intl.NumberFormat(locale, { useGrouping: false }).format(year);
  const day = fromEthiopian({ year, month: 1, day: 15 });
  return new Intl.DateTimeFormat(`${locale}-u-ca-ethiopic`, { year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(day.year, day.month - 1, day.day),
  );
}

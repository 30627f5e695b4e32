import { INTL_LOCALE, type Language } from '@nebab/shared';

const KIB = 1024;
const MIB = 1024 * 1024;

/** `512 B`, `48 kB`, `3.2 MB` in the interface language (binary multiples: 50 MB is 50 × 1024²). */
export function formatBytes(bytes: number, language: Language): string {
  const locale = INTL_LOCALE[language];
  if (bytes < KIB) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte' }).format(bytes);
  if (bytes < MIB) {
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: 0,
    }).format(bytes / KIB);
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  }).format(bytes / MIB);
}

import { hasEthiopic, latinKey, searchWords } from '@nebab/shared';
import { isbn10To13, isValidIsbn10, isValidIsbn13 } from '../../catalog/isbn.js';

/** Both forms of an ISBN typed as the whole query. */
export interface IsbnQuery {
  isbn13: string;
  /** The ISBN-10 of a 978 ISBN-13 (or the one typed); null for 979 ISBNs, which have none. */
  isbn10: string | null;
}

/**
 * An ISBN typed as the whole query, in any of the ways readers copy them: ISBN-10 or ISBN-13, with
 * hyphens or spaces, an "ISBN" label, an ISBN-10 whose leading zeros a spreadsheet dropped
 * (`439023483` for `0439023483`). Only numbers whose check digit holds count.
 */
export function parseIsbn(q: string): IsbnQuery | null {
  const compact = q
    .trim()
    .replace(/^isbn(?:-1[03])?[:\s]*/i, '')
    .replace(/[\s\-‐‑–.]/g, '')
    .toUpperCase();
  if (!/^\d{6,12}[\dX]$/.test(compact)) return null;
  if (compact.length === 13) {
    if (!isValidIsbn13(compact) || !/^97[89]/.test(compact)) return null;
    return { isbn13: compact, isbn10: compact.startsWith('978') ? isbn13To10(compact) : null };
  }
  if (compact.length > 10) return null;
  const isbn10 = compact.padStart(10, '0');
  if (!isValidIsbn10(isbn10)) return null;
  return { isbn13: isbn10To13(isbn10), isbn10 };
}

/** The ISBN-10 of a 978 ISBN-13. */
export function isbn13To10(isbn13: string): string {
  const first9 = isbn13.slice(3, 12);
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(first9[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return `${first9}${check === 10 ? 'X' : String(check)}`;
}

/** Very common English words: dropped from the text query when other words remain. */
export const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'in',
  'on',
  'to',
  'for',
  'at',
  'by',
  'with',
  'is',
  'from',
]);

/** At most this many words of a query count. */
export const MAX_QUERY_WORDS = 12;

/** A query as search reads it. */
export interface AnalysedQuery {
  /** The text as typed (trimmed). */
  text: string;
  /** Its words: lower case, Ge'ez folded (see `searchWords`). */
  words: string[];
  /** Holds Ge'ez letters. */
  ethiopic: boolean;
  /** An ISBN typed as the whole query. */
  isbn: IsbnQuery | null;
}

export function analyseQuery(q: string): AnalysedQuery {
  const text = q.trim();
  return {
    text,
    words: searchWords(text).slice(0, MAX_QUERY_WORDS),
    ethiopic: hasEthiopic(text),
    isbn: parseIsbn(text),
  };
}

/** The Latin keys of words (one per word that has a consonant). */
export function keysOf(words: readonly string[]): string[] {
  return words.map((word) => latinKey(word)).filter((key) => key.length > 0 && !key.includes(' '));
}

/** True for a word made of digits only (years, numbers in titles: never spell-corrected). */
export function isNumber(word: string): boolean {
  return /^\d+$/.test(word);
}

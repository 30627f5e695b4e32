/**
 * Pure helpers of book matching (imports, readers adding books): normalised keys of titles and
 * authors, and the check that a fuzzy candidate really is the same book.
 */
import { hasEthiopic, latinKey } from '@nebab/shared';
import { editDistance } from '../../lib/edit-distance.js';

const SERIES_SUFFIX = /\s*\(([^()]*?),?\s+#\s*[\d.\-–]+\)\s*$/;

/** "The Hunger Games (The Hunger Games, #1)" → "The Hunger Games"; other titles as they are (trimmed). */
export function stripSeries(title: string): string {
  const bare = title.replace(SERIES_SUFFIX, '').trim();
  return bare || title.trim();
}

/**
 * The comparison key of a title: series suffix and subtitle dropped, accents folded, lower case,
 * punctuation to spaces, a leading English article dropped. Ge'ez and other scripts are kept.
 */
export function titleKey(title: string): string {
  return stripSeries(title)
    .split(/:\s/)[0]!
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(the|a|an) /, '');
}

/** Lower-case words of an author's name, accents folded ("Gabriel García Márquez" → gabriel garcia marquez). */
export function nameWords(name: string): string[] {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** "Collins, Suzanne" → "Suzanne Collins"; a name without one comma as it is. */
export function authorFromLastFirst(name: string): string {
  const parts = name.split(',');
  if (parts.length !== 2) return name.trim();
  const [last, first] = parts.map((part) => part.trim());
  return first && last ? `${first} ${last}` : name.trim();
}

/** Trigram set of a string (pg_trgm's way: words padded with two spaces in front, one behind). */
function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.split(' ')) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity (shared trigrams over all trigrams), 0..1. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared += 1;
  return shared / (x.size + y.size - shared);
}

/** Surnames equal but for a typo: one edit from 4 letters on, two from 8. */
function closeNames(a: string, b: string): boolean {
  if (a === b) return true;
  if (/\d/.test(a) || /\d/.test(b)) return false;
  const longest = Math.max(a.length, b.length);
  if (longest < 4) return false;
  const allowed = longest >= 8 ? 2 : 1;
  return editDistance(a, b, allowed) <= allowed;
}

/**
 * True when one of the candidate's authors is the wanted author: the same surname (the last word,
 * allowing a typo in a long one), or overall similar names. No author on either side matches on the
 * title alone.
 */
export function authorMatches(wanted: string[], candidate: string[]): boolean {
  if (wanted.length === 0 || candidate.length === 0) return true;
  for (const a of wanted) {
    const aw = nameWords(a);
    const aLast = aw[aw.length - 1];
    if (!aLast) continue;
    for (const b of candidate) {
      const bw = nameWords(b);
      const bLast = bw[bw.length - 1];
      if (!bLast) continue;
      // The same surname, and the same first initial when both give a first name.
      const initials = aw.length < 2 || bw.length < 2 || aw[0]![0] === bw[0]![0];
      if (closeNames(aLast, bLast) && initials) return true;
      if (similarity(aw.join(' '), bw.join(' ')) >= 0.6) return true;
    }
  }
  return false;
}

/** The numbers of a title key, in order ("book 2 of 12" → "2 12"). */
function numbersOf(key: string): string {
  return (key.match(/\d+/g) ?? []).join(' ');
}

/**
 * True when the two title keys have the same words but for typos: as many words (one more or fewer
 * in titles of four words or more), and each word of the shorter one close to a word of the other.
 */
export function wordsAlign(a: string, b: string): boolean {
  const x = a.split(' ');
  const y = b.split(' ');
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (long.length - short.length > (long.length >= 4 ? 1 : 0)) return false;
  const unused = [...long];
  for (const word of short) {
    const at = unused.findIndex((other) => word === other || (!/\d/.test(word) && closeNames(word, other)));
    if (at === -1) return false;
    unused.splice(at, 1);
  }
  return true;
}

/** The lowest title similarity a fuzzy candidate needs (a typo or two in a title of a few words). */
export const TITLE_SIMILARITY_MIN = 0.55;

/** How well a candidate fits a wanted title + authors: its title similarity, or 0 when it does not. */
export function candidateScore(
  wanted: { title: string; authors: string[] },
  candidate: { title: string; altTitles: string[]; authors: string[] },
): number {
  if (!authorMatches(wanted.authors, candidate.authors)) return 0;
  const key = titleKey(wanted.title);
  if (!key) return 0;
  const numbers = numbersOf(key);
  let best = 0;
  for (const title of [candidate.title, ...candidate.altTitles]) {
    const other = titleKey(title);
    // Numbers are never typos: "Volume 1" is not "Volume 101", "1984" not "1985".
    if (numbersOf(other) !== numbers) continue;
    // Word by word: a typo in a word is forgiven, another word is not ("Lost Meadow" ≠ "Silent Meadow").
    if (!wordsAlign(key, other)) continue;
    const score = similarity(key, other);
    if (score > best) best = score;
  }
  return best >= TITLE_SIMILARITY_MIN ? best : 0;
}

/** A book search found for an import row: what the acceptance rule compares. */
export interface SearchCandidate {
  id: string;
  title: string;
  authors: string[];
  language: string | null;
}

/** The words of a text's Latin key: Ge'ez romanised, consonants as readers agree on them. */
function keyWords(text: string): string[] {
  return latinKey(text).split(' ').filter(Boolean);
}

/** Latin keys equal word by word, but for one edit in a key of four letters or more (never in a number). */
function keysAlign(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || a.length !== b.length) return false;
  return a.every((word, i) => {
    const other = b[i]!;
    if (word === other) return true;
    if (/\d/.test(word) || /\d/.test(other) || Math.max(word.length, other.length) < 4) return false;
    return editDistance(word, other, 1) <= 1;
  });
}

/** An author of each side with the same Latin key of the last name (and first initial when both have two words). */
function authorKeysMatch(wanted: readonly string[], candidate: readonly string[]): boolean {
  return wanted.some((a) => {
    const aw = keyWords(a);
    return candidate.some((b) => {
      const bw = keyWords(b);
      if (aw.length === 0 || bw.length === 0) return false;
      if (!keysAlign([aw[aw.length - 1]!], [bw[bw.length - 1]!])) return false;
      return aw.length < 2 || bw.length < 2 || aw[0]![0] === bw[0]![0];
    });
  });
}

/**
 * Whether a book that catalogue search found for an import row is the row's book, and how well: the
 * same checks as {@link candidateScore} (title word by word, numbers exact, the author by surname), and
 * for an Amharic book — Ge'ez on either side, or the catalogue's language — the same comparison on the
 * titles' and authors' Latin keys, so "Fikir Eske Mekabir" by Haddis Alemayehu is ፍቅር እስከ መቃብር by
 * ሀዲስ ዓለማየሁ. Title and author must both agree: a row or a book without an author never matches here.
 */
export function searchCandidateScore(
  wanted: { title: string; authors: string[] },
  candidate: SearchCandidate,
): number {
  if (wanted.authors.length === 0 || candidate.authors.length === 0) return 0;
  const direct = candidateScore(wanted, {
    title: candidate.title,
    altTitles: [],
    authors: candidate.authors,
  });
  if (direct > 0) return direct;
  const amharic = candidate.language === 'am' || hasEthiopic(candidate.title) || hasEthiopic(wanted.title);
  if (!amharic) return 0;
  if (!keysAlign(keyWords(titleKey(wanted.title)), keyWords(titleKey(candidate.title)))) return 0;
  return authorKeysMatch(wanted.authors, candidate.authors) ? TITLE_SIMILARITY_MIN : 0;
}

/**
 * Pure helpers of book matching (imports, readers adding books): normalised keys of titles and
 * authors, and the check that a fuzzy candidate really is the same book.
 */

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
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];
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
      if (aLast === bLast) return true;
      if (aLast.length >= 5 && similarity(aLast, bLast) >= 0.5) return true;
      if (similarity(aw.join(' '), bw.join(' ')) >= 0.6) return true;
    }
  }
  return false;
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
  let best = 0;
  for (const title of [candidate.title, ...candidate.altTitles]) {
    const score = similarity(key, titleKey(title));
    if (score > best) best = score;
  }
  return best >= TITLE_SIMILARITY_MIN ? best : 0;
}

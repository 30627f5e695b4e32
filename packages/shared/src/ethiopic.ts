/**
 * Ge'ez script for search: the romanisation table, homophone folding and Latin keys.
 *
 * The table is data, written once: the search index (SQL functions generated from it, migration
 * `search_keys`) and every query (this module) read it, and a test checks the two agree on every
 * code point and on the whole catalogue.
 *
 * - `foldEthiopic` writes each sound one way: ሀ/ሐ/ኀ/ኸ → ሀ, ሰ/ሠ → ሰ, አ/ዐ → አ, ጸ/ፀ → ጸ (every vowel
 *   order of those rows), the 1st and 4th orders of the laryngeals (ሀ = ሃ, አ = ኣ = ዓ), and the
 *   labialised forms written either way (ቈ = ቋ, ቍ = ቁ, ኰ = ኳ, ጐ = ጓ …). So every spelling of a name
 *   finds every other: ሀዲስ ዓለማየሁ = ሐዲስ አለማየሁ.
 * - `romanizeEthiopic` spells Ge'ez in Latin letters, one consonant and vowel per syllable (the 6th
 *   order, ə, is left out: readers write it as i, e or nothing).
 * - `latinKey` reduces Latin text (typed, or romanised Ge'ez) to consonants readers agree on, so the
 *   ways people type Amharic in Latin letters meet: fikir / fiqir / fqr → fkr, mekabir / meqabir →
 *   mkbr, haddis alemayehu → hds lmyh, kadmas bashager → kdms bxgr (x = sh, c = ch).
 */

/** The vowel orders of a syllable row: ä, u, i, a, e, ə, o, and the labialised wa. */
const ORDER_VOWELS = ['e', 'u', 'i', 'a', 'e', '', 'o', 'wa'] as const;

/** The orders of a labialised row (ቈ ቊ ቋ ቌ ቍ): wä, (none), wi, wa, we, wə. */
const LABIALISED_VOWELS = ['e', '', 'i', 'a', 'e', ''] as const;

export interface EthiopicRow {
  /** First code point of the row. */
  base: number;
  /** The consonant in Latin letters (popular spelling: q for ቀ, sh for ሸ, ch for ቸ/ጨ, ts for ጸ). */
  latin: string;
  /** A labialised row (6 code points: wä, –, wi, wa, we, wə) rather than a full 8-order row. */
  labialised?: boolean;
  /** The row whose letters sound the same (homophones are written with this row's letters). */
  foldTo?: number;
  /** Laryngeal: the 1st and the 4th order sound alike (ሀ = ሃ, አ = ኣ). */
  laryngeal?: boolean;
}

/** Every syllable row of the Ethiopic block (U+1200–U+135A) in Unicode order. */
export const ETHIOPIC_ROWS: readonly EthiopicRow[] = [
  { base: 0x1200, latin: 'h', laryngeal: true }, // ሀ
  { base: 0x1208, latin: 'l' }, // ለ
  { base: 0x1210, latin: 'h', foldTo: 0x1200, laryngeal: true }, // ሐ
  { base: 0x1218, latin: 'm' }, // መ
  { base: 0x1220, latin: 's', foldTo: 0x1230 }, // ሠ
  { base: 0x1228, latin: 'r' }, // ረ
  { base: 0x1230, latin: 's' }, // ሰ
  { base: 0x1238, latin: 'sh' }, // ሸ
  { base: 0x1240, latin: 'q' }, // ቀ
  { base: 0x1248, latin: 'q', labialised: true }, // ቈ
  { base: 0x1250, latin: 'q' }, // ቐ
  { base: 0x1258, latin: 'q', labialised: true, foldTo: 0x1248 }, // ቘ
  { base: 0x1260, latin: 'b' }, // በ
  { base: 0x1268, latin: 'v' }, // ቨ
  { base: 0x1270, latin: 't' }, // ተ
  { base: 0x1278, latin: 'ch' }, // ቸ
  { base: 0x1280, latin: 'h', foldTo: 0x1200, laryngeal: true }, // ኀ
  { base: 0x1288, latin: 'h', labialised: true }, // ኈ
  { base: 0x1290, latin: 'n' }, // ነ
  { base: 0x1298, latin: 'ny' }, // ኘ
  { base: 0x12a0, latin: '', laryngeal: true }, // አ
  { base: 0x12a8, latin: 'k' }, // ከ
  { base: 0x12b0, latin: 'k', labialised: true }, // ኰ
  { base: 0x12b8, latin: 'h', foldTo: 0x1200, laryngeal: true }, // ኸ
  { base: 0x12c0, latin: 'h', labialised: true, foldTo: 0x1288 }, // ዀ
  { base: 0x12c8, latin: 'w' }, // ወ
  { base: 0x12d0, latin: '', foldTo: 0x12a0, laryngeal: true }, // ዐ
  { base: 0x12d8, latin: 'z' }, // ዘ
  { base: 0x12e0, latin: 'zh' }, // ዠ
  { base: 0x12e8, latin: 'y' }, // የ
  { base: 0x12f0, latin: 'd' }, // ደ
  { base: 0x12f8, latin: 'd' }, // ዸ
  { base: 0x1300, latin: 'j' }, // ጀ
  { base: 0x1308, latin: 'g' }, // ገ
  { base: 0x1310, latin: 'g', labialised: true }, // ጐ
  { base: 0x1318, latin: 'g' }, // ጘ
  { base: 0x1320, latin: 't' }, // ጠ
  { base: 0x1328, latin: 'ch' }, // ጨ
  { base: 0x1330, latin: 'p' }, // ጰ
  { base: 0x1338, latin: 'ts' }, // ጸ
  { base: 0x1340, latin: 'ts', foldTo: 0x1338 }, // ፀ
  { base: 0x1348, latin: 'f' }, // ፈ
  { base: 0x1350, latin: 'p' }, // ፐ
];

/** ፘ ፙ ፚ (rya, mya, fya). */
const SPECIAL_SYLLABLES: Readonly<Record<number, string>> = { 0x1358: 'rya', 0x1359: 'mya', 0x135a: 'fya' };

/** Ethiopic punctuation (word space ፡, full stop ።, comma ፣ …) reads as a space. */
const PUNCTUATION_FROM = 0x1360;
const PUNCTUATION_TO = 0x1368;

/** Ethiopic digits ፩–፱. */
const DIGITS_FROM = 0x1369;
const DIGITS_TO = 0x1371;

/** The first and last code point folded and romanised. */
export const ETHIOPIC_FIRST = 0x1200;
export const ETHIOPIC_LAST = 0x137c;

function rowOf(code: number): { row: EthiopicRow; order: number } | null {
  for (const row of ETHIOPIC_ROWS) {
    const size = row.labialised ? 6 : 8;
    if (code >= row.base && code < row.base + size) {
      const order = code - row.base;
      // Unassigned gaps of the labialised rows (U+1249, U+124E–F …).
      if (row.labialised && order === 1) return null;
      return { row, order };
    }
  }
  return null;
}

/** The folded spelling of one Ethiopic code point (itself when it has no other spelling). */
export function foldEthiopicCode(code: number): number {
  const found = rowOf(code);
  if (!found) return code;
  const { row, order } = found;
  let base = row.foldTo ?? row.base;
  const target = ETHIOPIC_ROWS.find((candidate) => candidate.base === base)!;
  let next = order;
  if (target.labialised) {
    // wä = wa and wə = u: the labialised row's 1st order is written as its 4th, its 6th as the
    // plain row's 2nd (ቍ = ቁ).
    if (order === 0) next = 3;
    if (order === 5) {
      const plain = ETHIOPIC_ROWS[ETHIOPIC_ROWS.indexOf(target) - 1]!;
      base = plain.foldTo ?? plain.base;
      next = 1;
    }
  } else if (target.laryngeal && order === 3) {
    next = 0;
  }
  return base + next;
}

/** Homophone letters written one way (see the module comment); other text unchanged. */
export function foldEthiopic(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += code >= ETHIOPIC_FIRST && code <= 0x135a ? String.fromCodePoint(foldEthiopicCode(code)) : char;
  }
  return out;
}

/** The Latin spelling of one Ethiopic code point (`null`: not a letter, digit or punctuation). */
export function romanizeEthiopicCode(code: number): string | null {
  if (code >= PUNCTUATION_FROM && code <= PUNCTUATION_TO) return ' ';
  if (code >= DIGITS_FROM && code <= DIGITS_TO) return String(code - DIGITS_FROM + 1);
  const special = SPECIAL_SYLLABLES[code];
  if (special) return special;
  const found = rowOf(code);
  if (!found) return null;
  const { row, order } = found;
  if (row.labialised) return `${row.latin}w${LABIALISED_VOWELS[order]}`;
  // The 8th order of ሀ-like rows is "hoa"-style in Unicode names; readers say "wa".
  return `${row.latin}${ORDER_VOWELS[order]}`;
}

/** Ge'ez spelled in Latin letters; other text unchanged. */
export function romanizeEthiopic(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= ETHIOPIC_FIRST && code <= ETHIOPIC_LAST) out += romanizeEthiopicCode(code) ?? '';
    else out += char;
  }
  return out;
}

/** Ethiopic with its Supplement (U+1200–U+139F), Extended (U+2D80–U+2DDF) and Extended-A (U+AB00–U+AB2F). */
const ETHIOPIC_PATTERN = /[\u1200-\u139F\u2D80-\u2DDF\uAB00-\uAB2F]/u;

/** True when the text holds Ge'ez letters. */
export function hasEthiopic(text: string): boolean {
  return ETHIOPIC_PATTERN.test(text);
}

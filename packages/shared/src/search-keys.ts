/**
 * How search reads text, shared by the index (SQL functions generated from these tables, migration
 * `search_keys`) and the queries: words, Latin keys for Latin-typed Amharic, and ISBNs.
 */
import { foldEthiopic, romanizeEthiopic } from './ethiopic.js';

/** Latin letters with marks (scholarly romanisations, typed accents), each read as a plain letter. */
export const ACCENTED_FROM = 'áàâäãåāăąǎçćčċďđḍéèêëēėęěəḥḫíìîïīįǐıǧłñńňóòôöõøōőǒṗŕřśšşṣţťṭúùûüūůűųǔýÿžźżẓ';

/** Letters whose plain letter is not the one their decomposition starts with. */
const PLAIN_LETTER: Readonly<Record<string, string>> = { đ: 'd', ə: 'e', ı: 'i', ǧ: 'j', ł: 'l', ø: 'o' };

/** The plain letter of each letter of ACCENTED_FROM, in order (what `translate()` maps it to). */
export const ACCENTED_TO = [...ACCENTED_FROM]
  .map((char) => PLAIN_LETTER[char] ?? char.normalize('NFD')[0]!)
  .join('');

/** Apostrophes inside a word (Ge'ez, O'Brien, scholarly ʼ and ʻ) join its letters in a Latin key. */
export const APOSTROPHES = new Set(["'", '’', 'ʼ', 'ʻ', '`', '´']);

/**
 * The romanisations' marks of ʾalef and ʿayin (modifier letters, so Unicode counts them as letters):
 * left out of words, so "baʻālu" reads as "baalu".
 */
export const WORD_MARKS = 'ʼʻ';

const ACCENTS = new Map([...ACCENTED_FROM].map((char, i) => [char, ACCENTED_TO[i]!]));

/**
 * The steps that turn plain Latin words into keys, in order: a regular expression (whose syntax
 * PostgreSQL and JavaScript read alike; `$1` in a replacement is the first group) or a `translate`
 * of single letters (letters of `from` past the end of `to` are deleted). Upper-case letters are
 * placeholders for one sound written with two letters (S = sh, C = ch).
 */
export type LatinKeyStep =
  readonly ['regex', pattern: string, replacement: string] | readonly ['translate', from: string, to: string];

export const LATIN_KEY_STEPS: readonly LatinKeyStep[] = [
  ['regex', 'x', 'ks'],
  ['regex', 'ph', 'f'],
  ['regex', 't?ch', 'C'],
  ['regex', 'sh', 'S'],
  ['regex', 'zh', 'j'],
  ['regex', 't[sz]', 's'],
  ['regex', '([tkdg])h', '$1'],
  ['regex', 'ck', 'k'],
  ['regex', 'c([eiy])', 's$1'],
  ['regex', 'gn|ny', 'n'],
  // qu before e or i is k (Márquez = ማርኬዝ); i and u before a vowel are the consonants y and w
  // (Mariam = Maryam, Giorgis = Giyorgis).
  ['regex', 'qu([ei])', 'k$1'],
  ['regex', 'i([aeou])', 'y$1'],
  ['regex', 'u([aeio])', 'w$1'],
  // -ai/-ei/-oi before a consonant or at the end is -ay (Oromai = Oromay, maikeb = ማይከብ); a final y
  // after a consonant is a vowel (Harry = ሃሪ).
  ['regex', '([aeo])i([^aeiou]|$)', '$1y$2'],
  ['regex', '([^aeiou ])y( |$)', '$1i$2'],
  // c and q are k, v is b, the placeholders become x (sh) and c (ch), and the vowels go.
  ['translate', 'cqvSCaeiou', 'kkbxc'],
  ['regex', '([a-z])\\1+', '$1'],
];

/** `translate()` as PostgreSQL has it: each letter of `from` becomes the one of `to` at its place. */
export function translateLetters(text: string, from: string, to: string): string {
  let out = '';
  for (const char of text) {
    const at = from.indexOf(char);
    if (at === -1) out += char;
    else if (at < to.length) out += to[at];
  }
  return out;
}

const COMPILED_STEPS = LATIN_KEY_STEPS.map((step) =>
  step[0] === 'regex'
    ? (text: string) => text.replace(new RegExp(step[1], 'g'), step[2])
    : (text: string) => translateLetters(text, step[1], step[2]),
);

/**
 * Lower-case Latin with the marks taken off and anything but letters and digits as single spaces;
 * Ge'ez is romanised first. The input of {@link latinKey}.
 */
export function plainLatin(text: string): string {
  let out = '';
  for (const char of romanizeEthiopic(foldEthiopic(text)).toLowerCase()) {
    if (APOSTROPHES.has(char) || COMBINING_MARK.test(char)) continue;
    const plain = ACCENTS.get(char) ?? char;
    out += /[a-z0-9]/.test(plain) ? plain : ' ';
  }
  return out.replace(/ +/g, ' ').trim();
}

/**
 * The Latin key of a text: its consonants as readers agree on them (see ethiopic.ts). Words stay
 * apart; words without a consonant drop out.
 */
export function latinKey(text: string): string {
  let key = plainLatin(text);
  for (const step of COMPILED_STEPS) key = step(key);
  return key.split(' ').filter(Boolean).join(' ');
}

/** Letters and decimal digits: what words are made of (everything else separates them). */
export const WORD_CHARACTER = /[\p{L}\p{Nd}]/u;

/** Combining marks left after NFC (vowel signs, harakat, a decomposed accent): left out of words. */
export const COMBINING_MARK = /\p{M}/u;

/**
 * The words of a text as search indexes them: NFC, lower case, Ge'ez folded (homophones one way),
 * Latin letters without their marks (Márquez = marquez), combining marks left out, split on anything
 * that is not a letter or a decimal digit (Ge'ez punctuation included). The index reads text with
 * SQL generated from these same definitions (search-sql.ts), so the two always agree.
 */
export function searchWords(text: string): string[] {
  let plain = '';
  for (const char of foldEthiopic(text.normalize('NFC').toLowerCase())) {
    if (WORD_MARKS.includes(char) || COMBINING_MARK.test(char)) continue;
    plain += ACCENTS.get(char) ?? char;
  }
  const words: string[] = [];
  let word = '';
  for (const char of plain) {
    if (WORD_CHARACTER.test(char)) word += char;
    else if (word) {
      words.push(word);
      word = '';
    }
  }
  if (word) words.push(word);
  return words;
}

/** English articles a title may start with, left out when titles are compared ("The Hobbit" = "hobbit"). */
const LEADING_ARTICLE = /^(the|a|an) /;

/** A trailing parenthetical of a title (an edition's note, a subtitle): "ኦሪት ዘፍጥረት (ቅጽ 1)". */
export const TRAILING_PARENTHETICAL = '\\s*\\([^()]*\\)\\s*$';

/** A title without its trailing parenthetical, what a reader types of it. */
export function titleCore(text: string): string {
  const core = text.replace(new RegExp(TRAILING_PARENTHETICAL), '');
  return /\S/.test(core) ? core : text;
}

/**
 * A title's words joined by single spaces, without a trailing parenthetical or a leading article
 * (as `title_words` stores it).
 */
export function titleWords(text: string): string {
  return searchWords(titleCore(text)).join(' ').replace(LEADING_ARTICLE, '');
}

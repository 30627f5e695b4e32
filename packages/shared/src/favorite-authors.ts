/**
 * The favourite-author step of the preferences wizard: the 15 fixed names (spec §2), each in Latin
 * and Ge'ez script, and the typeahead's matching. A query matches a name typed in either script,
 * and Amharic typed in Latin letters ("hadis", "bealu girma") matches the Ge'ez spelling.
 *
 * The transliteration here is deliberately small and local to this list: consonant skeletons
 * compared loosely. Catalogue search has its own, complete romanisation.
 */

/** The 15 names as saved in preferences (Latin), with their Ge'ez spelling. */
export const FAVORITE_AUTHOR_SCRIPTS = [
  { latin: 'Haddis Alemayehu', geez: 'ሀዲስ ዓለማየሁ' },
  { latin: 'Bealu Girma', geez: 'በዓሉ ግርማ' },
  { latin: 'Maaza Mengiste', geez: 'ማዓዛ መንግሥቴ' },
  { latin: 'Dinaw Mengestu', geez: 'ዲናው መንግሥቱ' },
  { latin: 'Nega Mezlekia', geez: 'ነጋ መዝለቂያ' },
  { latin: 'Chimamanda Ngozi Adichie', geez: 'ቺማማንዳ ንጎዚ አዲቺ' },
  { latin: 'Toni Morrison', geez: 'ቶኒ ሞሪሰን' },
  { latin: 'Gabriel García Márquez', geez: 'ገብርኤል ጋርሲያ ማርኬዝ' },
  { latin: 'Jane Austen', geez: 'ጄን ኦስተን' },
  { latin: 'George Orwell', geez: 'ጆርጅ ኦርዌል' },
  { latin: 'Agatha Christie', geez: 'አጋታ ክሪስቲ' },
  { latin: 'J.K. Rowling', geez: 'ጄ.ኬ. ሮውሊንግ' },
  { latin: 'Stephen King', geez: 'ስቲቨን ኪንግ' },
  { latin: 'Haruki Murakami', geez: 'ሃሩኪ ሙራካሚ' },
  { latin: 'Paulo Coelho', geez: 'ፓውሎ ኮኤልዮ' },
] as const;

export type FavoriteAuthor = (typeof FAVORITE_AUTHOR_SCRIPTS)[number];

/**
 * Latin consonants of each Ge'ez syllable series, by the series' first code point (U+1200 + 8·n).
 * Homophone series share a letter (ሀ ሐ ኀ → h, ሰ ሠ → s, አ ዐ → none, ጸ ፀ → ts), so spelling
 * variants compare equal. Series not listed (rare letters) are skipped.
 */
const SERIES: Record<number, string> = {
  0x1200: 'h',
  0x1208: 'l',
  0x1210: 'h',
  0x1218: 'm',
  0x1220: 's',
  0x1228: 'r',
  0x1230: 's',
  0x1238: 'sh',
  0x1240: 'k',
  0x1260: 'b',
  0x1268: 'v',
  0x1270: 't',
  0x1278: 'ch',
  0x1280: 'h',
  0x1290: 'n',
  0x1298: 'ny',
  0x12a0: '',
  0x12a8: 'k',
  0x12b8: 'h',
  0x12c8: 'w',
  0x12d0: '',
  0x12d8: 'z',
  0x12e0: 'zh',
  0x12e8: 'y',
  0x12f0: 'd',
  0x1300: 'j',
  0x1308: 'g',
  0x1320: 't',
  0x1328: 'ch',
  0x1330: 'p',
  0x1338: 'ts',
  0x1340: 'ts',
  0x1348: 'f',
  0x1350: 'p',
};

/** Letters that sound alike in Latin spellings of these names (c/k/q, ph/f, x → ks, zh/j…). */
function foldLatinConsonants(text: string): string {
  return text
    .replace(/ph/g, 'f')
    .replace(/qu|q|c(?![h])|ck/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/zh/g, 'j')
    .replace(/v/g, 'b');
}

/** Accent- and case-folded Latin text: "Márquez" → "marquez". */
function foldLatin(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The consonant skeleton of a name in either script, for loose comparison: Ge'ez syllables become
 * their Latin consonants, vowels are dropped (Amharic vowels are written many ways in Latin), doubled
 * letters collapse ("Haddis" = "Hadis" = ሀዲስ = "hds").
 */
export function consonantSkeleton(text: string): string {
  let latin = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x1200 && code <= 0x135a) {
      const series = SERIES[code - ((code - 0x1200) % 8)];
      latin += series ?? '';
      // A labialised syllable (ቧ, ሟ…: the 8th order) carries a w sound.
      if ((code - 0x1200) % 8 === 7 && series) latin += 'w';
    } else {
      latin += foldLatin(char);
    }
  }
  return foldLatinConsonants(latin)
    .replace(/[^a-z]/g, '')
    .replace(/[aeiou]/g, '')
    .replace(/(.)\1+/g, '$1');
}

/** Homophone Ge'ez letters folded to one spelling, for direct Ge'ez substring matches (ሃዲስ = ሀዲስ). */
function foldGeez(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x1200 || code > 0x135a) {
      out += char.toLowerCase();
      continue;
    }
    const order = (code - 0x1200) % 8;
    let base = code - order;
    if (base === 0x1210 || base === 0x1280) base = 0x1200; // ሐ ኀ → ሀ
    if (base === 0x1220) base = 0x1230; // ሠ → ሰ
    if (base === 0x12d0) base = 0x12a0; // ዐ → አ
    if (base === 0x1340) base = 0x1338; // ፀ → ጸ
    // ሀ and ሃ, አ and ኣ sound the same: the 1st and 4th order of these are one.
    const sameVowel = (base === 0x1200 || base === 0x12a0) && order === 3 ? 0 : order;
    out += String.fromCodePoint(base + sameVowel);
  }
  return out;
}

const ETHIOPIC = /[\u1200-\u137f]/;

/**
 * The favourite authors matching `query`, best first, leaving out `exclude` (already chosen, by
 * their Latin name): names containing the query as typed (Latin with or without accents, or Ge'ez
 * with any homophone spelling), then names whose consonants match (Latin-typed Amharic such as
 * "hadis", or a Ge'ez query for a foreign name).
 */
export function matchFavoriteAuthors(query: string, exclude: readonly string[] = []): FavoriteAuthor[] {
  const typed = query.trim();
  if (!typed) return [];
  const candidates = FAVORITE_AUTHOR_SCRIPTS.filter((author) => !exclude.includes(author.latin));
  const direct = ETHIOPIC.test(typed)
    ? candidates.filter((author) => foldGeez(author.geez).includes(foldGeez(typed)))
    : candidates.filter((author) => foldLatin(author.latin).includes(foldLatin(typed)));
  const skeleton = consonantSkeleton(typed);
  const loose =
    skeleton.length < 2
      ? []
      : candidates.filter(
          (author) =>
            !direct.includes(author) &&
            [author.latin, author.geez].some((name) =>
              name
                .split(/[\s.]+/)
                .map(consonantSkeleton)
                .join(' ')
                // Word by word, so "grm" matches "Girma" but not "...g r...m" across names.
                .split(' ')
                .some((_, index, words) => words.slice(index).join('').startsWith(skeleton)),
            ),
        );
  return [...direct, ...loose];
}

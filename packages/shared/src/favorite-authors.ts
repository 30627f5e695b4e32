import { foldEthiopic } from './ethiopic.js';
import { latinKey } from './search-keys.js';

/**
 * The favourite-author step of the preferences wizard: the 15 fixed names (spec §2), each in Latin
 * and Ge'ez script, and the typeahead's matching. A query matches a name typed in either script,
 * and Amharic typed in Latin letters ("hadis", "bealu girma") matches the Ge'ez spelling.
 *
 * The transliteration is catalogue search's (ethiopic.ts, search-keys.ts): consonant skeletons
 * compared loosely.
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
 * The consonant skeleton of a name in either script, for loose comparison: its Latin key (see
 * search-keys.ts) with the words run together ("Haddis" = "Hadis" = ሀዲስ = "hds").
 */
export function consonantSkeleton(text: string): string {
  return latinKey(text).replace(/ /g, '');
}

/** Accent- and case-folded Latin text: "Márquez" → "marquez". */
function foldLatin(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Homophone Ge'ez letters folded to one spelling, for direct Ge'ez substring matches (ሃዲስ = ሀዲስ). */
function foldGeez(text: string): string {
  return foldEthiopic(text.toLowerCase());
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

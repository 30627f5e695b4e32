import { latinKey, plainLatin, titleWords } from '@nebab/shared';
import { isNumber, keysOf, STOP_WORDS, type AnalysedQuery, type IsbnQuery } from './query.js';
import { correctWords, respellKnown, type Lexicon, type WordChoice } from './spelling.js';

/**
 * `to_tsquery('simple', …)` texts of a query, built from its words' alternatives. Words come from
 * `searchWords` (letters and digits only), so they never hold tsquery operators.
 */
export interface TextQuery {
  /** Every word (one of its alternatives) anywhere in the book's document. */
  words: string | null;
  /** …every word in an author's name (weight B): the query names an author. */
  author: string | null;
  /** …every word in the title, series or other titles (weight A). */
  title: string | null;
  /** …every word in the title or an author (A or B): a title and its author ("hobbit tolkien"). */
  titleAuthor: string | null;
  /** Latin keys of the words (Latin-typed Amharic, or Ge'ez typed for a foreign title), or null. */
  keys: string | null;
  /** The keys in an author's name / the title / either (as for the words). */
  keysAuthor: string | null;
  keysTitle: string | null;
  keysTitleAuthor: string | null;
  /** The words' most likely reading as a title (stop words kept, leading article left out). */
  phrase: string;
  /** Every reading of the words as a title, the alternatives combined (at most MAX_PHRASES). */
  phrases: string[];
  /** The words as typed, read as a title (typeahead's title prefix). */
  typedPhrase: string;
  /**
   * Every typed key is one of books written in Ge'ez: the Latin words read as Amharic, and key
   * matches outrank corrections of the words into English ("maikeb" is ማይከብ, not "Marked").
   */
  keysReadAsAmharic: boolean;
  /** The text in plain Latin letters (Latin-typed Amharic: its vowels break ties between keys). */
  latin: string | null;
  /** The keys as typed, compared with a title's key. */
  keyPhrase: string | null;
  /** Every reading of the keys (their corrections combined), compared with a title's key. */
  keyPhrases: string[];
  isbn: IsbnQuery | null;
  /** The query holds Ge'ez. */
  ethiopic: boolean;
  /** Content words (stop words aside): one alone names an author's first name as often as the author. */
  contentWords: number;
  /** What each word may stand for (for the "Showing results for" line). */
  choices: WordChoice[];
  /** Typed words read as nothing the catalogue knows, neither as words nor as keys: searched without. */
  unread: string[];
  /**
   * A wider reading of the words, whose books the words as typed do not find rank below every one
   * they find (`relevance.ts`): a search's last word that is a whole word the catalogue knows, yet
   * may be unfinished ("harry pot" on Enter), read as a prefix; or known words respelt (the search
   * service, when the words as typed find almost nothing). Null in typeahead (every last word is a
   * prefix there) and when the last word is a prefix already.
   */
  wider: TextQuery | null;
}

/**
 * A Latin word the vocabulary does not know, or knows mostly from books written in Ge'ez (their
 * romanised titles and names), is taken for Amharic typed in Latin letters: keys are searched too.
 */
function amharicLike(word: string, words: Lexicon): boolean {
  const books = words.count(word);
  return books === 0 || words.geezCount(word) * 2 >= books;
}

/** A known last word shorter than this is not read as unfinished (a prefix of one letter matches most books). */
const MIN_UNFINISHED = 2;

/** Readings of a title compared at most (the combinations of each word's alternatives). */
const MAX_PHRASES = 8;

/** The combinations of the words' alternatives, most likely first, at most MAX_PHRASES. */
function readings(choices: readonly WordChoice[], read: (words: string) => string = titleWords): string[] {
  let combos: string[][] = [[]];
  for (const choice of choices) {
    const options = choice.alternatives.length ? choice.alternatives : [[choice.typed]];
    const next: string[][] = [];
    for (const combo of combos)
      for (const option of options) if (next.length < MAX_PHRASES) next.push([...combo, ...option]);
    combos = next;
  }
  return [...new Set(combos.map((words) => read(words.join(' '))).filter(Boolean))];
}

function group(choice: WordChoice, weight: string): string {
  const suffix = choice.prefix ? `:*${weight}` : weight ? `:${weight}` : '';
  const alternatives = choice.alternatives.map((words) =>
    words.length === 1 ? `${words[0]}${suffix}` : `(${words.map((word) => `${word}${suffix}`).join(' & ')})`,
  );
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`;
}

function tsquery(choices: readonly WordChoice[], weight = ''): string | null {
  if (choices.length === 0) return null;
  return choices.map((choice) => group(choice, weight)).join(' & ');
}

/** Stop words count only when nothing else was typed (their posting lists are the whole catalogue). */
function contentChoices(choices: WordChoice[]): WordChoice[] {
  const content = choices.filter((choice) => !STOP_WORDS.has(choice.typed));
  const kept = content.length > 0 ? content : choices;
  // A word with no reading at all (unknown, nothing near) is left out while others remain.
  const readable = kept.filter((choice) => choice.alternatives.length > 0);
  return readable.length > 0 ? readable : [];
}

/**
 * Builds the text conditions of a query. `lastIsPrefix`: the last word may be unfinished (its key
 * too only in typeahead: keys are loose already, a key prefix matches far too much in a search).
 */
export function buildTextQuery(
  query: AnalysedQuery,
  lexicons: { words: Lexicon; keys: Lexicon },
  options: {
    lastIsPrefix: boolean;
    keyPrefix?: boolean;
    asTyped?: boolean;
    knownLastIsPrefix?: boolean;
    /** Known words may be slips for other known words too (`respellKnown`). */
    respell?: boolean;
  },
): TextQuery | null {
  // Typeahead (keyPrefix) reads every last word as unfinished; a search reads an unknown one so, and
  // a known one too in its wider reading (knownLastIsPrefix).
  const prefixWhenKnown = Boolean(options.keyPrefix || options.knownLastIsPrefix);
  if (query.words.length === 0) return null;
  const skip = (word: string) => isNumber(word) || STOP_WORDS.has(word);
  const read = options.asTyped
    ? query.words.map((word, i) => ({
        typed: word,
        alternatives: [[word]],
        keepsTyped: true,
        distance: 0,
        prefix:
          options.lastIsPrefix &&
          i === query.words.length - 1 &&
          (prefixWhenKnown || lexicons.words.count(word) === 0),
      }))
    : correctWords(query.words, lexicons.words, {
        lastIsPrefix: options.lastIsPrefix,
        prefixWhenKnown,
        skip,
      });
  const choices = options.respell && !options.asTyped ? respellKnown(read, lexicons.words, skip) : read;
  const content = contentChoices(choices);

  // Keys: for a Ge'ez query (foreign titles written in Ge'ez), or for Amharic typed in Latin letters.
  const latinContent = query.words.filter((word) => !skip(word) && !/[\u1200-\u137f]/u.test(word));
  const useKeys = query.ethiopic || latinContent.some((word) => amharicLike(word, lexicons.words));
  let keyChoices: WordChoice[] = [];
  let keyPhrase: string | null = null;
  if (useKeys) {
    const keyWords = keysOf(query.words.filter((word) => !STOP_WORDS.has(word)));
    // A Ge'ez query's keys look for a foreign title spelled in Ge'ez: as typed, whole words only.
    keyChoices =
      options.asTyped || query.ethiopic
        ? keyWords.map((key, i) => ({
            typed: key,
            alternatives: [[key]],
            keepsTyped: true,
            distance: 0,
            prefix: Boolean(options.keyPrefix) && !query.ethiopic && i === keyWords.length - 1,
          }))
        : correctWords(keyWords, lexicons.keys, {
            lastIsPrefix: Boolean(options.keyPrefix),
            prefixWhenKnown: Boolean(options.keyPrefix),
            skip: isNumber,
          });
    keyChoices = keyChoices.filter((choice) => choice.alternatives.length > 0);
    keyPhrase = latinKey(query.text) || null;
  }

  const readKeys = new Set(keyChoices.map((choice) => choice.typed));
  const unread = choices
    .filter((choice) => choice.alternatives.length === 0)
    .map((choice) => choice.typed)
    .filter((word) => keysOf([word]).every((key) => !readKeys.has(key)));

  const phrases = readings(choices);
  const last = choices.at(-1);
  const unfinished =
    options.lastIsPrefix &&
    !prefixWhenKnown &&
    last &&
    !last.prefix &&
    [...last.typed].length >= MIN_UNFINISHED &&
    !isNumber(last.typed) &&
    !STOP_WORDS.has(last.typed)
      ? buildTextQuery(query, lexicons, { ...options, knownLastIsPrefix: true })
      : null;
  return {
    words: tsquery(content),
    author: tsquery(content, 'B'),
    title: tsquery(content, 'A'),
    titleAuthor: tsquery(content, 'AB'),
    keys: tsquery(keyChoices),
    keysAuthor: tsquery(keyChoices, 'B'),
    keysTitle: tsquery(keyChoices, 'A'),
    keysTitleAuthor: tsquery(keyChoices, 'AB'),
    phrase: phrases[0] ?? '',
    phrases,
    typedPhrase: titleWords(query.words.join(' ')),
    keyPhrase,
    keyPhrases: keyPhrase ? [...new Set([keyPhrase, ...readings(keyChoices, (words) => words)])] : [],
    latin: useKeys ? plainLatin(query.text) || null : null,
    keysReadAsAmharic:
      useKeys &&
      !query.ethiopic &&
      keyChoices.length > 0 &&
      keyChoices.every((choice) => lexicons.keys.geezCount(choice.typed) > 0),
    isbn: query.isbn,
    ethiopic: query.ethiopic,
    contentWords: content.length,
    choices,
    unread,
    wider: unfinished?.words && unfinished.words !== tsquery(content) ? unfinished : null,
  };
}

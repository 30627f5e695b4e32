/**
 * Spelling correction against the catalogue's own vocabulary (`search_terms`: the words and Latin keys
 * of every active book's titles, series, authors and descriptions, with how many books hold each).
 *
 * A query word the vocabulary does not know (or knows from only a book or two while a near word is
 * common) gets alternatives: the known words within one or two edits (insertions, deletions,
 * substitutions, swapped neighbours — optimal string alignment distance), the two known words it
 * runs together ("lordof" → lord of), or, with its neighbour, the known word they were split from
 * ("fahren heit" → fahrenheit). Search asks for any alternative, so the words around a typo choose
 * among them ("hary potter": harry, not mary).
 */

import { editDistance } from '../../lib/edit-distance.js';

/**
 * Alternatives kept per word: more when other words are typed with it (each alternative must meet
 * them in one book, so the wrong ones find nothing), fewer for a word alone.
 */
const MAX_ALTERNATIVES = { alone: 6, withOthers: 12 };

/** A word known from at most this many books may still be a typo of a far more common word. */
const RARE_BOOKS = 2;

/** …when that near word is held by at least this many times as many books. */
const COMMON_RATIO = 20;

/** The edit distance allowed for a word of this length. */
export function allowedEdits(length: number): number {
  if (length < 3) return 0;
  return length <= 4 ? 1 : 2;
}

const firstOf = (term: string) => String.fromCodePoint(term.codePointAt(0)!);
const lastOf = (term: string) => {
  const code = term.codePointAt(term.length - 1)!;
  // The low half of a surrogate pair: the character starts one unit earlier.
  return code >= 0xdc00 && code <= 0xdfff && term.length > 1
    ? String.fromCodePoint(term.codePointAt(term.length - 2)!)
    : String.fromCharCode(code);
};

/** One kind of term (words or keys) with its book counts, indexed for near-miss lookups. */
export class Lexicon {
  private readonly counts = new Map<string, number>();
  /** Of those books, how many are written in Ge'ez. */
  private readonly geez = new Map<string, number>();
  /**
   * Terms by their first and by their last letter, and their length (a single edit keeps at least
   * one of the two letters; a term more than `max` longer or shorter is never within `max` edits).
   */
  private byFirst = new Map<string, string[]>();
  private byLast = new Map<string, string[]>();
  private sorted: string[] = [];
  private stale = true;

  get size(): number {
    return this.counts.size;
  }

  /** Sets a term's book count and how many of those books are in Ge'ez (0 books removes it). */
  set(term: string, books: number, geezBooks = 0): void {
    const had = this.counts.has(term);
    if (books > 0) {
      this.counts.set(term, books);
      if (geezBooks > 0) this.geez.set(term, geezBooks);
      else this.geez.delete(term);
    } else {
      this.counts.delete(term);
      this.geez.delete(term);
    }
    if (had !== books > 0) this.stale = true;
  }

  count(term: string): number {
    return this.counts.get(term) ?? 0;
  }

  /** How many of the term's books are written in Ge'ez. */
  geezCount(term: string): number {
    return this.geez.get(term) ?? 0;
  }

  private index(): void {
    if (!this.stale) return;
    this.byFirst = new Map();
    this.byLast = new Map();
    for (const term of this.counts.keys()) {
      push(this.byFirst, `${firstOf(term)}${term.length}`, term);
      push(this.byLast, `${lastOf(term)}${term.length}`, term);
    }
    this.sorted = [...this.counts.keys()].sort();
    this.stale = false;
  }

  /** True when some term starts with `prefix` (a word still being typed). */
  hasPrefix(prefix: string): boolean {
    this.index();
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.sorted[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    return this.sorted[low]?.startsWith(prefix) ?? false;
  }

  /** Known terms within `max` edits of `word`, nearest first, then the most common. */
  near(word: string, max: number): Array<{ term: string; distance: number; books: number }> {
    if (max === 0) return [];
    this.index();
    const first = firstOf(word);
    const last = lastOf(word);
    const found: Array<{ term: string; distance: number; books: number }> = [];
    const consider = (term: string) => {
      if (term === word) return;
      const distance = editDistance(word, term, max);
      if (distance <= max) found.push({ term, distance, books: this.count(term) });
    };
    for (let length = Math.max(1, word.length - max); length <= word.length + max; length += 1) {
      for (const term of this.byFirst.get(`${first}${length}`) ?? []) consider(term);
      // Those starting with the same letter were just considered.
      for (const term of this.byLast.get(`${last}${length}`) ?? [])
        if (firstOf(term) !== first) consider(term);
    }
    return found.sort((a, b) => a.distance - b.distance || b.books - a.books || (a.term < b.term ? -1 : 1));
  }
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** What one query word may stand for: alternatives, each one or more words that must all match. */
export interface WordChoice {
  /** The word as typed (folded). */
  typed: string;
  /** Alternatives; the first is the most likely. `[[typed]]` when the word is known. */
  alternatives: string[][];
  /** The typed word is among the alternatives (known, or a prefix still being typed). */
  keepsTyped: boolean;
  /** Match as a prefix (the last word while typing). */
  prefix: boolean;
  /** Edits to the nearest correction (0 when the typed word stands). */
  distance: number;
  /** A known word given the known words near it too (`respellKnown`): the line names the one read. */
  respelt?: boolean;
}

/**
 * The alternatives of each query word against `lexicon`. `lastIsPrefix`: the last word may be
 * unfinished (typeahead, search's last word), so a known prefix stands as it is; `prefixWhenKnown`:
 * a last word the vocabulary knows whole still matches as a prefix (typeahead; a search takes a
 * known word as meant: "love" is not "Lovecraft"). `skip` marks words never corrected (numbers,
 * stop words).
 */
export function correctWords(
  words: readonly string[],
  lexicon: Lexicon,
  options: { lastIsPrefix: boolean; prefixWhenKnown?: boolean; skip?: (word: string) => boolean },
): WordChoice[] {
  const choices: WordChoice[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const last = i === words.length - 1;
    const books = lexicon.count(word);
    const prefix = last && options.lastIsPrefix && (books === 0 || Boolean(options.prefixWhenKnown));
    const length = [...word].length;
    const max = allowedEdits(length);
    if (options.skip?.(word) || max === 0 || books > RARE_BOOKS) {
      choices.push({ typed: word, alternatives: [[word]], keepsTyped: true, prefix, distance: 0 });
      continue;
    }
    const typing = prefix && books === 0 && lexicon.hasPrefix(word);
    if (typing && options.prefixWhenKnown) {
      // Typeahead: a word still being typed is what it is.
      choices.push({ typed: word, alternatives: [[word]], keepsTyped: true, prefix, distance: 0 });
      continue;
    }
    const near = lexicon.near(word, max);
    const alternatives: string[][] = [];
    if (books > 0 || typing) {
      // Known, but from a book or two, or the start of known words: a far more common word one edit
      // away may be meant instead ("the gover": governor, or giver).
      alternatives.push([word]);
      const reach = words.length > 1 ? max : 1;
      for (const candidate of near)
        if (candidate.distance <= reach && candidate.books >= COMMON_RATIO * books)
          alternatives.push([candidate.term]);
    } else {
      // The nearest words; two edits away too where the other words of the query choose among
      // them (each alternative must still meet them in one book).
      const best = near[0]?.distance ?? Infinity;
      const reach = words.length > 1 ? max : Math.max(best, 1);
      for (const candidate of near) if (candidate.distance <= reach) alternatives.push([candidate.term]);
      // Two known words run together ("lordof", "inthe").
      const split = splitRunTogether(word, lexicon);
      if (split) alternatives.splice(best > 1 ? 0 : Math.min(alternatives.length, 2), 0, split);
    }
    choices.push({
      typed: word,
      alternatives: alternatives.slice(
        0,
        words.length > 1 ? MAX_ALTERNATIVES.withOthers : MAX_ALTERNATIVES.alone,
      ),
      keepsTyped: books > 0 || typing,
      prefix: prefix && (typing || books > 0),
      distance: books > 0 || typing ? 0 : (near[0]?.distance ?? 0),
    });
  }
  return joinSplitWords(choices, lexicon);
}

/** The two known words (each of two letters or more) that `word` runs together, the most common pair. */
function splitRunTogether(word: string, lexicon: Lexicon): string[] | null {
  let best: { parts: string[]; books: number } | null = null;
  const chars = [...word];
  for (let cut = 2; cut <= chars.length - 2; cut += 1) {
    const left = chars.slice(0, cut).join('');
    const right = chars.slice(cut).join('');
    const books = Math.min(lexicon.count(left), lexicon.count(right));
    if (books > 0 && (!best || books > best.books)) best = { parts: [left, right], books };
  }
  return best?.parts ?? null;
}

/**
 * Neighbours split from one known word ("fahren heit" → fahrenheit): when the two joined are known
 * and at least one of them is not, the pair becomes one word with the joined word as its first
 * alternative (and the pair, corrected as before, as the next).
 */
function joinSplitWords(choices: WordChoice[], lexicon: Lexicon): WordChoice[] {
  const out: WordChoice[] = [];
  for (let i = 0; i < choices.length; i += 1) {
    const here = choices[i]!;
    const next = choices[i + 1];
    if (next && (!here.keepsTyped || !next.keepsTyped)) {
      const joined = `${here.typed}${next.typed}`;
      if (lexicon.count(joined) > 0) {
        const pair =
          here.alternatives[0] && next.alternatives[0]
            ? [...here.alternatives[0], ...next.alternatives[0]]
            : null;
        out.push({
          typed: `${here.typed} ${next.typed}`,
          alternatives: pair ? [[joined], pair] : [[joined]],
          keepsTyped: false,
          prefix: next.prefix,
          distance: 1,
        });
        i += 1;
        continue;
      }
    }
    out.push(here);
  }
  return out;
}

/**
 * The words read again when, as typed, they find nothing or almost nothing: a word the vocabulary
 * knows may still be a slip for another known word ("jane austin": Austin is a name too). Each such
 * word (not one `skip` marks) keeps its typed reading first and gains the known words within its
 * edits, nearest and most common first, and is marked `respelt`, so a book found through a
 * respelling says "Showing results for".
 */
export function respellKnown(
  choices: readonly WordChoice[],
  lexicon: Lexicon,
  skip?: (word: string) => boolean,
): WordChoice[] {
  return choices.map((choice) => {
    const word = choice.typed;
    const typedFirst = choice.alternatives[0]?.length === 1 && choice.alternatives[0][0] === word;
    if (!choice.keepsTyped || !typedFirst || word.includes(' ') || skip?.(word)) return choice;
    const max = allowedEdits([...word].length);
    const reach = choices.length > 1 ? max : 1;
    const known = new Set(choice.alternatives.map((alternative) => alternative.join(' ')));
    // Words of three letters or more that carry meaning ("andy" is not "and").
    const near = lexicon
      .near(word, reach)
      .filter(
        (candidate) =>
          candidate.distance <= reach &&
          [...candidate.term].length >= 3 &&
          !skip?.(candidate.term) &&
          !known.has(candidate.term),
      );
    if (near.length === 0) return choice;
    return {
      ...choice,
      alternatives: [...choice.alternatives, ...near.map((candidate) => [candidate.term])].slice(
        0,
        MAX_ALTERNATIVES.withOthers,
      ),
      respelt: true,
    };
  });
}

/** True when a correction changed something (a word has no alternative equal to what was typed). */
export function corrected(choices: readonly WordChoice[]): boolean {
  return choices.some((choice) => !choice.keepsTyped);
}

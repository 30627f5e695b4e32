import { hasEthiopic, latinKey, searchWords, type SearchQuery } from '@nebab/shared';
import { LRUCache } from 'lru-cache';
import type { BookCard } from '../books/book-card.js';
import { searchFilters } from './filters.js';
import { analyseQuery, STOP_WORDS, type AnalysedQuery } from './query.js';
import type { Db } from '../../db/client.js';
import { createSearchRepository, type SearchRepository, type SearchScale } from './search.repository.js';
import { createSearchTermsRepository } from './search-terms.repository.js';
import { createSuggestRepository, type SuggestRepository, type SuggestRow } from './suggest.repository.js';
import { buildTextQuery, type TextQuery } from './text-query.js';
import { Vocabulary } from './vocabulary.js';

/** Typeahead answers at most this many books. */
export const SUGGEST_LIMIT = 8;

/**
 * When the words as typed find at most this many books, known words are read as possible slips for
 * other known words too (`respellKnown`).
 */
const ALMOST_NOTHING = 3;

/** A text query's Latin keys left out (a respelt reading reads them). */
const NO_KEYS = {
  keys: null,
  keysAuthor: null,
  keysTitle: null,
  keysTitleAuthor: null,
  keyPhrase: null,
  keyPhrases: [],
} satisfies Partial<TextQuery>;

/**
 * `text` read wider at the end by `respelt`: its own readings (the words as typed, then the last word
 * unfinished) keep their order before it, by their words (their Latin keys left to `respelt`).
 */
function widen(text: TextQuery, respelt: TextQuery): TextQuery {
  return { ...text, ...NO_KEYS, wider: text.wider ? widen(text.wider, respelt) : respelt };
}

/** The widest reading of a text (the one whose words name every alternative searched). */
const widest = (text: TextQuery): TextQuery => (text.wider ? widest(text.wider) : text);

/** "Nothing found" offers at most this many closest titles. */
const CLOSEST_LIMIT = 6;

/**
 * A node keeps the answers of searches and typeahead this long (and this many, the least recently
 * asked going first). Readers ask the same things — a typeahead's first letters above all — and a
 * typeahead query was half of PostgreSQL's time under bench:load (4.5 ms each, a third of it
 * planning). An answer is not given again once the vocabulary shows a change to the catalogue's
 * words (a book added, edited, hidden or removed on any node: within the vocabulary's 5 s), nor after
 * `forget()` (this node's catalogue changed); ratings and counts may be a minute old, as on trending.
 */
const ANSWER_TTL_MS = 60_000;
const SEARCH_ANSWERS_MAX = 1_000;
const SUGGEST_ANSWERS_MAX = 4_000;

export interface SearchOutcome {
  items: BookCard[];
  totalItems: number;
  rawTotal: number;
  /** The query was read with corrected spelling: "Showing results for `query` — search instead for `original`". */
  correction: { query: string; original: string } | null;
  /** The typed ISBN is this book's. */
  match: { kind: 'isbn'; bookId: string } | null;
  /** Nothing matched: the titles closest to what was typed. */
  closest: BookCard[];
}

const EMPTY: SearchOutcome = {
  items: [],
  totalItems: 0,
  rawTotal: 0,
  correction: null,
  match: null,
  closest: [],
};

/** A book as the correction line reads it. */
type ShownBook = Pick<BookCard, 'title' | 'authors'> & { series?: string | null; ratingsCount?: number };

/**
 * How strongly the books found vouch for a reading of a word: each book holding it in its title,
 * series or first author adds the log of its ratings (the most read count most), one holding it only
 * in another contributor's name (an illustrator, a translator) a quarter of that.
 */
function support(reading: string[], books: readonly ShownBook[], prefix: boolean): number {
  let total = 0;
  for (const book of books) {
    const main = new Set(searchWords(`${book.title} ${book.series ?? ''} ${book.authors[0] ?? ''}`));
    const others = new Set(searchWords(book.authors.slice(1).join(' ')));
    const holds = (held: Set<string>) =>
      reading.every(
        (word) => held.has(word) || (prefix && [...held].some((candidate) => candidate.startsWith(word))),
      );
    const weight = Math.log(2 + (book.ratingsCount ?? 0));
    if (holds(main)) total += weight;
    else if (holds(others)) total += weight / 4;
  }
  return total;
}

/**
 * The correction a result shows: none when the top book holds every typed word (or, for Latin-typed
 * Amharic, every typed key); otherwise the typed text with each corrected word replaced by the
 * reading the books found came from — the one the top book holds that the page's books, the most
 * read weighing most, hold most where it counts (titles, series, first authors: "harry", not the
 * illustrator's "mary"); the first alternative when they hold none. A word that reads as nothing
 * the catalogue knows was searched without: the line leaves it out, so "search instead for" the
 * typed text is the way to it.
 */
export function describeCorrection(
  text: TextQuery,
  typed: string,
  found: readonly ShownBook[],
): SearchOutcome['correction'] {
  const top = found[0];
  if (!top || text.choices.every((choice) => choice.keepsTyped && !choice.respelt)) return null;
  const left = text.unread.length > 0;
  const readable = text.choices.filter((choice) => !text.unread.includes(choice.typed));
  const document = `${top.title} ${top.series ?? ''} ${top.authors.join(' ')}`;
  const held = new Set(searchWords(document));
  const content = readable.filter((choice) => !STOP_WORDS.has(choice.typed));
  const holds = (word: string, prefix: boolean) =>
    held.has(word) || (prefix && [...held].some((candidate) => candidate.startsWith(word)));
  const asTyped = () => readable.map((choice) => choice.typed).join(' ');
  const showing = (query: string) =>
    query === searchWords(typed).join(' ') ? null : { query, original: typed };
  if (content.every((choice) => choice.typed.split(' ').every((word) => holds(word, choice.prefix))))
    return left ? showing(asTyped()) : null;
  // Amharic typed in Latin letters found its book in Ge'ez: nothing was corrected.
  if (text.keys && hasEthiopic(document)) {
    const keys = new Set(latinKey(document).split(' '));
    const typedKeys = latinKey(asTyped()).split(' ').filter(Boolean);
    if (typedKeys.length > 0 && typedKeys.every((key) => keys.has(key)))
      return left ? showing(asTyped()) : null;
  }
  const words = readable.map((choice) => {
    if (choice.keepsTyped && !choice.respelt) return choice.typed;
    const byTop = choice.alternatives.filter((alternative) =>
      alternative.every((word) => holds(word, choice.prefix)),
    );
    let reading = byTop[0];
    let best = reading ? support(reading, found, choice.prefix) : 0;
    for (const alternative of byTop.slice(1)) {
      const weight = support(alternative, found, choice.prefix);
      if (weight > best) [reading, best] = [alternative, weight];
    }
    reading ??= choice.alternatives[0];
    return reading ? reading.join(' ') : choice.typed;
  });
  return showing(words.join(' '));
}

export function createSearchService(deps: {
  search: SearchRepository;
  suggest: SuggestRepository;
  vocabulary: Vocabulary;
}) {
  const { search, suggest, vocabulary } = deps;

  async function lexicons() {
    await vocabulary.ready();
    vocabulary.touch();
    return { words: vocabulary.words, keys: vocabulary.keys };
  }

  /**
   * What "nothing found" offers: for words searched as typed, the books their corrected spelling
   * finds; otherwise (the corrector found nothing either) the titles closest by trigram similarity.
   */
  async function closestTo(analysed: AnalysedQuery, asTyped: boolean): Promise<BookCard[]> {
    if (asTyped) {
      const text = buildTextQuery(analysed, await lexicons(), { lastIsPrefix: true })!;
      const page = await search.text(text, {
        filters: [],
        sort: 'relevance',
        page: 1,
        pageSize: CLOSEST_LIMIT,
      });
      if (page.items.length > 0) return page.items;
    }
    return search.closest(analysed.words.join(' '), [], CLOSEST_LIMIT);
  }

  /** Moves on when this node's catalogue changes; with the vocabulary's version, it keys answers. */
  let generation = 0;
  const answerKey = (text: string) => `${generation}.${vocabulary.version}|${text}`;
  // A search or typeahead asked again while its query runs shares it (lru-cache's fetch).
  const searches = new LRUCache<string, SearchOutcome, SearchQuery>({
    max: SEARCH_ANSWERS_MAX,
    ttl: ANSWER_TTL_MS,
    fetchMethod: (_key, _stale, { context }) => searchNow(context),
  });
  const suggestions = new LRUCache<string, SuggestRow[], string>({
    max: SUGGEST_ANSWERS_MAX,
    ttl: ANSWER_TTL_MS,
    fetchMethod: (_key, _stale, { context }) => suggestNow(context),
  });

  /** Spec §5 search: words (typo-, spelling- and script-tolerant), ISBNs, filters, sorts, pages. */
  async function searchNow(query: SearchQuery, withClosest = true): Promise<SearchOutcome> {
    const filters = searchFilters(query);
    const request = { filters, sort: query.sort, page: query.page, pageSize: query.pageSize };
    const analysed = query.q ? analyseQuery(query.q) : null;
    if (!analysed || analysed.words.length === 0) {
      if (query.q || filters.length === 0) return EMPTY;
      const page = await search.filtered(request);
      return { ...EMPTY, items: page.items, totalItems: page.total, rawTotal: page.rawTotal };
    }
    let text = buildTextQuery(analysed, await lexicons(), {
      lastIsPrefix: true,
      asTyped: query.asTyped,
    })!;
    let page = await search.text(text, request);
    if (!query.asTyped && !text.isbn && page.rawTotal <= ALMOST_NOTHING) {
      // As typed, the words find nothing or almost nothing: a known word may be a slip for another
      // ("jane austin"). Their respelling stands when it finds more.
      // The books the words as typed find by their words still come first.
      const respelt = buildTextQuery(analysed, await lexicons(), { lastIsPrefix: true, respell: true })!;
      if (respelt.words !== text.words) {
        const wider = widen(text, respelt);
        const again = await search.text(wider, request);
        if (again.rawTotal > page.rawTotal) [text, page] = [wider, again];
      }
    }
    const top = page.items[0];
    const isbnBook =
      text.isbn &&
      top &&
      (top.isbn13 === text.isbn.isbn13 || (text.isbn.isbn10 && top.isbn10 === text.isbn.isbn10))
        ? top.id
        : null;
    const closest =
      page.rawTotal === 0 && withClosest ? await closestTo(analysed, Boolean(query.asTyped)) : [];
    return {
      items: page.items,
      totalItems: page.total,
      rawTotal: page.rawTotal,
      correction:
        isbnBook || query.page > 1 ? null : describeCorrection(widest(text), analysed.text, page.items),
      match: isbnBook ? { kind: 'isbn', bookId: isbnBook } : null,
      closest,
    };
  }

  /** Typeahead: the typed ISBN's book, titles starting with the text, then words and keys anywhere. */
  async function suggestNow(q: string): Promise<SuggestRow[]> {
    const analysed = analyseQuery(q);
    if (analysed.words.length === 0) return [];
    const text = buildTextQuery(analysed, await lexicons(), { lastIsPrefix: true, keyPrefix: true });
    return text ? suggest.suggest(text, SUGGEST_LIMIT) : [];
  }

  return {
    /** Spec §5 search (a kept answer when the same search was asked within the minute). */
    async search(query: SearchQuery): Promise<SearchOutcome> {
      await lexicons();
      return (await searches.fetch(answerKey(JSON.stringify(query)), { context: query }))!;
    },

    /**
     * The same search, never from nor into the kept answers, and without the closest titles when
     * nothing matches: for work that is not a reader waiting (an import matching its rows), whose
     * queries would only push readers' answers out.
     */
    async lookup(query: SearchQuery): Promise<SearchOutcome> {
      await lexicons();
      return searchNow(query, false);
    },

    /**
     * Whether a title may name a book the catalogue holds in Ge'ez: Ge'ez itself, or Latin letters whose
     * every word's Latin key a Ge'ez book holds ("Fikir Eske Mekabir"). An import asks before `lookup`,
     * so a file of books the catalogue lacks costs no search per row.
     */
    async mayBeGeez(title: string): Promise<boolean> {
      if (hasEthiopic(title)) return true;
      const { keys } = await lexicons();
      const words = latinKey(title).split(' ').filter(Boolean);
      return words.length > 0 && words.every((word) => keys.geezCount(word) > 0);
    },

    /** Typeahead (a kept answer when the same text was typed within the minute). */
    async suggest(q: string | undefined): Promise<SuggestRow[]> {
      if (!q) return [];
      await lexicons();
      return (await suggestions.fetch(answerKey(q), { context: q }))!;
    },

    /** This node's catalogue changed: no kept answer is given again. */
    forget() {
      generation += 1;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

/**
 * Search over one database: the repositories, the node's copy of the vocabulary and the service
 * (the composition root and the benchmarks build it the same way). The same statements on both
 * kinds; on PostgreSQL the capped reads run on connections planned for search (`searchDb`).
 */
export function createCatalogueSearch(
  database: { db: Db; searchDb: Db },
  onRefreshError?: (error: unknown) => void,
  scale?: SearchScale,
) {
  const { db, searchDb } = database;
  const vocabulary = new Vocabulary(createSearchTermsRepository(db), onRefreshError);
  const service = createSearchService({
    search: createSearchRepository(db, searchDb, scale),
    suggest: createSuggestRepository(searchDb),
    vocabulary,
  });
  return { service, vocabulary };
}

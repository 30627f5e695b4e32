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

/**
 * The correction a result shows: none when the top book holds every typed word (or, for Latin-typed
 * Amharic, every typed key); otherwise the typed text with each corrected word replaced by the
 * reading the top book holds (the first alternative when it holds none). A word that reads as
 * nothing the catalogue knows was searched without: the line leaves it out, so "search instead for"
 * the typed text is the way to it.
 */
export function describeCorrection(
  text: TextQuery,
  typed: string,
  top: (Pick<BookCard, 'title' | 'authors'> & { series?: string | null }) | undefined,
): SearchOutcome['correction'] {
  if (!top || text.choices.every((choice) => choice.keepsTyped)) return null;
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
    if (choice.keepsTyped) return choice.typed;
    const reading =
      choice.alternatives.find((alternative) => alternative.every((word) => holds(word, choice.prefix))) ??
      choice.alternatives[0];
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
    const text = buildTextQuery(analysed, await lexicons(), {
      lastIsPrefix: true,
      asTyped: query.asTyped,
    })!;
    const page = await search.text(text, request);
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
      correction: isbnBook || query.page > 1 ? null : describeCorrection(text, analysed.text, top),
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

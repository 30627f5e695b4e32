import { randomUUID } from 'node:crypto';
import { hasEthiopic } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { NewBookRow } from '../../db/schema/index.js';
import { candidateScore, stripSeries, titleKey } from './books.match.js';
import type { BooksMatchRepository, MatchCandidate } from './books.match.repository.js';

/** What a row of an export (or a reader's form) tells about a book. */
export interface BookFacts {
  goodreadsId: string | null;
  isbn13: string | null;
  isbn10: string | null;
  /** As written, series suffix included ("Catching Fire (The Hunger Games, #2)"). */
  title: string;
  /** Primary author first, "First Last". */
  authors: string[];
  publisher: string | null;
  pageCount: number | null;
  publicationYear: number | null;
  /** ISO code; unknown → from the title's script. */
  language?: string | null;
}

/** How a row found its book: an id, an ISBN, title + author in the catalogue, or catalogue search. */
export type MatchVia = 'goodreadsId' | 'isbn13' | 'isbn10' | 'title' | 'search';

export interface BookMatch {
  bookId: string;
  via: MatchVia;
}

/** Candidates fetched per fuzzy query before the title/author check picks one. */
const FUZZY_CANDIDATES = 5;
const SERIES_SUFFIX = /\(([^()]*?),?\s+#\s*([\d.\-–]+)\)\s*$/;

/** Ids of books readers add: `reader-<uuid>` (the presenter marks them as reader-added). */
export function newReaderBookId(): string {
  return `reader-${randomUUID()}`;
}

/**
 * A book's language when nothing says it, from its script: Amharic when the title or an author is in
 * Ge'ez script, else English.
 */
export function guessLanguage(title: string, authors: readonly string[] = []): string {
  return [title, ...authors].some((text) => hasEthiopic(text)) ? 'am' : 'en';
}

/** The catalogue row of a reader-added book made from a row's facts. */
export function readerBookRow(userId: string, facts: BookFacts, id = newReaderBookId()): NewBookRow {
  const series = SERIES_SUFFIX.exec(facts.title);
  const title = stripSeries(facts.title);
  return {
    id,
    source: 'reader',
    addedBy: userId,
    title,
    series: series ? series[1]!.trim() || null : null,
    seriesNumber: series ? (series[2] ?? null) : null,
    authors: facts.authors,
    primaryAuthor: facts.authors[0] ?? null,
    publisher: facts.publisher,
    pageCount: facts.pageCount,
    publicationYear: facts.publicationYear,
    publicationDate: facts.publicationYear === null ? null : String(facts.publicationYear),
    language: facts.language ?? guessLanguage(title, facts.authors),
    isbn13: facts.isbn13,
    isbn10: facts.isbn10,
    goodreadsId: facts.goodreadsId,
    viewability: 'NO_PAGES',
    status: 'active',
    // Shown only to its adder (and admins) until an admin checks it or three readers have it.
    listed: false,
  };
}

/**
 * Matches rows to catalogue books, in the order of the issue: Goodreads book id (goodbooks'
 * `goodreads_book_id` or `best_book_id`), ISBN-13, ISBN-10, then title + author (normalised, series
 * suffix stripped, typo-tolerant: an exact lower-case title first, then trigram word similarity, each
 * candidate checked on its title similarity and author). Four statements per batch at most.
 */
export function createBookMatchService(deps: { match: BooksMatchRepository }) {
  const { match } = deps;

  function pick(facts: BookFacts, candidates: readonly MatchCandidate[]): string | null {
    let best: { id: string; score: number } | null = null;
    for (const candidate of candidates) {
      const score = candidateScore(
        { title: facts.title, authors: facts.authors },
        { title: candidate.title, altTitles: candidate.alt_titles ?? [], authors: candidate.authors ?? [] },
      );
      if (score > 0 && (!best || score > best.score)) best = { id: candidate.id, score };
    }
    return best?.id ?? null;
  }

  return {
    async match(rows: readonly BookFacts[], tx?: Db): Promise<Array<BookMatch | null>> {
      const out: Array<BookMatch | null> = rows.map(() => null);
      const open = () => rows.map((_, i) => i).filter((i) => out[i] === null);

      const ids = [...new Set(rows.flatMap((row) => (row.goodreadsId ? [row.goodreadsId] : [])))];
      const byId = new Map<string, string>();
      for (const found of await match.byGoodreadsIds(ids, tx)) {
        // The edition id wins over the "best edition" id when two books claim one number.
        if (found.goodreads_best_id && !byId.has(found.goodreads_best_id))
          byId.set(found.goodreads_best_id, found.id);
        if (found.goodreads_id) byId.set(found.goodreads_id, found.id);
      }
      for (const i of open()) {
        const id = rows[i]!.goodreadsId;
        const bookId = id ? byId.get(id) : undefined;
        if (bookId) out[i] = { bookId, via: 'goodreadsId' };
      }

      const waiting = open();
      const isbn13s = [...new Set(waiting.flatMap((i) => (rows[i]!.isbn13 ? [rows[i]!.isbn13!] : [])))];
      const isbn10s = [...new Set(waiting.flatMap((i) => (rows[i]!.isbn10 ? [rows[i]!.isbn10!] : [])))];
      const by13 = new Map<string, string>();
      const by10 = new Map<string, string>();
      for (const found of await match.byIsbns(isbn13s, isbn10s, tx)) {
        if (found.isbn13 && !by13.has(found.isbn13)) by13.set(found.isbn13, found.id);
        if (found.isbn10 && !by10.has(found.isbn10)) by10.set(found.isbn10, found.id);
      }
      for (const i of waiting) {
        const row = rows[i]!;
        const id13 = row.isbn13 ? by13.get(row.isbn13) : undefined;
        const id10 = row.isbn10 ? by10.get(row.isbn10) : undefined;
        if (id13) out[i] = { bookId: id13, via: 'isbn13' };
        else if (id10) out[i] = { bookId: id10, via: 'isbn10' };
      }

      const byTitle = open().filter((i) => titleKey(rows[i]!.title));
      const lowerTitles = [...new Set(byTitle.map((i) => stripSeries(rows[i]!.title).toLowerCase()))];
      const exact = new Map<string, MatchCandidate[]>();
      for (const found of await match.byLowerTitles(lowerTitles, tx)) {
        const list = exact.get(found.key) ?? [];
        list.push(found);
        exact.set(found.key, list);
      }
      for (const i of byTitle) {
        const bookId = pick(rows[i]!, exact.get(stripSeries(rows[i]!.title).toLowerCase()) ?? []);
        if (bookId) out[i] = { bookId, via: 'title' };
      }

      const fuzzy = open().filter((i) => titleKey(rows[i]!.title));
      if (fuzzy.length > 0) {
        const queries = fuzzy.map((i) => ({
          title: stripSeries(rows[i]!.title).toLowerCase(),
          author: (rows[i]!.authors[0] ?? '').toLowerCase(),
        }));
        const candidates = new Map<number, MatchCandidate[]>();
        for (const found of await match.fuzzy(queries, FUZZY_CANDIDATES, tx)) {
          const index = fuzzy[Number(found.i) - 1]!;
          const list = candidates.get(index) ?? [];
          list.push(found);
          candidates.set(index, list);
        }
        for (const i of fuzzy) {
          const bookId = pick(rows[i]!, candidates.get(i) ?? []);
          if (bookId) out[i] = { bookId, via: 'title' };
        }
      }
      return out;
    },

    /**
     * Page counts from import rows for matched books the catalogue has none for (the first row's count
     * per book wins; a book that has one keeps it).
     */
    async fillPageCounts(counts: ReadonlyArray<{ bookId: string; pageCount: number }>, tx?: Db) {
      const first = new Map<string, number>();
      for (const { bookId, pageCount } of counts) if (!first.has(bookId)) first.set(bookId, pageCount);
      await match.fillPageCounts(
        [...first].map(([bookId, pageCount]) => ({ bookId, pageCount })),
        tx,
      );
    },

    /** Whether the book is in the catalogue (active). */
    exists: (bookId: string, tx?: Db) => match.exists(bookId, tx),

    /** A reader-added book an import made, removed when a correction left nothing holding it. */
    removeUnusedReaderBook: (bookId: string, userId: string, tx?: Db) =>
      match.removeUnusedReaderBook(bookId, userId, tx),

    /** Adds reader-added books (source `reader`, `added_by` the reader); answers their ids in order. */
    async addReaderBooks(userId: string, facts: readonly BookFacts[], tx?: Db): Promise<string[]> {
      const values = facts.map((row) => readerBookRow(userId, row));
      await match.insertBooks(values, tx);
      return values.map((value) => value.id);
    },
  };
}

export type BookMatchService = ReturnType<typeof createBookMatchService>;

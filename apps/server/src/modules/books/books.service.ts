import { coverSvg, isLocalBook } from '@nebab/shared';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import type { BookRow } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { svgToPng } from '../../lib/svg-png.js';
import type { Storage } from '../../lib/storage.js';
import { hasRole, type Actor } from '../../lib/actor.js';
import { bookVisibleTo, type BookCard } from './book-card.js';
import type { BooksSitemapRepository } from './books.sitemap.repository.js';
import type { BooksRepository, TrendingRow } from './books.repository.js';

/** The columns an edit may set (admin catalogue edits). */
export type { BookValues } from './books.repository.js';

const TRENDING_TTL_MS = 60_000;

/**
 * A book page's related books are kept this long per node: they sort thousands of books by shared
 * genres (a popular book's first page was the costliest request of bench:load), and which books are
 * related hardly changes within minutes. A minute kept a third of the lists asked under bench:load.
 */
const RELATED_TTL_MS = 5 * 60_000;
const RELATED_CACHE_MAX = 5_000;

/**
 * Books a node has lately seen active: whether a book is there (asked by every list of its reviews and
 * every review written) answers from memory; a book hidden or removed on this node is forgotten at
 * once (`clearCaches`), on another within this long.
 */
const SEEN_ACTIVE_TTL_MS = 60_000;
const SEEN_ACTIVE_MAX = 20_000;
const TRENDING_MAX = 50;

/**
 * Trending score (Open Library style), per candidate book:
 *
 *   mean  = baseline / 7                       activity per week over days 8–56 (seven weeks)
 *   z     = (recent - mean) / sqrt(mean + 1)   z-score of the last 7 days against that baseline
 *                                              (Poisson variance, +1 so a quiet book is not infinite)
 *   pop   = 0.35·ln(1 + ratings_count) + 0.45·ln(1 + want_to_read_count) + 1.2·(rating − 3.8)
 *   score = 2.5·max(z, 0) + pop + 0.8·[publication_year ≥ 2010]
 *
 * With no activity the list is the catalogue's popularity with a small bonus for recent books;
 * three fresh want-to-reads of a quiet book (z = 3 → +7.5) lift it above the classics. The list is
 * then made varied: at most two books per series or author, and at least two books from 2010 on.
 */
export function trendingScore(
  row: Pick<
    TrendingRow,
    'recent' | 'baseline' | 'ratingsCount' | 'wantToReadCount' | 'rating' | 'publicationYear'
  >,
): number {
  const mean = Number(row.baseline) / 7;
  const z = (Number(row.recent) - mean) / Math.sqrt(mean + 1);
  const pop =
    0.35 * Math.log1p(row.ratingsCount) +
    0.45 * Math.log1p(row.wantToReadCount) +
    (row.rating === null ? 0 : 1.2 * (row.rating - 3.8));
  return 2.5 * Math.max(z, 0) + pop + ((row.publicationYear ?? 0) >= 2010 ? 0.8 : 0);
}

export function pickTrending(candidates: TrendingRow[], limit: number): TrendingRow[] {
  const ranked = candidates
    .map((row) => ({ row, score: trendingScore(row) }))
    .sort((a, b) => b.score - a.score || a.row.id.localeCompare(b.row.id));
  const perKey = new Map<string, number>();
  const chosen: TrendingRow[] = [];
  for (const { row } of ranked) {
    if (chosen.length >= limit) break;
    const keys = [
      row.series ? `s:${row.series}` : null,
      row.primaryAuthor ? `a:${row.primaryAuthor}` : null,
    ].filter((key): key is string => key !== null);
    if (keys.some((key) => (perKey.get(key) ?? 0) >= 2)) continue;
    for (const key of keys) perKey.set(key, (perKey.get(key) ?? 0) + 1);
    chosen.push(row);
  }
  const isRecent = (row: TrendingRow) => (row.publicationYear ?? 0) >= 2010;
  const wanted = Math.min(2, limit);
  const extra = ranked.map(({ row }) => row).filter((row) => isRecent(row) && !chosen.includes(row));
  while (chosen.filter(isRecent).length < wanted && extra.length > 0) {
    const replaceAt = chosen.map(isRecent).lastIndexOf(false);
    if (replaceAt === -1) break;
    chosen.splice(replaceAt, 1);
    chosen.push(extra.shift()!);
  }
  return chosen;
}

/** Generated PNG covers kept in memory (about 15 kB each), the most recently used last. */
const PNG_CACHE_MAX = 300;
const PNG_WIDTH = 400;

/**
 * The catalogue's one owner: the book page (detail, covers, file), trending and related lists, the
 * books of the sitemap, and what other modules ask of a book — whether it is there, its card, its
 * activity, and the admins' writes — each taking an optional transaction (`tx`). Callers check
 * permission first.
 */
export function createBooksService(deps: {
  books: BooksRepository;
  /** The sitemap's rows of book pages. */
  sitemap: BooksSitemapRepository;
  storage: Storage;
  /**
   * Whether the reader has the book in their library (the reading list answers): a reader whose
   * import matched an unlisted book sees its page, as its adder does. Absent: only the adder.
   */
  inLibrary?: (userId: string, bookId: string) => Promise<boolean>;
}) {
  const { books, sitemap, storage, inLibrary } = deps;
  let trendingCache: { at: number; rows: TrendingRow[] } | null = null;
  /** The one computation of trending under way, which every reader meanwhile shares. */
  let trendingRefresh: Promise<TrendingRow[]> | null = null;
  /** Moves on when the catalogue changes here: a computation begun before then is not kept. */
  let catalogueVersion = 0;
  const pngCache = new Map<string, Buffer>();
  type RelatedOptions = { genre?: string; sort: string; limit: number; offset: number };
  // Only a visible book's list is kept (a change here moves `catalogueVersion` past it, when the book is
  // hidden), so a hit needs no look-up of the book; readers asking for one list together share it.
  const relatedCache = new LRUCache<
    string,
    Awaited<ReturnType<BooksRepository['related']>>,
    { id: string; options: RelatedOptions }
  >({
    max: RELATED_CACHE_MAX,
    ttl: RELATED_TTL_MS,
    fetchMethod: async (_key, _stale, { context }) =>
      books.related(await visibleBook(context.id, null, true), context.options),
  });
  const seenActive = new LRUCache<string, true>({ max: SEEN_ACTIVE_MAX, ttl: SEEN_ACTIVE_TTL_MS });

  function refreshTrending(): Promise<TrendingRow[]> {
    if (!trendingRefresh) {
      const version = catalogueVersion;
      const refresh = books
        .trendingCandidates()
        .then((candidates) => {
          const rows = pickTrending(candidates, TRENDING_MAX);
          if (version === catalogueVersion) trendingCache = { at: Date.now(), rows };
          return rows;
        })
        .finally(() => {
          if (trendingRefresh === refresh) trendingRefresh = null;
        });
      trendingRefresh = refresh;
    }
    return trendingRefresh;
  }

  /**
   * The book, when `actor` may see it: a public one to everyone, an unlisted one (reader-added, not
   * yet checked: `books.listed`) to the reader who added it and readers who have it in their library,
   * any to admins; else 404. `anyActive`: any
   * active book — its covers and file (an `<img>` asks without a session, on its adder's own pages too)
   * and its related list (public books only), which show nothing of it beyond its id.
   */
  async function visibleBook(id: string, actor: Actor | null, anyActive = false): Promise<BookRow> {
    const version = catalogueVersion;
    const book = await books.findById(id);
    if (!book) throw new NotFoundError();
    const viewerId = actor?.userId ?? null;
    const shown =
      (anyActive ? book.status === 'active' : bookVisibleTo(book, viewerId)) ||
      (actor !== null && hasRole(actor, 'admin')) ||
      (book.status === 'active' &&
        viewerId !== null &&
        inLibrary !== undefined &&
        (await inLibrary(viewerId, id)));
    if (!shown) throw new NotFoundError();
    if (book.status === 'active' && version === catalogueVersion) seenActive.set(id, true);
    return book;
  }

  async function coverFacts(id: string) {
    const book = await visibleBook(id, null, true);
    return { title: book.title, author: book.authors[0] ?? null, genre: book.genres[0] ?? null };
  }

  return {
    /** The visible book (its rating already combines the catalogue's with readers' reviews). */
    async detail(id: string, actor: Actor | null): Promise<BookRow> {
      return visibleBook(id, actor);
    },

    /**
     * The trending list, computed at most once a minute per process, by one query that every reader
     * asking meanwhile shares. Past its minute the list still answers while its next computation runs:
     * when it expired under bench:load, every request for it during the 50–300 ms query ran the query
     * again, on both nodes at once (their lists were filled together).
     */
    async trending(limit: number): Promise<BookCard[]> {
      const cached = trendingCache;
      let rows: TrendingRow[];
      if (!cached) rows = await refreshTrending();
      else {
        if (Date.now() - cached.at > TRENDING_TTL_MS) refreshTrending().catch(() => undefined);
        rows = cached.rows;
      }
      return rows.slice(0, Math.min(limit, TRENDING_MAX));
    },

    /** The catalogue changed here (an admin's edit, a book added or merged): trending and related anew. */
    clearCaches() {
      catalogueVersion += 1;
      trendingCache = null;
      trendingRefresh = null;
      seenActive.clear();
    },

    async related(id: string, options: RelatedOptions) {
      // Keyed by the catalogue's version: a list computed before a change here is not given again (a
      // cleared cache would fail the readers waiting for a computation under way).
      const key = `${catalogueVersion}|${id}|${options.genre ?? ''}|${options.sort}|${options.limit}|${options.offset}`;
      return (await relatedCache.fetch(key, { context: { id, options } }))!;
    },

    /** The stored PDF of a local book. */
    async file(id: string) {
      const book = await visibleBook(id, null, true);
      if (!isLocalBook(book.id) || !book.filePath) throw new NotFoundError();
      const opened = await storage.open(book.filePath);
      if (!opened) throw new NotFoundError();
      return { ...opened, title: book.title };
    },

    /** The facts a generated cover is drawn from (any active book: see `visibleBook`'s `anyActive`). */
    coverFacts,

    /** The uploaded cover image of a book. */
    async coverImage(id: string) {
      const book = await visibleBook(id, null, true);
      if (!book.coverPath) throw new NotFoundError();
      const opened = await storage.open(book.coverPath);
      if (!opened) throw new NotFoundError();
      const extension = book.coverPath.split('.').pop();
      const type = extension === 'png' ? 'image/png' : extension === 'webp' ? 'image/webp' : 'image/jpeg';
      return { ...opened, type };
    },

    /** The generated cover (title, author, genre colour) as PNG, drawn once per version of those facts. */
    async generatedCoverPng(id: string): Promise<Buffer> {
      const facts = await coverFacts(id);
      const key = JSON.stringify([id, facts]);
      const cached = pngCache.get(key);
      if (cached) {
        pngCache.delete(key);
        pngCache.set(key, cached);
        return cached;
      }
      const png = await svgToPng(coverSvg(facts), PNG_WIDTH);
      pngCache.set(key, png);
      if (pngCache.size > PNG_CACHE_MAX) pngCache.delete(pngCache.keys().next().value!);
      return png;
    },

    /** The book pages of the sitemap: active books by id, and when the catalogue last changed. */
    sitemap: {
      count: () => sitemap.countBooks(),
      page: (offset: number, limit: number) => sitemap.books(offset, limit),
      lastModified: () => sitemap.catalogueLastModified(),
    },

    // What other modules ask of a book; each takes an optional transaction.
    findById: books.findById,
    /** The card of an active book, or undefined (what a reading list, a club or a list adds). */
    findActive: books.findActive,
    /** True when the book exists (and is active, unless `includeInactive`); see SEEN_ACTIVE_TTL_MS. */
    async exists(id: string, includeInactive = false, tx?: Db): Promise<boolean> {
      const remembered = !includeInactive && !tx;
      if (remembered && seenActive.has(id)) return true;
      const version = catalogueVersion;
      const found = await books.exists(id, includeInactive, tx);
      if (found && remembered && version === catalogueVersion) seenActive.set(id, true);
      return found;
    },
    /** The cards of the books among the ids (unknown ones left out; inactive ones too, by default). */
    cards: books.cards,
    mostRated: books.mostRated,
    /** A `book_activity` row: trending counts want-to-reads, reviews and reads of the last weeks. */
    recordActivity: books.recordActivity,
    // The admins' writes (modules/admin-catalogue checks the role and clears the caches).
    insert: books.insert,
    update: books.update,
    remove: books.remove,
  };
}

export type BooksService = ReturnType<typeof createBooksService>;

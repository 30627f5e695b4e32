import {
  coverSvg,
  GENRE_CATALOG,
  GENRE_SLUGS,
  isLocalBook,
  type GenreSlug,
  type Language,
} from '@nebab/shared';
import type { BookRow } from '../../db/schema/index.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { NotFoundError } from '../../lib/errors.js';
import { svgToPng } from '../../lib/svg-png.js';
import type { Storage } from '../../lib/storage.js';
import { hasRole, type Actor } from '../users/users.policy.js';
import type { BooksDirectoryRepository } from './books.directory.repository.js';
import type { BookCardRow, BooksRepository } from './books.repository.js';

const TRENDING_TTL_MS = 60_000;
const TRENDING_MAX = 50;

type TrendingRow = Awaited<ReturnType<BooksRepository['trendingCandidates']>>[number];

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
    'recent' | 'baseline' | 'ratings_count' | 'want_to_read_count' | 'rating' | 'publication_year'
  >,
): number {
  const mean = Number(row.baseline) / 7;
  const z = (Number(row.recent) - mean) / Math.sqrt(mean + 1);
  const pop =
    0.35 * Math.log1p(row.ratings_count) +
    0.45 * Math.log1p(row.want_to_read_count) +
    (row.rating === null ? 0 : 1.2 * (row.rating - 3.8));
  return 2.5 * Math.max(z, 0) + pop + ((row.publication_year ?? 0) >= 2010 ? 0.8 : 0);
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
      row.primary_author ? `a:${row.primary_author}` : null,
    ].filter((key): key is string => key !== null);
    if (keys.some((key) => (perKey.get(key) ?? 0) >= 2)) continue;
    for (const key of keys) perKey.set(key, (perKey.get(key) ?? 0) + 1);
    chosen.push(row);
  }
  const isRecent = (row: TrendingRow) => (row.publication_year ?? 0) >= 2010;
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

/** Books on an author page (the most rated first). */
const AUTHOR_BOOKS_LIMIT = 60;

export function createBooksService(deps: {
  books: BooksRepository;
  /** Author pages and the sitemap's rows. */
  directory: BooksDirectoryRepository;
  storage: Storage;
  /** Domain events (`report.created` after a report is stored). */
  events?: DomainEvents;
  /** A genre's discussion groups (its public clubs), answered by the clubs module. */
  genreGroups?: (slug: string) => Promise<Array<{ id: string; name: string; memberCount: number }>>;
}) {
  const { books, directory, storage, events, genreGroups = async () => [] } = deps;
  let trendingCache: { at: number; rows: TrendingRow[] } | null = null;
  const pngCache = new Map<string, Buffer>();

  async function visibleBook(id: string, actor: Actor | null): Promise<BookRow> {
    const book = await books.findById(id);
    if (!book) throw new NotFoundError();
    if (book.status !== 'active' && !(actor && hasRole(actor, 'admin'))) throw new NotFoundError();
    return book;
  }

  return {
    /** The visible book (its rating already combines the catalogue's with readers' reviews). */
    async detail(id: string, actor: Actor | null): Promise<BookRow> {
      return visibleBook(id, actor);
    },

    /** The trending list, computed at most once a minute per process. */
    async trending(limit: number): Promise<BookCardRow[]> {
      const now = Date.now();
      if (!trendingCache || now - trendingCache.at > TRENDING_TTL_MS) {
        trendingCache = { at: now, rows: pickTrending(await books.trendingCandidates(), TRENDING_MAX) };
      }
      return trendingCache.rows.slice(0, Math.min(limit, TRENDING_MAX));
    },

    clearTrendingCache() {
      trendingCache = null;
    },

    async related(id: string, options: { genre?: string; sort: string; limit: number; offset: number }) {
      const book = await visibleBook(id, null);
      return books.related(book, options);
    },

    async genre(slug: string, language: Language) {
      if (!(GENRE_SLUGS as readonly string[]).includes(slug)) throw new NotFoundError();
      const entry = GENRE_CATALOG[slug as GenreSlug];
      const [bookCount, newReleases, popular, decades, ethiopian, groups] = await Promise.all([
        books.genreCount(slug),
        books.genreBooks(slug, 'newest', 12),
        books.genreBooks(slug, 'popular', 12),
        books.genreDecades(slug, 6, 3, 10),
        books.genreBooks(slug, 'ethiopian', 12),
        genreGroups(slug),
      ]);
      const byDecade = new Map<number, BookCardRow[]>();
      for (const row of decades) {
        const list = byDecade.get(Number(row.decade)) ?? [];
        list.push(row);
        byDecade.set(Number(row.decade), list);
      }
      return { slug, entry, language, bookCount, newReleases, popular, byDecade, ethiopian, groups };
    },

    authors(options: { q?: string; letter?: string; page: number; pageSize: number }) {
      return books.authors(options);
    },

    async report(bookId: string, actor: Actor, reason: string) {
      if (!(await books.exists(bookId))) throw new NotFoundError();
      const report = await books.addReport(bookId, actor.userId, reason);
      await events?.emit('report.created', {
        kind: 'book',
        reportId: report.id,
        targetId: bookId,
        bookId,
        actorId: actor.userId,
        reason,
      });
      return report;
    },

    async subscribe(email: string, language: string) {
      await books.subscribe(email, language);
    },

    // Admin edits (PATCH /api/admin/books/:id) live in modules/admin-catalogue.

    /** The stored PDF of a local book. */
    async file(id: string) {
      const book = await visibleBook(id, null);
      if (!isLocalBook(book.id) || !book.filePath) throw new NotFoundError();
      const opened = await storage.open(book.filePath);
      if (!opened) throw new NotFoundError();
      return { ...opened, title: book.title };
    },

    /** The uploaded cover image of a book. */
    async coverImage(id: string) {
      const book = await visibleBook(id, null);
      if (!book.coverPath) throw new NotFoundError();
      const opened = await storage.open(book.coverPath);
      if (!opened) throw new NotFoundError();
      const extension = book.coverPath.split('.').pop();
      const type = extension === 'png' ? 'image/png' : extension === 'webp' ? 'image/webp' : 'image/jpeg';
      return { ...opened, type };
    },

    /** The generated cover (title, author, genre colour) as PNG, drawn once per version of those facts. */
    async generatedCoverPng(id: string): Promise<Buffer> {
      const book = await visibleBook(id, null);
      const facts = { title: book.title, author: book.authors[0] ?? null, genre: book.genres[0] ?? null };
      const key = JSON.stringify([book.id, facts]);
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

    /** An author page: the primary author's facts and active books; 404 when no active book has them. */
    async author(name: string) {
      const author = await directory.author(name);
      if (!author) throw new NotFoundError();
      return { author, books: await directory.authorBooks(name, AUTHOR_BOOKS_LIMIT) };
    },

    /** Rows of the sitemap: active books (by id), authors (by name), genres, and the latest change. */
    sitemap: {
      countBooks: () => directory.countBooks(),
      books: (offset: number, limit: number) => directory.sitemapBooks(offset, limit),
      countAuthors: () => directory.countAuthors(),
      authors: (offset: number, limit: number) => directory.sitemapAuthors(offset, limit),
      genres: () => directory.genresLastModified(),
      lastModified: () => directory.catalogueLastModified(),
    },

    recordActivity(bookId: string, userId: string | null, kind: string, createdAt?: Date) {
      return books.recordActivity(bookId, userId, kind, createdAt);
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;

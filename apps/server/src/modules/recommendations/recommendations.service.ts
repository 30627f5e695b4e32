import type { RecommendationReason } from '@nebab/shared';
import type { Actor } from '../users/users.policy.js';
import type { ItemModel, UserItem } from './item-model.js';
import type { RecommendationBook, RecommendationsRepository } from './recommendations.repository.js';

export interface ScoredRecommendation {
  book: RecommendationBook;
  reason: RecommendationReason;
  score: number;
}

export interface RecommendationsServiceDeps {
  recommendations: RecommendationsRepository;
  /** Called once, on first use; null = no collaborative model (preferences only). */
  loadModel: () => ItemModel | null;
}

/** Seed weights (spec): finished or reading 1, want to read 0.5, favourite 1.5; a review ≥ 4 stars 1. */
const STATUS_WEIGHT: Record<string, number> = { completed: 1, currentlyReading: 1, wantToRead: 0.5 };
const FAVOURITE_WEIGHT = 1.5;
const POSITIVE_REVIEW = 4;
const NEGATIVE_REVIEW = 2;

/** Blend weights: collaborative score (0..1) + content matches + popularity prior (0..1). */
const W = { cf: 1, author: 0.5, genre: 0.3, language: 0.25, length: 0.1, popularity: 0.25 };
const CANDIDATES = { cf: 150, genre: 150, language: 100, author: 50, ethiopian: 100 };

const LENGTH_BUCKETS: Record<string, (pages: number) => boolean> = {
  short: (p) => p < 200,
  medium: (p) => p >= 200 && p <= 400,
  long: (p) => p > 400,
};

const isModelId = (id: string) => /^\d{1,8}$/.test(id);

/**
 * A reader's recommendations: item–item collaborative candidates from their reading list and reviews
 * (goodbooks books only) blended with the most popular books of their preferred genres, languages and
 * authors (and Ethiopian books in their genres for Amharic readers). Own books are never recommended.
 */
export function createRecommendationsService({ recommendations, loadModel }: RecommendationsServiceDeps) {
  let model: ItemModel | null | undefined;
  const getModel = () => {
    if (model === undefined) model = loadModel();
    return model;
  };

  async function forReader(actor: Actor, limit: number): Promise<ScoredRecommendation[]> {
    const signals = await recommendations.readerSignals(actor.userId);
    const prefs = signals.preferences;
    const genres = prefs?.genres ?? [];
    const languages = prefs?.languages ?? [];
    const authors = prefs?.authors ?? [];
    const amharic = languages.includes('am');

    // Seeds and exclusions.
    const exclude = new Set<string>();
    const seeds = new Map<string, number>();
    for (const entry of signals.entries) {
      exclude.add(entry.bookId);
      const weight = entry.isFavorite ? FAVOURITE_WEIGHT : (STATUS_WEIGHT[entry.status] ?? 0);
      if (weight > 0) seeds.set(entry.bookId, weight);
    }
    for (const review of signals.reviews) {
      exclude.add(review.bookId);
      if (review.rating >= POSITIVE_REVIEW)
        seeds.set(review.bookId, Math.max(seeds.get(review.bookId) ?? 0, 1));
      else if (review.rating > 0 && review.rating <= NEGATIVE_REVIEW) seeds.delete(review.bookId);
    }

    // Collaborative candidates.
    const cfScores = new Map<string, { score: number; because: string | null }>();
    const modelSeeds: UserItem[] = [];
    for (const [bookId, weight] of seeds)
      if (isModelId(bookId)) modelSeeds.push({ bookId: Number(bookId), weight });
    const itemModel = modelSeeds.length ? getModel() : null;
    if (itemModel) {
      const excludeIds = [...exclude].filter(isModelId).map(Number);
      const recs = itemModel.recommend(modelSeeds, { limit: CANDIDATES.cf, exclude: excludeIds });
      const top = recs[0]?.score ?? 0;
      for (const rec of recs) {
        if (top <= 0) break;
        cfScores.set(String(rec.bookId), {
          score: rec.score / top,
          because: rec.because === null ? null : String(rec.because),
        });
      }
    }

    // Content candidates (and the CF candidates' and seeds' books).
    const [cfBooks, byGenre, byLanguage, byAuthor, ethiopian, seedBooks] = await Promise.all([
      recommendations.booksByIds([...cfScores.keys()]),
      genres.length ? recommendations.popularMatching({ genres }, CANDIDATES.genre) : [],
      recommendations.popularMatching({ languages }, CANDIDATES.language),
      authors.length ? recommendations.popularMatching({ authors }, CANDIDATES.author) : [],
      amharic
        ? recommendations.popularMatching(
            { source: 'ethiopian', ...(genres.length ? { genres } : {}) },
            CANDIDATES.ethiopian,
          )
        : [],
      recommendations.booksByIds(
        [...new Set([...cfScores.values()].map((c) => c.because ?? ''))].filter(Boolean),
      ),
    ]);
    const titles = new Map(seedBooks.map((b) => [b.id, b.title]));

    const candidates = new Map<string, RecommendationBook>();
    for (const list of [cfBooks, byGenre, byLanguage, byAuthor, ethiopian])
      for (const book of list) if (!exclude.has(book.id)) candidates.set(book.id, book);

    const maxPopularity = Math.log1p(Math.max(1, ...[...candidates.values()].map((b) => b.ratingsCount)));
    const inLength = prefs?.bookLength ? LENGTH_BUCKETS[prefs.bookLength] : undefined;
    const genreSet = new Set(genres);
    const authorSet = new Set(authors.map((a) => a.toLocaleLowerCase()));
    const languageSet = new Set(languages);

    const scored: ScoredRecommendation[] = [];
    for (const book of candidates.values()) {
      const cf = cfScores.get(book.id);
      const genre = book.genres.find((g) => genreSet.has(g));
      const author = book.authors.find((a) => authorSet.has(a.toLocaleLowerCase()));
      const language = languageSet.has(book.language) ? book.language : undefined;
      const lengthMatch = inLength !== undefined && book.pageCount !== null && inLength(book.pageCount);
      const popularity = Math.log1p(book.ratingsCount) / maxPopularity;
      const cfPart = cf ? W.cf * cf.score : 0;
      const score =
        cfPart +
        (author ? W.author : 0) +
        (genre ? W.genre : 0) +
        (language ? W.language : 0) +
        (lengthMatch ? W.length : 0) +
        W.popularity * popularity -
        // A reader who named languages does not want others.
        (languageSet.size && !language ? 0.5 : 0);

      const becauseTitle = cf?.because ? titles.get(cf.because) : undefined;
      let reason: RecommendationReason;
      if (cf?.because && becauseTitle && cfPart >= 0.2)
        reason = { kind: 'because', bookId: cf.because, bookTitle: becauseTitle };
      else if (author) reason = { kind: 'byAuthor', author };
      else if (genre) reason = { kind: 'popularInGenre', genre };
      else if (language) reason = { kind: 'popularInLanguage', language: book.language };
      else if (book.genres[0]) reason = { kind: 'popularInGenre', genre: book.genres[0] };
      else reason = { kind: 'popularInLanguage', language: book.language };
      scored.push({ book, reason, score });
    }
    scored.sort(
      (a, b) =>
        b.score - a.score || b.book.ratingsCount - a.book.ratingsCount || a.book.id.localeCompare(b.book.id),
    );

    if (!amharic) return scored.slice(0, limit);
    // Amharic readers: every third place goes to an Amharic book while there are some.
    const am = scored.filter((s) => s.book.language === 'am');
    const rest = scored.filter((s) => s.book.language !== 'am');
    const out: ScoredRecommendation[] = [];
    while (out.length < limit && (am.length || rest.length)) {
      const takeAm = out.length % 3 === 0 ? am.length > 0 : rest.length === 0;
      out.push((takeAm ? am : rest).shift()!);
    }
    return out;
  }

  return {
    forReader,
    /** Loads (or builds and caches) the model now, at start-up, instead of on a reader's first request. */
    warmUp: async (): Promise<void> => {
      await getModel();
    },
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;

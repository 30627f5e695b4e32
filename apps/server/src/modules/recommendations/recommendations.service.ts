import type { RecommendationReason, RecommendationSeedRelation } from '@nebab/shared';
import { TILE_FIELDS, type BookCard } from '../books/book-card.js';
import type { BooksService } from '../books/books.service.js';
import type { Actor } from '../../lib/actor.js';
import type { ItemModel, UserItem } from './item-model.js';
import type { CoReadingPair, RecommendationsRepository } from './recommendations.repository.js';

/** The card fields a recommendation shows and weighs (content signals). */
const BOOK_FIELDS = [...TILE_FIELDS, 'genres', 'language', 'pageCount', 'rating', 'ratingsCount'] as const;

export type RecommendationBook = Pick<BookCard, (typeof BOOK_FIELDS)[number]>;

export interface ScoredRecommendation {
  book: RecommendationBook;
  reason: RecommendationReason;
  score: number;
}

export interface RecommendationsServiceDeps {
  recommendations: RecommendationsRepository;
  /** The books module: candidates' cards, by id or the most rated matching a preference. */
  books: Pick<BooksService, 'cards' | 'mostRated'>;
  /** Called once, on first use; null = no collaborative model (preferences only). */
  loadModel: () => ItemModel | null;
}

/**
 * Seed weights: finished or reading 1, want to read 0.5, favourite 1.5, a review of 4–5 stars 1.
 * A book given up (didNotFinish) and a review of 1–2 stars count against similar books.
 */
const STATUS_WEIGHT: Record<string, number> = {
  completed: 1,
  currentlyReading: 1,
  wantToRead: 0.5,
  didNotFinish: -0.25,
};
const FAVOURITE_WEIGHT = 1.5;
const POSITIVE_REVIEW = 4;
const NEGATIVE_REVIEW = 2;
/** Tuned with bench:recs: −0.25 pushes similar books down at no measurable cost to accuracy. */
const NEGATIVE_REVIEW_WEIGHT = -0.25;

/** What the reader did with a seed book, for the reason ("Because you finished …"). */
const STATUS_RELATION: Record<string, RecommendationSeedRelation> = {
  completed: 'finished',
  currentlyReading: 'reading',
  wantToRead: 'wantToRead',
};
/** When a book is both reviewed and listed, the stronger relation names the reason. */
const RELATION_RANK: RecommendationSeedRelation[] = ['loved', 'finished', 'rated', 'reading', 'wantToRead'];

/** Blend weights: collaborative score (0..1) + content matches + popularity prior (0..1). */
const W = { cf: 1, author: 0.5, genre: 0.3, language: 0.25, length: 0.1, age: 0.3, popularity: 0.25 };
const CANDIDATES = { cf: 150, genre: 150, language: 100, author: 50, ethiopian: 100, age: 100 };
/** Co-reading pairs seen by few readers are shrunk towards 0 (together / (together + k)). */
const CO_READING_SHRINK = 2;

/**
 * Age group fit (preferences wizard) against the catalogue's children / young-adult genres:
 * a bonus for books made for the reader's age, a penalty for books clearly for another.
 */
function ageFit(ageGroup: string | null | undefined, genres: readonly string[]): number {
  const children = genres.includes('children');
  const youngAdult = genres.includes('young-adult');
  switch (ageGroup) {
    case 'children':
      return children ? 1 : youngAdult ? 0 : -1;
    case 'youngAdult':
      return youngAdult ? 1 : children ? -0.5 : 0;
    case 'adult':
      return children ? -1 : 0;
    default:
      return 0;
  }
}
const AGE_GENRES: Record<string, string[]> = { children: ['children'], youngAdult: ['young-adult'] };

const LENGTH_BUCKETS: Record<string, (pages: number) => boolean> = {
  short: (p) => p < 200,
  medium: (p) => p >= 200 && p <= 400,
  long: (p) => p > 400,
};

const isModelId = (id: string) => /^\d{1,8}$/.test(id);

/**
 * Live item–item scores from Nebab's readers: Σ over seeds of weight × shrunk cosine
 * (together / √(seed readers × candidate readers)), naming the seed that
 * contributed most, capped at 1. Covers every book, Ethiopian ones included, not only goodbooks ids.
 */
export function coReadingScores(
  pairs: readonly CoReadingPair[],
  seeds: ReadonlyMap<string, number>,
  exclude: ReadonlySet<string>,
): Map<string, { score: number; because: string }> {
  const totals = new Map<string, { score: number; because: string; best: number }>();
  for (const pair of pairs) {
    if (exclude.has(pair.candidate)) continue;
    const cosine = pair.together / Math.sqrt(Math.max(1, pair.seedReaders * pair.candidateReaders));
    const part = (seeds.get(pair.seed) ?? 0) * cosine * (pair.together / (pair.together + CO_READING_SHRINK));
    if (part === 0) continue;
    const total = totals.get(pair.candidate);
    // Negative seeds (books given up or disliked) pull a candidate down but never name the reason.
    if (!total) totals.set(pair.candidate, { score: part, because: part > 0 ? pair.seed : '', best: part });
    else {
      total.score += part;
      if (part > total.best) Object.assign(total, { because: pair.seed, best: part });
    }
  }
  // Kept absolute (capped at 1), not scaled to the best: one shared reader must not weigh like fifty.
  const out = new Map<string, { score: number; because: string }>();
  for (const [id, t] of totals)
    if (t.because) out.set(id, { score: Math.min(1, t.score), because: t.because });
  for (const [id, t] of totals) if (!t.because) out.set(id, { score: Math.max(-1, t.score), because: '' });
  return out;
}

/**
 * A reader's recommendations: item–item collaborative candidates from their reading list and reviews
 * (the goodbooks model, plus live co-reading among Nebab's readers) blended with the most popular books of their preferred genres, languages and
 * authors (and Ethiopian books in their genres for Amharic readers). Own books are never recommended.
 */
export function createRecommendationsService({
  recommendations,
  books,
  loadModel,
}: RecommendationsServiceDeps) {
  const booksByIds = (ids: readonly string[]) => books.cards(ids, { fields: BOOK_FIELDS });
  const popularMatching = (filters: Parameters<BooksService['mostRated']>[0], limit: number) =>
    books.mostRated(filters, limit, BOOK_FIELDS);

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

    // Seeds (positive: books the reader likes; negative: given up or disliked) and exclusions.
    const exclude = new Set<string>();
    const seeds = new Map<string, number>();
    const relations = new Map<string, RecommendationSeedRelation>();
    const relate = (bookId: string, relation: RecommendationSeedRelation) => {
      const known = relations.get(bookId);
      if (!known || RELATION_RANK.indexOf(relation) < RELATION_RANK.indexOf(known))
        relations.set(bookId, relation);
    };
    for (const entry of signals.entries) {
      exclude.add(entry.bookId);
      const weight = entry.isFavorite ? FAVOURITE_WEIGHT : (STATUS_WEIGHT[entry.status] ?? 0);
      if (weight !== 0) seeds.set(entry.bookId, weight);
      if (entry.isFavorite) relate(entry.bookId, 'loved');
      const relation = STATUS_RELATION[entry.status];
      if (relation) relate(entry.bookId, relation);
    }
    for (const review of signals.reviews) {
      exclude.add(review.bookId);
      if (review.rating >= POSITIVE_REVIEW) {
        seeds.set(review.bookId, Math.max(seeds.get(review.bookId) ?? 0, 1));
        relate(review.bookId, review.rating === 5 ? 'loved' : 'rated');
      } else if (review.rating > 0 && review.rating <= NEGATIVE_REVIEW) {
        seeds.set(review.bookId, NEGATIVE_REVIEW_WEIGHT);
        relations.delete(review.bookId);
      }
    }

    // Collaborative candidates: the goodbooks model (EASE^R) and Nebab's own live co-reading.
    const coReading = recommendations.coReading(actor.userId, [...seeds.keys()]);
    const cfScores = new Map<string, { score: number; because: string | null }>();
    const modelSeeds: UserItem[] = [];
    for (const [bookId, weight] of seeds)
      if (isModelId(bookId)) modelSeeds.push({ bookId: Number(bookId), weight });
    const itemModel = modelSeeds.length ? getModel() : null;
    let modelTop = 0;
    if (itemModel) {
      const excludeIds = [...exclude].filter(isModelId).map(Number);
      const recs = itemModel.recommend(modelSeeds, { limit: CANDIDATES.cf, exclude: excludeIds });
      modelTop = recs[0]?.score ?? 0;
      for (const rec of recs) {
        if (modelTop <= 0) break;
        cfScores.set(String(rec.bookId), {
          score: rec.score / modelTop,
          because: rec.because === null ? null : String(rec.because),
        });
      }
    }
    for (const [bookId, live] of coReadingScores(await coReading, seeds, exclude)) {
      const known = cfScores.get(bookId);
      // Two agreeing signals count more than either alone; the stronger names the reason.
      const score = known
        ? Math.max(known.score, live.score) + 0.5 * Math.min(known.score, live.score)
        : live.score;
      const because = !known || live.score > known.score ? live.because : known.because;
      cfScores.set(bookId, { score, because });
    }

    // Content candidates (and the CF candidates' and seeds' books).
    const ageGenres = prefs?.ageGroup ? AGE_GENRES[prefs.ageGroup] : undefined;
    const [cfBooks, byGenre, byLanguage, byAuthor, ethiopian, byAge, seedBooks] = await Promise.all([
      booksByIds([...cfScores.keys()]),
      genres.length ? popularMatching({ genres }, CANDIDATES.genre) : [],
      popularMatching({ languages }, CANDIDATES.language),
      authors.length ? popularMatching({ authors }, CANDIDATES.author) : [],
      amharic
        ? popularMatching({ source: 'ethiopian', ...(genres.length ? { genres } : {}) }, CANDIDATES.ethiopian)
        : [],
      ageGenres ? popularMatching({ genres: ageGenres }, CANDIDATES.age) : [],
      booksByIds([...new Set([...cfScores.values()].map((c) => c.because ?? ''))].filter(Boolean)),
    ]);
    const titles = new Map(seedBooks.map((b) => [b.id, b.title]));

    const candidates = new Map<string, RecommendationBook>();
    for (const list of [cfBooks, byGenre, byLanguage, byAuthor, ethiopian, byAge])
      for (const book of list) if (!exclude.has(book.id)) candidates.set(book.id, book);

    // Content candidates the model did not rank still feel the books the reader gave up or disliked.
    const negativeSeeds = modelSeeds.filter((seed) => (seed.weight ?? 0) < 0);
    if (itemModel && negativeSeeds.length && modelTop > 0) {
      const unranked = [...candidates.keys()].filter((id) => !cfScores.has(id) && isModelId(id)).map(Number);
      for (const [bookId, raw] of itemModel.score(negativeSeeds, unranked))
        if (raw < 0) cfScores.set(String(bookId), { score: raw / modelTop, because: null });
    }

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
        W.age * ageFit(prefs?.ageGroup, book.genres) +
        W.popularity * popularity -
        // A reader who named languages does not want others.
        (languageSet.size && !language ? 0.5 : 0);

      const becauseTitle = cf?.because ? titles.get(cf.because) : undefined;
      let reason: RecommendationReason;
      if (cf?.because && becauseTitle && cfPart >= 0.2)
        reason = {
          kind: 'because',
          bookId: cf.because,
          bookTitle: becauseTitle,
          relation: relations.get(cf.because) ?? 'finished',
        };
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

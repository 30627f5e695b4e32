/**
 * `npm run bench:recs [-- --users 3000] [-- --seed 7] [-- --k 100 --alpha 0.5 --shrinkage 50 --threshold 4 --normalise --weights 1,2]`
 *
 * Offline evaluation of the item–item recommender (apps/server/src/modules/recommendations) on the
 * shipped goodbooks-10k ratings. Deterministic (seeded) split: --users readers with at least 10
 * positive ratings (≥ 4) are drawn; 20% of each one's positives (at least 1) are hidden. The model is
 * trained on every other rating (other readers fully, the test readers' visible part). Each test
 * reader gets a top-10 list excluding every book they rated visibly; a popularity baseline (most
 * positive ratings in the training part, same exclusions) is scored the same way.
 * Prints NDCG@10 and recall@10 for both, their ratio, build time and model size, and p50/p95 of one
 * reader's recommendation time.
 *
 * This Kaggle edition of goodbooks holds about 100 sampled ratings per book, so any global popularity
 * ranking (in-sample or Goodreads' ratings_count) scores near chance. A third, personalised baseline
 * is printed for a fairer comparison: popularity within the genres of the reader's visible positives.
 *
 * Then (skip with --no-service) the production path: the shipped catalogue imported into in-memory
 * PGlite, --readers (default 200) test readers' visible positives written as reading-list entries,
 * and RecommendationsService.forReader (goodbooks model + live co-reading SQL + preference blend +
 * book rows) timed per reader: p50/p95/max in ms.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { parseCsvObjects } from '../apps/server/src/catalog/csv.js';
import { ensureCatalog } from '../apps/server/src/catalog/ensure-catalog.js';
import { readShelfGenres } from '../apps/server/src/catalog/goodbooks.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { readingListEntries, users } from '../apps/server/src/db/schema/index.js';
import { createRecommendationsRepository } from '../apps/server/src/modules/recommendations/recommendations.repository.js';
import { createRecommendationsService } from '../apps/server/src/modules/recommendations/recommendations.service.js';
import {
  buildItemModel,
  deserializeModel,
  loadGoodbooksInteractions,
  serializeModel,
  type Interaction,
  type ItemModelOptions,
} from '../apps/server/src/modules/recommendations/index.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testUsers = Number(arg('users') ?? 3000);
const seed = Number(arg('seed') ?? 7);
const threshold = Number(arg('threshold') ?? 4);
const holdout = 0.2;
const N = 10;
const options: ItemModelOptions = {
  positiveThreshold: threshold,
  neighbours: Number(arg('k') ?? 100),
  alpha: Number(arg('alpha') ?? 0.5),
  shrinkage: Number(arg('shrinkage') ?? 50),
  normaliseRows: process.argv.includes('--normalise'),
};
const weightArg = arg('weights'); // e.g. "1,1.5" = weight of rating 4, 5
if (weightArg) {
  const [w4, w5] = weightArg.split(',').map(Number);
  options.ratingWeight = (r) => (r >= 5 ? w5! : r >= 4 ? w4! : 1);
}

/** mulberry32 */
function rng(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

let t0 = performance.now();
const all = loadGoodbooksInteractions(path.join(root, 'catalog-data'));
const loadMs = performance.now() - t0;

// Split.
const random = rng(seed);
const byUser = new Map<number, Interaction[]>();
for (const x of all) {
  let list = byUser.get(x.userId);
  if (!list) byUser.set(x.userId, (list = []));
  list.push(x);
}
const eligible = [...byUser.keys()]
  .filter((u) => byUser.get(u)!.filter((x) => x.rating >= 4).length >= 10)
  .sort((a, b) => a - b);
const chosen = shuffle(eligible, random)
  .slice(0, testUsers)
  .sort((a, b) => a - b);
const hiddenKeys = new Set<string>();
const tests: { visible: Interaction[]; hidden: Set<number> }[] = [];
for (const u of chosen) {
  const list = byUser.get(u)!;
  const positives = shuffle(
    list.filter((x) => x.rating >= 4),
    random,
  );
  const count = Math.max(1, Math.round(positives.length * holdout));
  const hidden = new Set(positives.slice(0, count).map((x) => x.bookId));
  for (const b of hidden) hiddenKeys.add(`${u}:${b}`);
  tests.push({ visible: list.filter((x) => !hidden.has(x.bookId)), hidden });
}
const train = all.filter((x) => !hiddenKeys.has(`${x.userId}:${x.bookId}`));

// Model.
t0 = performance.now();
const built = buildItemModel(train, options);
const buildMs = performance.now() - t0;
const bytes = serializeModel(built);
const model = deserializeModel(bytes);

// Popularity baseline: most positive ratings in the training part.
const popCount = new Map<number, number>();
for (const x of train) if (x.rating >= 4) popCount.set(x.bookId, (popCount.get(x.bookId) ?? 0) + 1);
const popular = [...popCount.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);

// A second reference: global Goodreads popularity (books.csv ratings_count). In this Kaggle edition
// every book has about 100 sampled ratings, so the in-sample popularity above is nearly flat.
const goodreadsCount = new Map<number, number>();
const shelfGenres = readShelfGenres(path.join(root, 'catalog-data'));
const genresOf = new Map<number, readonly string[]>();
for (const row of parseCsvObjects(readFileSync(path.join(root, 'catalog-data', 'books.csv'), 'utf8'))) {
  goodreadsCount.set(Number(row.book_id), Number(row.ratings_count) || 0);
  genresOf.set(Number(row.book_id), shelfGenres.get(row.goodreads_book_id ?? '') ?? []);
}
const globallyPopular = [...goodreadsCount.entries()]
  .sort((a, b) => b[1] - a[1] || a[0] - b[0])
  .map(([id]) => id);

/**
 * Personalised popularity: each book scores Σ over its genres of the share of the reader's visible
 * positives in that genre, times log(1 + Goodreads ratings_count).
 */
const popularityLog = new Map([...goodreadsCount].map(([id, count]) => [id, Math.log1p(count)]));
function genrePopular(visible: readonly Interaction[], seen: ReadonlySet<number>): number[] {
  const share = new Map<string, number>();
  let positives = 0;
  for (const x of visible) {
    if (x.rating < threshold) continue;
    positives += 1;
    for (const g of genresOf.get(x.bookId) ?? []) share.set(g, (share.get(g) ?? 0) + 1);
  }
  const scored: [number, number][] = [];
  for (const [id, genres] of genresOf) {
    if (seen.has(id)) continue;
    let fit = 0;
    for (const g of genres) fit += share.get(g) ?? 0;
    if (fit > 0) scored.push([id, (fit / Math.max(1, positives)) * (popularityLog.get(id) ?? 0)]);
  }
  return scored
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, N)
    .map(([id]) => id);
}

const discount = Array.from({ length: N }, (_, r) => 1 / Math.log2(r + 2));
function score(list: number[], hidden: Set<number>): { ndcg: number; recall: number } {
  let dcg = 0;
  let hits = 0;
  list.forEach((id, r) => {
    if (hidden.has(id)) {
      dcg += discount[r]!;
      hits += 1;
    }
  });
  let idcg = 0;
  for (let r = 0; r < Math.min(N, hidden.size); r += 1) idcg += discount[r]!;
  return { ndcg: dcg / idcg, recall: hits / Math.min(N, hidden.size) };
}

const rec = { ndcg: 0, recall: 0 };
const pop = { ndcg: 0, recall: 0 };
const gpop = { ndcg: 0, recall: 0 };
const genrePop = { ndcg: 0, recall: 0 };
function topUnseen(ranking: number[], seen: Set<number>): number[] {
  const out: number[] = [];
  for (const id of ranking) {
    if (out.length === N) break;
    if (!seen.has(id)) out.push(id);
  }
  return out;
}
const times: number[] = [];
for (const { visible, hidden } of tests) {
  const seen = new Set(visible.map((x) => x.bookId));
  const start = performance.now();
  const list = model.recommend(
    visible.map((x) => ({ bookId: x.bookId, weight: x.rating >= threshold ? 1 : 0 })),
    { limit: N },
  );
  times.push(performance.now() - start);
  const r = score(
    list.map((x) => x.bookId),
    hidden,
  );
  rec.ndcg += r.ndcg;
  rec.recall += r.recall;
  const p = score(topUnseen(popular, seen), hidden);
  pop.ndcg += p.ndcg;
  pop.recall += p.recall;
  const g = score(topUnseen(globallyPopular, seen), hidden);
  gpop.ndcg += g.ndcg;
  gpop.recall += g.recall;
  const gp = score(genrePopular(visible, seen), hidden);
  genrePop.ndcg += gp.ndcg;
  genrePop.recall += gp.recall;
}
times.sort((a, b) => a - b);
const n = tests.length;
const f = (x: number) => x.toFixed(4);
console.log(
  `ratings ${all.length} (after duplicates dropped; loaded in ${loadMs.toFixed(0)} ms) · test readers ${n} of ${eligible.length} eligible · seed ${seed}`,
);
console.log(`options ${JSON.stringify({ ...options, ratingWeight: weightArg ?? 'all 1' })}`);
console.log(`item-kNN     NDCG@10 ${f(rec.ndcg / n)}  recall@10 ${f(rec.recall / n)}`);
console.log(`popularity   NDCG@10 ${f(pop.ndcg / n)}  recall@10 ${f(pop.recall / n)}`);
console.log(
  `ratio        NDCG@10 ×${(rec.ndcg / pop.ndcg).toFixed(2)}  recall@10 ×${(rec.recall / pop.recall).toFixed(2)}`,
);
console.log(
  `goodreads-popularity (books.csv ratings_count) NDCG@10 ${f(gpop.ndcg / n)}  recall@10 ${f(gpop.recall / n)} · item-kNN ×${(rec.ndcg / gpop.ndcg).toFixed(2)}`,
);
console.log(
  `genre-popularity (personalised)                NDCG@10 ${f(genrePop.ndcg / n)}  recall@10 ${f(genrePop.recall / n)} · item-kNN ×${(rec.ndcg / genrePop.ndcg).toFixed(2)}`,
);
console.log(
  `model        build ${(buildMs / 1000).toFixed(2)} s · ${(bytes.length / 1024 / 1024).toFixed(2)} MB serialised · ${built.bookIds.length} books · ${built.neighbourIndex.length} neighbour pairs`,
);
console.log(
  `per reader   p50 ${percentile(times, 50).toFixed(3)} ms · p95 ${percentile(times, 95).toFixed(3)} ms · max ${times[times.length - 1]!.toFixed(3)} ms`,
);

// The production path over a real database.
if (!process.argv.includes('--no-service')) {
  const readers = Math.min(tests.length, Number(arg('readers') ?? 200));
  const config = { ...loadConfig({}), catalogEthiopianShopContent: false };
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrateDatabase(database);
    t0 = performance.now();
    await ensureCatalog(database.db, config);
    const importMs = performance.now() - t0;
    const { db } = database;
    const ids: string[] = [];
    for (let i = 0; i < readers; i += 1) {
      const id = randomUUID();
      ids.push(id);
      await db.insert(users).values({ id, name: `Bench reader ${i}`, email: `bench-${i}@nebab.test` });
      const visible = tests[i]!.visible.filter((x) => x.rating >= threshold).slice(0, 50);
      if (visible.length)
        await db
          .insert(readingListEntries)
          .values(visible.map((x) => ({ userId: id, bookId: String(x.bookId), status: 'completed' })));
    }
    const service = createRecommendationsService({
      recommendations: createRecommendationsRepository(db),
      loadModel: () => model,
    });
    const serviceTimes: number[] = [];
    for (const [i, userId] of ids.entries()) {
      const start = performance.now();
      await service.forReader({ userId, sessionId: 'bench', role: 'user' }, 12);
      if (i > 0) serviceTimes.push(performance.now() - start); // the first warms the query plans
    }
    serviceTimes.sort((a, b) => a - b);
    console.log(
      `service      ${serviceTimes.length} readers (catalogue imported in ${(importMs / 1000).toFixed(1)} s, PGlite in memory): ` +
        `p50 ${percentile(serviceTimes, 50).toFixed(1)} ms · p95 ${percentile(serviceTimes, 95).toFixed(1)} ms · max ${serviceTimes[serviceTimes.length - 1]!.toFixed(1)} ms`,
    );
  } finally {
    await database.close();
  }
}

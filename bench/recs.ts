/**
 * `npm run bench:recs [-- --users 3000] [-- --seed 7] [-- --lambda 200 --k 100] [-- --no-service]`
 *
 * Offline evaluation of the recommender on the shipped goodbooks-10k ratings, on the protocol of
 * issue 12: 4–5★ ratings are positives; --users readers with at least 10 positives are drawn
 * (seeded); 20% of each one's positives (at least 1) are hidden; every model is trained on all the
 * other ratings and ranks every book the reader has not rated visibly. Printed per model: NDCG@10 and
 * recall@10 (hits / min(10, hidden)) with 95% confidence intervals (mean ± 1.96·sd/√n over readers),
 * and the shipped model's paired difference to EASE^R with its interval.
 *
 * Models:
 * - popularity: most positives in the training part;
 * - item-kNN: Nebab's previous model (shrunk cosine, 100 neighbours);
 * - EASE^R: the dense closed form, P = (XᵀX + λI)⁻¹, every weight kept (the reference);
 * - shipped: EASE^R pruned to the k largest weights per book, as `npm run recs:build` ships it; also
 *   scored with the reader's visible 1–2★ ratings counting against similar books (as in production).
 * Lists shorter than 10 (a sparse model reaches few books) are filled with the most popular unseen.
 *
 * The dense solve is the heavy part (~n³/2 multiply-adds for n ≈ 10,000: 10–15 minutes of one core);
 * its per-reader results and the pruned model are cached in DATA_DIR/bench-recs/ under a key of the
 * ratings, the split and λ, so a second run takes seconds (--fresh recomputes).
 *
 * Then (skip with --no-service) the production path: the shipped catalogue imported into in-memory
 * PGlite, --readers (default 200) test readers' visible positives written as reading-list entries,
 * and RecommendationsService.forReader (shipped model + live co-reading SQL + preference blend +
 * book rows) timed per reader, and the shipped model's load time from catalog-data.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCatalog } from '../apps/server/src/catalog/ensure-catalog.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { readingListEntries, users } from '../apps/server/src/db/schema/index.js';
import { createBooksRepository } from '../apps/server/src/modules/books/books.repository.js';
import { pruneEase, solveEase } from '../apps/server/src/modules/recommendations/ease-model.js';
import { loadItemModel } from '../apps/server/src/modules/recommendations/recommendations.model.js';
import { createRecommendationsRepository } from '../apps/server/src/modules/recommendations/recommendations.repository.js';
import { createRecommendationsService } from '../apps/server/src/modules/recommendations/recommendations.service.js';
import {
  buildItemModel,
  deserializeModel,
  loadGoodbooksInteractions,
  serializeModel,
  type Interaction,
  type ItemModel,
  type UserItem,
} from '../apps/server/src/modules/recommendations/index.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const catalogDir = path.join(root, 'catalog-data');
const testUsers = Number(arg('users') ?? 3000);
const seed = Number(arg('seed') ?? 7);
const lambda = Number(arg('lambda') ?? 200);
const k = Number(arg('k') ?? 100);
const threshold = 4;
const holdout = 0.2;
const N = 10;

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
const all = loadGoodbooksInteractions(catalogDir);
const loadMs = performance.now() - t0;

// Split (the same as the previous edition of this bench: same seed, same draws).
const random = rng(seed);
const byUser = new Map<number, Interaction[]>();
for (const x of all) {
  let list = byUser.get(x.userId);
  if (!list) byUser.set(x.userId, (list = []));
  list.push(x);
}
const eligible = [...byUser.keys()]
  .filter((u) => byUser.get(u)!.filter((x) => x.rating >= threshold).length >= 10)
  .sort((a, b) => a - b);
const chosen = shuffle(eligible, random)
  .slice(0, testUsers)
  .sort((a, b) => a - b);
const hiddenKeys = new Set<string>();
const tests: { visible: Interaction[]; hidden: Set<number> }[] = [];
for (const u of chosen) {
  const list = byUser.get(u)!;
  const positives = shuffle(
    list.filter((x) => x.rating >= threshold),
    random,
  );
  const count = Math.max(1, Math.round(positives.length * holdout));
  const hidden = new Set(positives.slice(0, count).map((x) => x.bookId));
  for (const b of hidden) hiddenKeys.add(`${u}:${b}`);
  tests.push({ visible: list.filter((x) => !hidden.has(x.bookId)), hidden });
}
const train = all.filter((x) => !hiddenKeys.has(`${x.userId}:${x.bookId}`));

const discount = Array.from({ length: N }, (_, r) => 1 / Math.log2(r + 2));
interface Scores {
  ndcg: number[];
  recall: number[];
}
function scoreList(list: readonly number[], hidden: Set<number>, into: Scores): void {
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
  into.ndcg.push(dcg / idcg);
  into.recall.push(hits / Math.min(N, hidden.size));
}
const empty = (): Scores => ({ ndcg: [], recall: [] });

// Popularity: most positives in the training part (also fills short lists).
const popCount = new Map<number, number>();
for (const x of train) if (x.rating >= threshold) popCount.set(x.bookId, (popCount.get(x.bookId) ?? 0) + 1);
const popular = [...popCount.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
function fill(list: number[], seen: Set<number>): number[] {
  const out = [...list];
  const taken = new Set(out);
  for (const id of popular) {
    if (out.length >= N) break;
    if (!seen.has(id) && !taken.has(id)) out.push(id);
  }
  return out;
}

const positiveSeeds = (visible: readonly Interaction[]): UserItem[] =>
  visible.filter((x) => x.rating >= threshold).map((x) => ({ bookId: x.bookId, weight: 1 }));
/** Production weighting: 4–5★ for, 1–2★ against at −0.25 (a disliked book counts against similar ones). */
const signedSeeds = (visible: readonly Interaction[]): UserItem[] =>
  visible
    .filter((x) => x.rating >= threshold || x.rating <= 2)
    .map((x) => ({ bookId: x.bookId, weight: x.rating >= threshold ? 1 : -0.25 }));

function evaluate(
  model: ItemModel,
  seeds: (v: readonly Interaction[]) => UserItem[],
  times?: number[],
): Scores {
  const out = empty();
  for (const { visible, hidden } of tests) {
    const seen = new Set(visible.map((x) => x.bookId));
    const start = performance.now();
    const list = model.recommend(seeds(visible), { limit: N, exclude: seen }).map((x) => x.bookId);
    times?.push(performance.now() - start);
    scoreList(fill(list, seen), hidden, out);
  }
  return out;
}

// Item-kNN (the previous shipped model).
t0 = performance.now();
const knn = buildItemModel(train);
const knnMs = performance.now() - t0;
const knnScores = evaluate(knn, positiveSeeds);
const popScores = empty();
for (const { visible, hidden } of tests)
  scoreList(fill([], new Set(visible.map((x) => x.bookId))), hidden, popScores);

// EASE^R, dense and pruned, with a cache keyed by the ratings, the split and λ.
const ratingsHash = createHash('sha256')
  .update(readFileSync(path.join(catalogDir, 'ratings.csv.gz')))
  .digest('hex')
  .slice(0, 16);
const cacheDir = path.join(loadConfig({}).dataDir, 'bench-recs');
const cacheKey = `ease-${ratingsHash}-s${seed}-u${testUsers}-l${lambda}-k${k}`;
const cacheFile = path.join(cacheDir, `${cacheKey}.json`);
const modelFile = path.join(cacheDir, `${cacheKey}.bin`);
let easeScores: Scores;
let pruned: ItemModel;
let solveSeconds: number;
if (existsSync(cacheFile) && existsSync(modelFile) && !process.argv.includes('--fresh')) {
  const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { ease: Scores; solveSeconds: number };
  easeScores = cached.ease;
  solveSeconds = cached.solveSeconds;
  pruned = deserializeModel(readFileSync(modelFile));
  console.log(`EASE^R λ ${lambda}: dense results and pruned model read from ${cacheDir}`);
} else {
  t0 = performance.now();
  let last = 0;
  const dense = solveEase(train, {
    lambda,
    neighbours: k,
    progress: (phase, done, total) => {
      if (performance.now() - last < 30_000) return;
      last = performance.now();
      console.log(`  EASE^R solve: ${phase} ${done}/${total} · ${((last - t0) / 1000).toFixed(0)} s`);
    },
  });
  solveSeconds = (performance.now() - t0) / 1000;
  const { bookIds, p } = dense;
  const n = bookIds.length;
  const index = new Map<number, number>();
  bookIds.forEach((id, i) => index.set(id, i));
  const invDiag = new Float64Array(n);
  for (let j = 0; j < n; j += 1) invDiag[j] = 1 / p[j * n + j]!;
  easeScores = empty();
  const scores = new Float64Array(n);
  for (const { visible, hidden } of tests) {
    scores.fill(0);
    for (const x of visible) {
      if (x.rating < threshold) continue;
      const i = index.get(x.bookId);
      if (i === undefined) continue;
      const row = i * n;
      for (let j = 0; j < n; j += 1) scores[j]! -= p[row + j]! * invDiag[j]!;
    }
    const seen = new Set(visible.map((x) => x.bookId));
    const ranked: number[] = [];
    for (let j = 0; j < n; j += 1) if (!seen.has(bookIds[j]!)) ranked.push(j);
    ranked.sort((a, b) => scores[b]! - scores[a]! || a - b);
    scoreList(
      ranked.slice(0, N).map((j) => bookIds[j]!),
      hidden,
      easeScores,
    );
  }
  pruned = pruneEase(dense, { neighbours: k, prune: 'positive' });
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(modelFile, serializeModel(pruned));
  writeFileSync(cacheFile, JSON.stringify({ ease: easeScores, solveSeconds }));
}
const perReader: number[] = [];
const shippedScores = evaluate(pruned, positiveSeeds, perReader);
const signedScores = evaluate(pruned, signedSeeds);

const n = tests.length;
function interval(values: readonly number[]): { mean: number; half: number } {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, half: (1.96 * Math.sqrt(variance)) / Math.sqrt(values.length) };
}
const f = (x: number) => x.toFixed(4);
const show = (values: readonly number[]) => {
  const { mean, half } = interval(values);
  return `${f(mean)} ± ${f(half)}`;
};
const paired = (a: readonly number[], b: readonly number[]) => show(a.map((v, i) => v - b[i]!));

console.log(
  `ratings ${all.length} (loaded in ${loadMs.toFixed(0)} ms) · test readers ${n} of ${eligible.length} eligible · seed ${seed} · 20% of positives hidden · all unseen books ranked`,
);
console.log('model                                   NDCG@10 (95% CI)      recall@10 (95% CI)');
const row = (name: string, s: Scores) =>
  console.log(`${name.padEnd(40)}${show(s.ndcg).padEnd(22)}${show(s.recall)}`);
row('popularity (training positives)', popScores);
row('item-kNN (shrunk cosine, k 100)', knnScores);
row(`EASE^R dense (λ ${lambda})`, easeScores);
row(`shipped: EASE^R pruned (λ ${lambda}, k ${k})`, shippedScores);
row('shipped, 1–2★ counting against (−0.25)', signedScores);
console.log(
  `shipped − EASE^R (paired)               ${paired(shippedScores.ndcg, easeScores.ndcg).padEnd(22)}${paired(shippedScores.recall, easeScores.recall)}`,
);
console.log(
  `shipped − item-kNN (paired)             ${paired(shippedScores.ndcg, knnScores.ndcg).padEnd(22)}${paired(shippedScores.recall, knnScores.recall)}`,
);
perReader.sort((a, b) => a - b);
console.log(
  `build        item-kNN ${(knnMs / 1000).toFixed(1)} s · EASE^R dense solve ${solveSeconds.toFixed(0)} s (${pruned.bookIds.length} books; done by npm run recs:build, not at start-up) · ` +
    `pruned ${(serializeModel(pruned).length / 1024 / 1024).toFixed(1)} MB, ${pruned.neighbourIndex.length} weights`,
);
console.log(
  `per reader   shipped model p50 ${percentile(perReader, 50).toFixed(3)} ms · p95 ${percentile(perReader, 95).toFixed(3)} ms`,
);

// The production path over a real database, with the model file the server loads.
if (!process.argv.includes('--no-service')) {
  t0 = performance.now();
  const shipped = loadItemModel({ catalogDir });
  const loadModelMs = performance.now() - t0;
  if (!shipped) throw new Error('no recommendation model');
  console.log(
    `start-up     model loaded in ${loadModelMs.toFixed(0)} ms (${shipped.neighbourIndex.length === pruned.neighbourIndex.length ? 'the shipped EASE^R file' : 'fallback item-kNN: run npm run recs:build'})`,
  );
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
      books: createBooksRepository(db),
      loadModel: () => shipped,
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

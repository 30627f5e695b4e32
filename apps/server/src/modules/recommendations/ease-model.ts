/**
 * EASE^R (Steck, "Embarrassingly Shallow Autoencoders for Sparse Data", WWW 2019), pruned.
 *
 * With X the reader × book matrix of positives (a rating at or above `positiveThreshold` = 1),
 *   P = (XᵀX + λI)⁻¹,  B[i][j] = −P[i][j] / P[j][j]  (i ≠ j),  B[j][j] = 0,
 * and a reader's score for book j is Σ over their books i of B[i][j]. The dense B (~10,000² weights)
 * is pruned to the `neighbours` largest weights of each row i, so the result has the same sparse
 * shape as the item–item model (`ItemModel`) and is served by the same code. The inverse is the
 * heavy part (~n³/2 multiply-adds: minutes for 10,000 books), so the shipped model is precomputed
 * by `npm run recs:build` (apps/server/src/cli/build-recs-model.ts) and loaded at start-up.
 */
import { createModel, type Interaction, type ItemModel } from './item-model.js';
import { invertSpd, type InverseProgress } from './spd-inverse.js';

export interface EaseOptions {
  /** L2 regularisation λ added to the Gram matrix's diagonal. */
  lambda: number;
  /** Weights kept per book (the largest ones). */
  neighbours: number;
  /** Ratings at or above this are positives (default 4). */
  positiveThreshold?: number;
  /**
   * Which weights a row keeps: `positive` = the largest positive ones (default); `magnitude` = the
   * largest in absolute value, negative ones included.
   */
  prune?: 'positive' | 'magnitude';
  progress?: InverseProgress;
}

/** The dense solution, for evaluating unpruned EASE^R (the benchmark) before pruning. */
export interface DenseEase {
  /** Book ids ascending; index = row/column of `p`. */
  bookIds: Int32Array;
  /** P = (XᵀX + λI)⁻¹, n×n row-major. */
  p: Float64Array;
  /** Positive counts per book. */
  popularity: Float32Array;
}

/** Positives as (user, book index) lists, books ascending by id. */
function positives(interactions: Iterable<Interaction>, threshold: number) {
  const byUser = new Map<number, number[]>();
  const ids = new Set<number>();
  const seen = new Set<number>();
  for (const { userId, bookId, rating } of interactions) {
    const key = userId * 67_108_864 + bookId;
    if (seen.has(key)) continue; // the first of duplicate (user, book) pairs counts
    seen.add(key);
    if (rating < threshold) continue;
    ids.add(bookId);
    let list = byUser.get(userId);
    if (!list) byUser.set(userId, (list = []));
    list.push(bookId);
  }
  const bookIds = Int32Array.from([...ids].sort((a, b) => a - b));
  const index = new Map<number, number>();
  bookIds.forEach((id, i) => index.set(id, i));
  const users = [...byUser.values()].map((books) => Int32Array.from(books.map((b) => index.get(b)!)).sort());
  return { bookIds, users };
}

/** Solves EASE^R densely: P = (XᵀX + λI)⁻¹ (n² doubles: 800 MB for 10,000 books). */
export function solveEase(interactions: Iterable<Interaction>, options: EaseOptions): DenseEase {
  const { bookIds, users } = positives(interactions, options.positiveThreshold ?? 4);
  const n = bookIds.length;
  const p = new Float64Array(n * n);
  const popularity = new Float32Array(n);
  // Gram matrix, lower triangle only (invertSpd reads nothing else).
  for (const items of users) {
    for (let a = 0; a < items.length; a += 1) {
      const i = items[a]!;
      popularity[i]! += 1;
      const row = i * n;
      for (let b = 0; b <= a; b += 1) p[row + items[b]!]! += 1;
    }
  }
  for (let i = 0; i < n; i += 1) p[i * n + i]! += options.lambda;
  invertSpd(p, n, options.progress);
  return { bookIds, p, popularity };
}

/** The pruned model of a dense solution: row i keeps its `neighbours` largest B[i][j]. */
export function pruneEase(dense: DenseEase, options: Pick<EaseOptions, 'neighbours' | 'prune'>): ItemModel {
  const { bookIds, p, popularity } = dense;
  const n = bookIds.length;
  const k = Math.min(options.neighbours, Math.max(0, n - 1));
  const magnitude = options.prune === 'magnitude';
  const diag = new Float64Array(n);
  for (let j = 0; j < n; j += 1) diag[j] = p[j * n + j]!;
  const offsets = new Int32Array(n + 1);
  const neighbourIndex = new Int32Array(n * k);
  const similarity = new Float32Array(n * k);
  const weights = new Float64Array(n);
  const order: number[] = [];
  let at = 0;
  for (let i = 0; i < n; i += 1) {
    order.length = 0;
    for (let j = 0; j < n; j += 1) {
      if (j === i) continue;
      const w = -p[i * n + j]! / diag[j]!;
      weights[j] = w;
      if (magnitude ? w !== 0 : w > 0) order.push(j);
    }
    const key = (j: number) => (magnitude ? Math.abs(weights[j]!) : weights[j]!);
    order.sort((a, b) => key(b) - key(a) || a - b);
    for (let r = 0; r < Math.min(k, order.length); r += 1) {
      neighbourIndex[at] = order[r]!;
      similarity[at] = weights[order[r]!]!;
      at += 1;
    }
    offsets[i + 1] = at;
  }
  return createModel(bookIds, popularity, offsets, neighbourIndex.slice(0, at), similarity.slice(0, at));
}

/** Solves and prunes in one go (the dense matrix is dropped afterwards). */
export function buildEaseModel(interactions: Iterable<Interaction>, options: EaseOptions): ItemModel {
  return pruneEase(solveEase(interactions, options), options);
}

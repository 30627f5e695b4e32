/**
 * Item–item collaborative filtering (pure code, no database).
 *
 * Implicit feedback: a rating at or above `positiveThreshold` is a positive, weighted by
 * `ratingWeights` (default: every positive counts 1). Items are compared by their sets of positive
 * readers with an asymmetric cosine,
 *   sim(i, j) = C(i, j) / (n(i)^alpha · n(j)^(1 − alpha)) · C(i, j) / (C(i, j) + shrinkage),
 * where C is the weighted co-occurrence and n the item's weighted reader count (alpha = 0.5 is the
 * plain cosine; a larger alpha favours popular neighbours j). Only the top `neighbours` per item are
 * kept, in flat typed arrays (CSR). A reader's score for j is the sum of sim(i, j) · weight(i) over
 * their seed items i (each row optionally normalised to max 1); `because` is the seed that
 * contributed most.
 */

export interface Interaction {
  userId: number;
  bookId: number;
  rating: number;
}

export interface ItemModelOptions {
  /** Ratings at or above this count as positives (default 4). */
  positiveThreshold?: number;
  /** Weight of a positive by its rating (default 1 for every positive). */
  ratingWeight?: (rating: number) => number;
  /** Neighbours kept per item (default 100). */
  neighbours?: number;
  /** Asymmetric cosine exponent (default 0.5 = cosine). */
  alpha?: number;
  /** Shrinkage of the co-occurrence (default 50, tuned on goodbooks with bench/recs.ts; 0 = none). */
  shrinkage?: number;
  /** Neighbours with fewer co-occurring readers are dropped (default 1). */
  minCoCount?: number;
  /** Scale each item's neighbour row to max 1 (default false). */
  normaliseRows?: boolean;
}

export interface UserItem {
  bookId: number;
  weight?: number;
}

export interface RecommendOptions {
  limit?: number;
  /** Books never to recommend (the reader's own books are always excluded). */
  exclude?: Iterable<number>;
}

export interface Recommendation {
  bookId: number;
  score: number;
  /** The seed book that contributed most ("Because you enjoyed …"); null if none. */
  because: number | null;
}

export interface Neighbour {
  bookId: number;
  similarity: number;
}

export interface ItemModel {
  /** Book ids known to the model, ascending. */
  readonly bookIds: Int32Array;
  /** Positive-reader count per book (same order as bookIds). */
  readonly popularity: Float32Array;
  readonly offsets: Int32Array;
  readonly neighbourIndex: Int32Array;
  readonly similarity: Float32Array;
  neighbours(bookId: number): Neighbour[];
  recommend(userItems: readonly UserItem[], options?: RecommendOptions): Recommendation[];
  /** The raw score Σ weight(i) · sim(i, j) of each given book j (0 when no seed reaches it). */
  score(userItems: readonly UserItem[], bookIds: readonly number[]): Map<number, number>;
}

const MAGIC = 0x4e425243; // "NBRC"
const VERSION = 1;

/** Builds the model from raw ratings; a later duplicate (user, book) pair is ignored. */
export function buildItemModel(
  interactions: Iterable<Interaction>,
  options: ItemModelOptions = {},
): ItemModel {
  const threshold = options.positiveThreshold ?? 4;
  const ratingWeight = options.ratingWeight ?? (() => 1);
  const k = options.neighbours ?? 100;
  const alpha = options.alpha ?? 0.5;
  const shrinkage = options.shrinkage ?? 50;
  const minCo = options.minCoCount ?? 1;

  // Dense indexes for books and users; positive (user, item, weight) triples, duplicates dropped.
  const slotOf = new Map<number, number>();
  const userIndex = new Map<number, number>();
  const seen = new Set<number>();
  const tripU: number[] = [];
  const tripI: number[] = [];
  const tripW: number[] = [];
  const allBooks: number[] = [];
  for (const { userId, bookId, rating } of interactions) {
    let slot = slotOf.get(bookId);
    if (slot === undefined) {
      slot = allBooks.length;
      slotOf.set(bookId, slot);
      allBooks.push(bookId);
    }
    let u = userIndex.get(userId);
    if (u === undefined) {
      u = userIndex.size;
      userIndex.set(userId, u);
    }
    const key = u * 67_108_864 + slot; // exact below 2^53 for < 2^26 books and < 2^27 users
    if (seen.has(key)) continue;
    seen.add(key);
    if (rating < threshold) continue;
    const w = ratingWeight(rating);
    if (!(w > 0)) continue;
    tripU.push(u);
    tripI.push(bookId);
    tripW.push(w);
  }
  allBooks.sort((a, b) => a - b);
  const bookIds = Int32Array.from(allBooks);
  const bookIndex = new Map<number, number>();
  bookIds.forEach((id, index) => bookIndex.set(id, index));
  const nItems = bookIds.length;
  const nUsers = userIndex.size;
  const m = tripU.length;

  // CSR by user and by item.
  const userStart = new Int32Array(nUsers + 1);
  const itemStart = new Int32Array(nItems + 1);
  const itemOf = new Int32Array(m);
  for (let t = 0; t < m; t += 1) {
    itemOf[t] = bookIndex.get(tripI[t]!)!;
    userStart[tripU[t]! + 1]! += 1;
    itemStart[itemOf[t]! + 1]! += 1;
  }
  for (let u = 0; u < nUsers; u += 1) userStart[u + 1]! += userStart[u]!;
  for (let i = 0; i < nItems; i += 1) itemStart[i + 1]! += itemStart[i]!;
  const userItems = new Int32Array(m);
  const userWeights = new Float32Array(m);
  const itemUsers = new Int32Array(m);
  const itemWeights = new Float32Array(m);
  const uFill = userStart.slice(0, nUsers);
  const iFill = itemStart.slice(0, nItems);
  const popularity = new Float32Array(nItems);
  for (let t = 0; t < m; t += 1) {
    const u = tripU[t]!;
    const i = itemOf[t]!;
    const w = tripW[t]!;
    const a = uFill[u]!;
    userItems[a] = i;
    userWeights[a] = w;
    uFill[u] = a + 1;
    const b = iFill[i]!;
    itemUsers[b] = u;
    itemWeights[b] = w;
    iFill[i] = b + 1;
    popularity[i]! += w;
  }

  // Co-occurrence row by row into a dense accumulator, then the top-k of each row.
  const acc = new Float64Array(nItems);
  const count = new Int32Array(nItems);
  const touched = new Int32Array(nItems);
  const rowsIndex: Int32Array[] = [];
  const rowsSim: Float32Array[] = [];
  const norm = new Float64Array(nItems);
  const normB = new Float64Array(nItems);
  for (let i = 0; i < nItems; i += 1) {
    norm[i] = popularity[i]! > 0 ? Math.pow(popularity[i]!, alpha) : 1;
    normB[i] = popularity[i]! > 0 ? Math.pow(popularity[i]!, 1 - alpha) : 1;
  }
  const candIndex = new Int32Array(nItems);
  const candSim = new Float64Array(nItems);
  for (let i = 0; i < nItems; i += 1) {
    let nTouched = 0;
    for (let p = itemStart[i]!; p < itemStart[i + 1]!; p += 1) {
      const u = itemUsers[p]!;
      const wi = itemWeights[p]!;
      for (let q = userStart[u]!; q < userStart[u + 1]!; q += 1) {
        const j = userItems[q]!;
        if (j === i) continue;
        if (count[j] === 0) touched[nTouched++] = j;
        count[j]! += 1;
        acc[j]! += wi * userWeights[q]!;
      }
    }
    let nCand = 0;
    for (let t = 0; t < nTouched; t += 1) {
      const j = touched[t]!;
      const c = acc[j]!;
      if (count[j]! >= minCo) {
        let s = c / (norm[i]! * normB[j]!);
        if (shrinkage > 0) s *= c / (c + shrinkage);
        candIndex[nCand] = j;
        candSim[nCand] = s;
        nCand += 1;
      }
      acc[j] = 0;
      count[j] = 0;
    }
    const order = topK(candSim, nCand, k);
    const idx = new Int32Array(order.length);
    const sim = new Float32Array(order.length);
    const scale = options.normaliseRows && order.length > 0 ? 1 / candSim[order[0]!]! : 1;
    order.forEach((o, r) => {
      idx[r] = candIndex[o]!;
      sim[r] = candSim[o]! * scale;
    });
    rowsIndex.push(idx);
    rowsSim.push(sim);
  }
  const offsets = new Int32Array(nItems + 1);
  for (let i = 0; i < nItems; i += 1) offsets[i + 1] = offsets[i]! + rowsIndex[i]!.length;
  const neighbourIndex = new Int32Array(offsets[nItems]!);
  const similarity = new Float32Array(offsets[nItems]!);
  for (let i = 0; i < nItems; i += 1) {
    neighbourIndex.set(rowsIndex[i]!, offsets[i]!);
    similarity.set(rowsSim[i]!, offsets[i]!);
  }
  return createModel(bookIds, popularity, offsets, neighbourIndex, similarity);
}

/** Indexes of the k largest values of values[0..n), largest first (ties: lower index first). */
function topK(values: Float64Array, n: number, k: number): number[] {
  const order: number[] = [];
  for (let t = 0; t < n; t += 1) order.push(t);
  if (n > k * 4) {
    // Long rows: find the k-th largest value first, then sort only what reaches it.
    const copy = Float64Array.from(values.subarray(0, n)).sort();
    const cut = copy[n - k]!;
    const kept = order.filter((t) => values[t]! >= cut);
    kept.sort((a, b) => values[b]! - values[a]! || a - b);
    return kept.slice(0, k);
  }
  order.sort((a, b) => values[b]! - values[a]! || a - b);
  return order.slice(0, k);
}

/** An item model over prepared rows (CSR): book ids ascending, neighbour rows by book index. */
export function createModel(
  bookIds: Int32Array,
  popularity: Float32Array,
  offsets: Int32Array,
  neighbourIndex: Int32Array,
  similarity: Float32Array,
): ItemModel {
  const nItems = bookIds.length;
  const indexOf = new Map<number, number>();
  bookIds.forEach((id, index) => indexOf.set(id, index));
  // Scratch buffers reused across calls (the model is used from one thread).
  const score = new Float64Array(nItems);
  const best = new Float64Array(nItems);
  const bestSeed = new Int32Array(nItems).fill(-1);
  const touched = new Int32Array(nItems);
  const touchedMark = new Uint8Array(nItems);
  const blocked = new Uint8Array(nItems);

  return {
    bookIds,
    popularity,
    offsets,
    neighbourIndex,
    similarity,
    neighbours(bookId) {
      const i = indexOf.get(bookId);
      if (i === undefined) return [];
      const out: Neighbour[] = [];
      for (let p = offsets[i]!; p < offsets[i + 1]!; p += 1) {
        out.push({ bookId: bookIds[neighbourIndex[p]!]!, similarity: similarity[p]! });
      }
      return out;
    },
    score(userItems, ids) {
      const wanted = new Map<number, number>();
      for (const id of ids) {
        const j = indexOf.get(id);
        if (j !== undefined) wanted.set(j, id);
      }
      const out = new Map<number, number>();
      for (const item of userItems) {
        const i = indexOf.get(item.bookId);
        const w = item.weight ?? 1;
        if (i === undefined || w === 0) continue;
        for (let p = offsets[i]!; p < offsets[i + 1]!; p += 1) {
          const id = wanted.get(neighbourIndex[p]!);
          if (id !== undefined) out.set(id, (out.get(id) ?? 0) + similarity[p]! * w);
        }
      }
      return out;
    },
    recommend(userItems, options = {}) {
      const limit = options.limit ?? 10;
      const blockedList: number[] = [];
      const block = (id: number) => {
        const b = indexOf.get(id);
        if (b !== undefined && blocked[b] === 0) {
          blocked[b] = 1;
          blockedList.push(b);
        }
      };
      for (const item of userItems) block(item.bookId);
      for (const id of options.exclude ?? []) block(id);
      let nTouched = 0;
      for (const item of userItems) {
        const i = indexOf.get(item.bookId);
        const w = item.weight ?? 1;
        // A negative weight (a book the reader gave up or disliked) counts against its neighbours.
        if (i === undefined || !Number.isFinite(w) || w === 0) continue;
        for (let p = offsets[i]!; p < offsets[i + 1]!; p += 1) {
          const j = neighbourIndex[p]!;
          if (blocked[j] === 1) continue;
          const c = similarity[p]! * w;
          if (touchedMark[j] === 0) {
            touchedMark[j] = 1;
            touched[nTouched++] = j;
          }
          // The reason is the seed that pushed the book up most (never one that pushed it down).
          if (c > 0 && (bestSeed[j] === -1 || c > best[j]!)) {
            best[j] = c;
            bestSeed[j] = i;
          }
          score[j]! += c;
        }
      }
      // Select the top `limit` (score desc, then more popular, then lower id).
      const picked: number[] = [];
      const better = (a: number, b: number) =>
        score[a]! > score[b]! ||
        (score[a] === score[b] &&
          (popularity[a]! > popularity[b]! || (popularity[a] === popularity[b] && a < b)));
      for (let t = 0; t < nTouched; t += 1) {
        const j = touched[t]!;
        if (!(score[j]! > 0)) continue; // pushed down by books the reader gave up or disliked
        if (picked.length < limit) {
          picked.push(j);
          if (picked.length === limit) picked.sort((a, b) => (better(a, b) ? -1 : 1));
        } else if (limit > 0 && better(j, picked[limit - 1]!)) {
          let pos = limit - 1;
          while (pos > 0 && better(j, picked[pos - 1]!)) {
            picked[pos] = picked[pos - 1]!;
            pos -= 1;
          }
          picked[pos] = j;
        }
      }
      if (picked.length < limit) picked.sort((a, b) => (better(a, b) ? -1 : 1));
      const out = picked.map((j) => ({
        bookId: bookIds[j]!,
        score: score[j]!,
        because: bestSeed[j]! >= 0 ? bookIds[bestSeed[j]!]! : null,
      }));
      for (let t = 0; t < nTouched; t += 1) {
        const j = touched[t]!;
        score[j] = 0;
        best[j] = 0;
        bestSeed[j] = -1;
        touchedMark[j] = 0;
      }
      for (const b of blockedList) blocked[b] = 0;
      return out;
    },
  };
}

/** Compact binary form: header, then bookIds, popularity, offsets, neighbour indexes, similarities. */
export function serializeModel(model: ItemModel): Buffer {
  const n = model.bookIds.length;
  const e = model.neighbourIndex.length;
  const header = new Int32Array([MAGIC, VERSION, n, e]);
  const parts = [
    header,
    model.bookIds,
    model.popularity,
    model.offsets,
    model.neighbourIndex,
    model.similarity,
  ];
  return Buffer.concat(parts.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)));
}

export function deserializeModel(buffer: Buffer): ItemModel {
  // Copy into an aligned ArrayBuffer (a Buffer's byteOffset may not be a multiple of 4).
  const bytes = new Uint8Array(buffer.byteLength);
  bytes.set(buffer);
  const ab = bytes.buffer;
  if (ab.byteLength < 16) throw new Error('recommendation model: truncated');
  const header = new Int32Array(ab, 0, 4);
  if (header[0] !== MAGIC || header[1] !== VERSION) throw new Error('recommendation model: bad header');
  const n = header[2]!;
  const e = header[3]!;
  const expected = 16 + 4 * (n + n + (n + 1) + e + e);
  if (ab.byteLength !== expected) throw new Error('recommendation model: bad length');
  let at = 16;
  const take = <T>(make: (offset: number) => T, count: number): T => {
    const out = make(at);
    at += count * 4;
    return out;
  };
  const bookIds = take((o) => new Int32Array(ab, o, n), n);
  const popularity = take((o) => new Float32Array(ab, o, n), n);
  const offsets = take((o) => new Int32Array(ab, o, n + 1), n + 1);
  const neighbourIndex = take((o) => new Int32Array(ab, o, e), e);
  const similarity = take((o) => new Float32Array(ab, o, e), e);
  return createModel(bookIds, popularity, offsets, neighbourIndex, similarity);
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildEaseModel, pruneEase, solveEase } from './ease-model.js';
import type { Interaction } from './item-model.js';
import { loadItemModel, writeShippedModel } from './recommendations.model.js';
import { invertSpd } from './spd-inverse.js';

/** mulberry32, so the random matrices are the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('invertSpd', () => {
  it('inverts symmetric positive definite matrices of every block remainder', () => {
    const random = rng(3);
    for (const n of [1, 2, 3, 4, 5, 7, 8, 9, 13, 37]) {
      const m = n + 3;
      const x = Array.from({ length: m * n }, () => random() - 0.5);
      const a = new Float64Array(n * n);
      for (let i = 0; i < n; i += 1)
        for (let j = 0; j < n; j += 1) {
          let s = i === j ? 0.5 : 0;
          for (let u = 0; u < m; u += 1) s += x[u * n + i]! * x[u * n + j]!;
          a[i * n + j] = s;
        }
      const p = a.slice();
      invertSpd(p, n);
      let worst = 0;
      for (let i = 0; i < n; i += 1)
        for (let j = 0; j < n; j += 1) {
          let s = 0;
          for (let q = 0; q < n; q += 1) s += a[i * n + q]! * p[q * n + j]!;
          worst = Math.max(worst, Math.abs(s - (i === j ? 1 : 0)));
          expect(p[i * n + j]).toBe(p[j * n + i]);
        }
      expect(worst, `n = ${n}`).toBeLessThan(1e-9);
    }
  });

  it('refuses a matrix that is not positive definite', () => {
    expect(() => invertSpd(new Float64Array([1, 2, 2, 1]), 2)).toThrow(/positive definite/);
    expect(() => invertSpd(new Float64Array(3), 2)).toThrow(/size/);
  });
});

/** Two tastes (1–3 and 10–12), a low-rated book 20, and reader 13 bridging 3 and 10. */
function synthetic(): Interaction[] {
  const out: Interaction[] = [];
  for (let u = 1; u <= 6; u += 1) for (const b of [1, 2, 3]) out.push({ userId: u, bookId: b, rating: 5 });
  for (let u = 7; u <= 12; u += 1)
    for (const b of [10, 11, 12]) out.push({ userId: u, bookId: b, rating: 4 });
  for (let u = 1; u <= 12; u += 1) out.push({ userId: u, bookId: 20, rating: 2 });
  out.push({ userId: 13, bookId: 3, rating: 5 }, { userId: 13, bookId: 10, rating: 4 });
  return out;
}

describe('EASE^R', () => {
  it('solves B = −P / diag(P) with a zero diagonal and keeps the largest positive weights per book', () => {
    const dense = solveEase(synthetic(), { lambda: 1, neighbours: 2 });
    expect([...dense.bookIds]).toEqual([1, 2, 3, 10, 11, 12]); // book 20 is never a positive
    const model = pruneEase(dense, { neighbours: 2 });
    const n1 = model.neighbours(1);
    expect(n1.map((x) => x.bookId)).toEqual([2, 3]);
    const n = dense.bookIds.length;
    expect(n1[0]!.similarity).toBeCloseTo(-dense.p[0 * n + 1]! / dense.p[1 * n + 1]!, 6);
    // Book 10's one reader beyond its taste also read 3: EASE^R weighs that bridge, never book 1 or 2.
    const n10 = model.neighbours(10).map((x) => x.bookId);
    expect(n10).toContain(11);
    expect(n10).not.toContain(1);
    expect(n10).not.toContain(2);
    for (const id of model.bookIds) expect(model.neighbours(id).some((x) => x.bookId === id)).toBe(false);
    // A larger λ shrinks the weights.
    const strong = buildEaseModel(synthetic(), { lambda: 50, neighbours: 2 });
    expect(strong.neighbours(1)[0]!.similarity).toBeLessThan(n1[0]!.similarity);
  });

  it('recommends from liked books, and a disliked or given-up book counts against its neighbours', () => {
    const model = buildEaseModel(synthetic(), { lambda: 1, neighbours: 5, prune: 'magnitude' });
    const liked = model.recommend([{ bookId: 1 }], { limit: 3 });
    expect(liked.map((r) => r.bookId).slice(0, 2)).toEqual([2, 3]);
    expect(liked[0]!.because).toBe(1);
    const mixed = model.recommend(
      [
        { bookId: 3, weight: 1 },
        { bookId: 11, weight: -1 },
      ],
      { limit: 10 },
    );
    const scores = model.score(
      [
        { bookId: 3, weight: 1 },
        { bookId: 11, weight: -1 },
      ],
      [10, 12],
    );
    // 10 and 12 are what the reader of 11 liked: pushed below zero, so never recommended.
    expect(scores.get(12)!).toBeLessThan(0);
    expect(mixed.some((r) => r.bookId === 12)).toBe(false);
    for (const r of mixed) expect(r.score).toBeGreaterThan(0);
  });
});

describe('the shipped model file', () => {
  it('is loaded when it was built from the same ratings, and ignored otherwise', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nebab-ease-'));
    const csv = (rows: Interaction[]) =>
      gzipSync(
        ['book_id,user_id,rating', ...rows.map((r) => `${r.bookId},${r.userId},${r.rating}`)].join('\n'),
      );
    writeFileSync(join(dir, 'ratings.csv.gz'), csv(synthetic()));
    const meta = writeShippedModel(dir, { lambda: 1, neighbours: 2 });
    expect(meta).toMatchObject({ kind: 'ease', lambda: 1, neighbours: 2, books: 6, pairs: 12 });
    const warnings: string[] = [];
    const logger = {
      info: () => undefined,
      warn: (...args: unknown[]) => warnings.push(args.map(String).join(' ')),
    } as unknown as Parameters<typeof loadItemModel>[0]['logger'];
    const loaded = loadItemModel({ catalogDir: dir, logger });
    expect(loaded?.neighbours(1).map((x) => x.bookId)).toEqual([2, 3]);
    expect(warnings).toEqual([]);

    // Other ratings: the file is stale, so the item–item model is built instead.
    writeFileSync(join(dir, 'ratings.csv.gz'), csv([...synthetic(), { userId: 14, bookId: 1, rating: 5 }]));
    const fallback = loadItemModel({ catalogDir: dir, logger });
    expect(warnings.some((w) => w.includes('recs:build'))).toBe(true);
    expect(fallback?.neighbours(1)[0]!.similarity).toBeLessThanOrEqual(1); // a cosine, not an EASE weight
  });
});

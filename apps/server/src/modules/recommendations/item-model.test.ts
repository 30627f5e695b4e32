import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  buildItemModel,
  deserializeModel,
  loadGoodbooksInteractions,
  serializeModel,
  type Interaction,
} from './index.js';

/**
 * Two tastes: books 1–3 are loved together by readers 1–6, books 10–12 by readers 7–12.
 * Book 20 is rated low by everybody (never a positive). Reader 13 bridges 3 and 10.
 */
function synthetic(): Interaction[] {
  const out: Interaction[] = [];
  for (let u = 1; u <= 6; u += 1) for (const b of [1, 2, 3]) out.push({ userId: u, bookId: b, rating: 5 });
  for (let u = 7; u <= 12; u += 1)
    for (const b of [10, 11, 12]) out.push({ userId: u, bookId: b, rating: 4 });
  for (let u = 1; u <= 12; u += 1) out.push({ userId: u, bookId: 20, rating: 2 });
  out.push({ userId: 13, bookId: 3, rating: 5 }, { userId: 13, bookId: 10, rating: 4 });
  return out;
}

const options = { neighbours: 10, shrinkage: 0 };

describe('buildItemModel', () => {
  const model = buildItemModel(synthetic(), options);

  it('makes co-rated books neighbours, strongest first, and never a book its own neighbour', () => {
    const n1 = model.neighbours(1);
    expect(n1.map((n) => n.bookId)).toEqual([2, 3]);
    expect(n1[0]!.similarity).toBeCloseTo(6 / Math.sqrt(6 * 6), 6); // cosine: 6 co-readers of 6 and 6
    expect(n1[1]!.similarity).toBeCloseTo(6 / Math.sqrt(6 * 7), 6);
    expect(model.neighbours(3).map((n) => n.bookId)).toEqual([1, 2, 10]);
    expect(model.neighbours(10).map((n) => n.bookId)).toEqual([11, 12, 3]);
    for (const id of model.bookIds) expect(model.neighbours(id).some((n) => n.bookId === id)).toBe(false);
  });

  it('ignores ratings below the threshold and unknown books', () => {
    expect(model.neighbours(20)).toEqual([]);
    expect(model.neighbours(999)).toEqual([]);
    expect(model.neighbours(1).some((n) => n.bookId === 20)).toBe(false);
  });

  it('keeps only the first of duplicate (user, book) pairs', () => {
    const withDuplicates = [
      ...synthetic(),
      { userId: 1, bookId: 10, rating: 5 },
      { userId: 1, bookId: 1, rating: 1 },
    ];
    const m = buildItemModel(withDuplicates, options);
    // reader 1 now also loves 10 (a new pair) but the low duplicate of book 1 is ignored
    expect(m.neighbours(1).map((n) => n.bookId)).toEqual([2, 3, 10]);
  });

  it('keeps at most `neighbours` per item', () => {
    const m = buildItemModel(synthetic(), { neighbours: 1, shrinkage: 0 });
    expect(m.neighbours(3).map((n) => n.bookId)).toEqual([1]);
  });
});

describe('recommend', () => {
  const model = buildItemModel(synthetic(), options);

  it('recommends the neighbours of the reader’s books, excluding what they already have', () => {
    const recs = model.recommend([{ bookId: 1 }], { limit: 10 });
    expect(recs.map((r) => r.bookId)).toEqual([2, 3]); // 10 is two hops away: not reached
    expect(recs.every((r) => r.bookId !== 1)).toBe(true);
    expect(recs[0]!.because).toBe(1);
  });

  it('honours exclude (e.g. the reading list) and limit', () => {
    const recs = model.recommend([{ bookId: 1 }], { limit: 1, exclude: [2] });
    expect(recs.map((r) => r.bookId)).toEqual([3]);
    expect(model.recommend([{ bookId: 1 }], { limit: 0 })).toEqual([]);
  });

  it('sums over seeds and names the seed that contributed most as `because`', () => {
    const recs = model.recommend([{ bookId: 3 }, { bookId: 11 }], { limit: 10 });
    const byId = new Map(recs.map((r) => [r.bookId, r]));
    expect(byId.get(10)!.because).toBe(11); // 11→10 (6 of 6·7) beats 3→10 (1 of 7·7)
    expect(byId.get(1)!.because).toBe(3);
    expect(byId.get(10)!.score).toBeCloseTo(6 / Math.sqrt(6 * 7) + 1 / 7, 5);
    expect(recs.some((r) => r.bookId === 3 || r.bookId === 11)).toBe(false);
  });

  it('weights seeds; a seed with weight 0 contributes nothing but is still excluded', () => {
    const recs = model.recommend(
      [
        { bookId: 1, weight: 0 },
        { bookId: 10, weight: 2 },
      ],
      { limit: 10 },
    );
    expect(recs.map((r) => r.bookId)).toEqual([11, 12, 3]);
    expect(recs.every((r) => r.because === 10)).toBe(true);
    expect(recs[0]!.score).toBeCloseTo((2 * 6) / Math.sqrt(7 * 6), 5);
  });

  it('returns nothing for a reader without known books, and calls do not leak state', () => {
    expect(model.recommend([{ bookId: 999 }])).toEqual([]);
    const first = model.recommend([{ bookId: 2 }]);
    model.recommend([{ bookId: 11 }], { exclude: [1] });
    expect(model.recommend([{ bookId: 2 }])).toEqual(first);
  });
});

describe('serializeModel / deserializeModel', () => {
  it('round-trips to an identical model', () => {
    const model = buildItemModel(synthetic(), options);
    const buffer = serializeModel(model);
    // a Buffer at an odd offset inside a larger allocation, as a file read may give
    const padded = Buffer.concat([Buffer.from([0]), buffer]).subarray(1);
    const copy = deserializeModel(padded);
    expect(Array.from(copy.bookIds)).toEqual(Array.from(model.bookIds));
    for (const id of model.bookIds) expect(copy.neighbours(id)).toEqual(model.neighbours(id));
    const seeds = [{ bookId: 3 }, { bookId: 11 }];
    expect(copy.recommend(seeds)).toEqual(model.recommend(seeds));
  });

  it('rejects a damaged buffer', () => {
    const buffer = serializeModel(buildItemModel(synthetic(), options));
    expect(() => deserializeModel(buffer.subarray(0, buffer.length - 4))).toThrow(/bad length/);
    expect(() => deserializeModel(Buffer.alloc(8))).toThrow(/truncated/);
    const bad = Buffer.from(buffer);
    bad.writeInt32LE(0, 0);
    expect(() => deserializeModel(bad)).toThrow(/bad header/);
  });
});

describe('loadGoodbooksInteractions', () => {
  it('reads book_id,user_id,rating from ratings.csv.gz and drops duplicate pairs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nebab-recs-'));
    writeFileSync(
      join(dir, 'ratings.csv.gz'),
      gzipSync('book_id,user_id,rating\n1,314,5\n1,439,3\n2,314,4\n2,314,1\n'),
    );
    expect(loadGoodbooksInteractions(dir)).toEqual([
      { userId: 314, bookId: 1, rating: 5 },
      { userId: 439, bookId: 1, rating: 3 },
      { userId: 314, bookId: 2, rating: 4 },
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseCsv } from '../../catalog/csv.js';
import type { Interaction } from './item-model.js';

/**
 * The shipped goodbooks-10k ratings (`ratings.csv.gz`: book_id,user_id,rating, sorted by book) as
 * interactions, in file order. Duplicate (user, book) pairs are dropped here (the first one is kept),
 * as are rows that do not parse.
 */
export function loadGoodbooksInteractions(catalogDir: string): Interaction[] {
  const text = gunzipSync(readFileSync(join(catalogDir, 'ratings.csv.gz'))).toString('utf8');
  const out: Interaction[] = [];
  const seen = new Set<number>();
  let header = true;
  for (const row of parseCsv(text)) {
    if (header) {
      header = false;
      continue;
    }
    const bookId = Number(row[0]);
    const userId = Number(row[1]);
    const rating = Number(row[2]);
    if (!Number.isInteger(bookId) || !Number.isInteger(userId) || !Number.isFinite(rating) || row[0] === '')
      continue;
    if (bookId < 0 || bookId >= 67_108_864 || userId < 0) continue;
    const key = userId * 67_108_864 + bookId;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ userId, bookId, rating });
  }
  return out;
}

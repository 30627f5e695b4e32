/**
 * A reader with a known history (exact figures), arranged through the services on rows made by the
 * factories — shared by the service tests and the HTTP test of the stats:
 *
 *   B1 300 p. fantasy+fiction, en, Author A   finished 2024-01-15 (from 01-05) and again 2024-12-31 22:30 UTC (from 12-01)
 *   B2 100 p. fiction, am, Author B            finished 2024-03-01 (same day) and again 2025-02-01 (from 01-20)
 *   B3 500 p. history, fr, Author A (C, her translator, among its authors)   finished 2024-04-09 (from 03-10)
 *   B4 unknown length, poetry, en, Author B    finished 2023-06-15 (no start)
 *   B5 250 p. mystery, en                      given up 2024-05-10 at page 80 (from 05-01)
 * Reviews: B1 5★, B2 2★, B3 4★ (written today).
 */
import {
  addReadingListEntrySchema,
  readInputSchema,
  reviewInputSchema,
  type ReadingStats,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { Services } from '../../services.js';
import { buildBook, buildReader, type BuiltReader } from '../../../test/factories.js';

export interface History {
  reader: BuiltReader;
  /** B1…B5. */
  ids: string[];
}

/** `{ bookId, title, pageCount }` of book `i` (0-based) as the stats name it. */
export const ref = (ids: string[], i: number, pageCount: number): ReadingStats['longest'] => ({
  bookId: ids[i]!,
  title: `Book ${i + 1}`,
  pageCount,
});

export async function arrangeHistory(db: Db, services: Services): Promise<History> {
  const facts = [
    { pageCount: 300, genres: ['fantasy', 'fiction'], language: 'en', authors: ['Author A'] },
    { pageCount: 100, genres: ['fiction'], language: 'am', authors: ['Author B'] },
    { pageCount: 500, genres: ['history'], language: 'fr', authors: ['Author A', 'Author C'] },
    { pageCount: null, genres: ['poetry'], language: 'en', authors: ['Author B'] },
    { pageCount: 250, genres: ['mystery'], language: 'en', authors: ['Author D'] },
  ];
  const ids: string[] = [];
  // Each book's primary author is its first (B3's second author, C, translated it).
  for (const [i, fact] of facts.entries())
    ids.push((await buildBook(db, { ...fact, primaryAuthor: fact.authors[0]!, title: `Book ${i + 1}` })).id);
  const reader = await buildReader(db);
  const { actor } = reader;
  for (const bookId of ids)
    await services.readingList.add(actor, addReadingListEntrySchema.parse({ bookId, status: 'wantToRead' }));
  const logs: [number, unknown][] = [
    [0, { startedAt: '2024-01-05', finishedAt: '2024-01-15' }],
    [0, { startedAt: '2024-12-01', finishedAt: '2024-12-31T22:30:00Z' }],
    [1, { startedAt: '2024-03-01', finishedAt: '2024-03-01' }],
    [1, { startedAt: '2025-01-20', finishedAt: '2025-02-01' }],
    [2, { startedAt: '2024-03-10', finishedAt: '2024-04-09' }],
    [3, { finishedAt: '2023-06-15' }],
    [4, { startedAt: '2024-05-01', finishedAt: '2024-05-10', outcome: 'didNotFinish', stoppedPage: 80 }],
  ];
  for (const [i, body] of logs)
    await services.readingList.addRead(actor, ids[i]!, readInputSchema.parse(body));
  for (const [i, rating] of [
    [0, 5],
    [1, 2],
    [2, 4],
  ] as const)
    await services.reviews.submit(actor, ids[i]!, reviewInputSchema.parse({ rating, comment: 'Noted.' }));
  return { reader, ids };
}

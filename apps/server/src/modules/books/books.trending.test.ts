import { afterEach, expect, it, vi } from 'vitest';
import type { BooksRepository, TrendingRow } from './books.repository.js';
import { createBooksService } from './books.service.js';

/** A candidate with only what the ranking reads (the card's other fields are not looked at here). */
const candidate = (id: string): TrendingRow =>
  ({
    id,
    series: null,
    primaryAuthor: `author ${id}`,
    wantToReadCount: 0,
    ratingsCount: 10,
    rating: 4,
    publicationYear: 2015,
    recent: 1,
    baseline: 0,
  }) as unknown as TrendingRow;

/** The books service over a repository whose trending query waits until the test lets it answer. */
function serviceWithQuery() {
  const queries: Array<{ answer: (rows: TrendingRow[]) => void }> = [];
  const books = {
    trendingCandidates: () =>
      new Promise<TrendingRow[]>((resolve) => {
        queries.push({ answer: resolve });
      }),
  } as unknown as BooksRepository;
  const service = createBooksService({ books, sitemap: {} as never, storage: {} as never });
  const ids = async (pending: Promise<Array<{ id: string }>>) => (await pending).map((row) => row.id);
  return { service, queries, ids };
}

afterEach(() => {
  vi.useRealTimers();
});

it('computes trending once for the readers who ask meanwhile, and answers from the list past its minute while it is computed again', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const { service, queries, ids } = serviceWithQuery();

  const first = Array.from({ length: 5 }, () => ids(service.trending(10)));
  await vi.waitFor(() => expect(queries).toHaveLength(1));
  queries[0]!.answer([candidate('a')]);
  for (const answer of await Promise.all(first)) expect(answer).toEqual(['a']);

  // Within the minute: the list, no query.
  expect(await ids(service.trending(10))).toEqual(['a']);
  expect(queries).toHaveLength(1);

  // Past it: the list at once, and one query for all the readers meanwhile.
  vi.setSystemTime(Date.now() + 61_000);
  expect(await ids(service.trending(10))).toEqual(['a']);
  expect(await ids(service.trending(10))).toEqual(['a']);
  expect(queries).toHaveLength(2);
  queries[1]!.answer([candidate('b')]);
  await vi.waitFor(async () => expect(await ids(service.trending(10))).toEqual(['b']));
  expect(queries).toHaveLength(2);
});

it('a computation begun before the catalogue changed here is not kept: the next reader waits for a new one', async () => {
  const { service, queries, ids } = serviceWithQuery();
  const before = ids(service.trending(10));
  await vi.waitFor(() => expect(queries).toHaveLength(1));

  service.clearCaches();
  const after = ids(service.trending(10));
  await vi.waitFor(() => expect(queries).toHaveLength(2));
  // The new one answers first; the old one, answering last, must not replace it.
  queries[1]!.answer([candidate('new')]);
  expect(await after).toEqual(['new']);
  queries[0]!.answer([candidate('old')]);
  expect(await before).toEqual(['old']);
  expect(await ids(service.trending(10))).toEqual(['new']);
  expect(queries).toHaveLength(2);
});

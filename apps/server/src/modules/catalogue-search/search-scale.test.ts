import { searchQuerySchema, type SearchQueryInput } from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { createCatalogueSearch } from './search.service.js';
import { SOURCE_CAP } from './search.repository.js';

/**
 * A big catalogue's course (the planner asked first; a text or filters with "many" matches not read
 * whole: estimated totals, the sorted index walked, the filters inside the sources at once) gives
 * the pages the small catalogue's course gives. Taken here on the fixture catalogue by lowering
 * where it starts: every catalogue counts as big, and any match makes "many".
 */

let server: TestServer;
let normal: ReturnType<typeof createCatalogueSearch>['service'];
let big: ReturnType<typeof createCatalogueSearch>['service'];
beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const database = server.database;
  const a = createCatalogueSearch(database);
  const b = createCatalogueSearch(database, undefined, { manyMatches: 1, bigCatalogue: 0 });
  await Promise.all([a.vocabulary.ready(), b.vocabulary.ready()]);
  normal = a.service;
  big = b.service;
});
afterAll(() => server?.close());

const ids = (result: { items: Array<{ id: string }> }) => result.items.map((item) => item.id);
const run = (service: typeof normal, query: SearchQueryInput) =>
  service.search(searchQuerySchema.parse(query));

describe('search on a big catalogue', () => {
  it('walks the sorted index to the same pages', async () => {
    for (const query of [
      { q: 'harry', sort: 'title' },
      { q: 'the', sort: 'rating' },
      { q: 'love', sort: 'newest', language: 'en' },
      { genre: 'fiction', sort: 'newest' },
      { genre: 'fantasy', sort: 'title', page: 2, pageSize: 5 },
      { length: 'medium', sort: 'rating' },
    ] satisfies SearchQueryInput[]) {
      const [small, large] = await Promise.all([run(normal, query), run(big, query)]);
      expect(small.items.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect({ query, ids: ids(large) }).toEqual({ query, ids: ids(small) });
      // Not counted: the total is the planner's estimate, past what is counted exactly.
      if (large.totalItems !== small.totalItems) expect(large.totalItems).toBeGreaterThan(SOURCE_CAP);
    }
  });

  it('counts filtered matches exactly with the filters inside the sources, and ranks them alike', async () => {
    for (const query of [
      { q: 'harry', yearFrom: 2000 },
      { q: 'the', genre: 'fantasy' },
      { q: 'the', ageGroup: 'Adult', language: 'en', yearFrom: 1950, yearTo: 1999 },
      { q: 'ኢትዮጵያ', yearFrom: 2000 },
    ] satisfies SearchQueryInput[]) {
      const [small, large] = await Promise.all([run(normal, query), run(big, query)]);
      expect(small.items.length, JSON.stringify(query)).toBeGreaterThan(0);
      // The filters keep some of the text's matches, not all.
      expect(small.totalItems, JSON.stringify(query)).toBeLessThan(small.rawTotal);
      expect({ query, total: large.totalItems, first: ids(large)[0] }).toEqual({
        query,
        total: small.totalItems,
        first: ids(small)[0],
      });
    }
  });
});

import { searchQuerySchema, type SearchQueryInput } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books } from '../../db/schema/index.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { createCatalogueSearch } from './search.service.js';

/**
 * A node keeps search and typeahead answers for a minute, and gives none again once the catalogue
 * changed: on another node (its vocabulary's next look shows the change) or on this one (`forget`).
 * Two searches on one database stand for two nodes; the book is written as another node would.
 */

let server: TestServer;
let node: ReturnType<typeof createCatalogueSearch>;
beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  node = createCatalogueSearch(server.database);
  await node.vocabulary.ready();
});
afterAll(() => server?.close());

const titles = async (query: SearchQueryInput) =>
  (await node.service.search(searchQuerySchema.parse(query))).items.map((item) => item.title);
const suggested = async (q: string) => (await node.service.suggest(q)).map((row) => row.title);

describe('kept search answers', () => {
  it('answers again from what it kept, until the vocabulary shows a book added elsewhere', async () => {
    const suggestedBefore = await suggested('quillmarr');
    const foundBefore = await titles({ q: 'quillmarrow' });
    expect([...suggestedBefore, ...foundBefore]).not.toContain('The Quillmarrow Lighthouse');

    await server.db.insert(books).values({
      id: 'test-quillmarrow',
      source: 'local',
      title: 'The Quillmarrow Lighthouse',
      authors: ['Amina Kassim'],
      primaryAuthor: 'Amina Kassim',
      language: 'en',
    });
    // Kept: the same question within the minute is not asked of the database again.
    expect(await suggested('quillmarr')).toEqual(suggestedBefore);
    expect(await titles({ q: 'quillmarrow' })).toEqual(foundBefore);

    // The vocabulary's next look (every 5 s while searches come in) finds the new words.
    await node.vocabulary.refresh();
    expect((await suggested('quillmarr'))[0]).toBe('The Quillmarrow Lighthouse');
    expect((await titles({ q: 'quillmarrow' }))[0]).toBe('The Quillmarrow Lighthouse');
  });

  it('gives no kept answer after this node’s catalogue changed', async () => {
    const query = { q: 'quillmarrow', yearFrom: 1990 } satisfies SearchQueryInput;
    expect(await titles(query)).not.toContain('The Quillmarrow Lighthouse');
    // A change search's words do not show: the year a filter reads.
    await server.db.update(books).set({ publicationYear: 2001 }).where(eq(books.id, 'test-quillmarrow'));
    expect(await titles(query)).not.toContain('The Quillmarrow Lighthouse');
    node.service.forget();
    expect((await titles(query))[0]).toBe('The Quillmarrow Lighthouse');
  });

  it('asks the database once for the same question asked together', async () => {
    node.service.forget();
    const [first, ...rest] = await Promise.all(
      Array.from({ length: 5 }, () => node.service.search(searchQuerySchema.parse({ q: 'harry' }))),
    );
    expect(first!.items.length).toBeGreaterThan(0);
    for (const answer of rest) expect(answer).toBe(first);
  });
});

/**
 * `npm run bench:search-quality`
 *
 * Relevance of search on the committed set of known-item queries (`bench/search-quality.json`: every
 * class — plain titles, typos, ISBNs in their forms, Ge'ez in other spellings, Latin-typed Amharic,
 * authors, a title with its author, series, a last word left unfinished, an author's name misspelt
 * as another word, a series' first book, an author's name in typeahead — each with the ids of its right books, any of which
 * counts), run through the catalogue-search service on PGlite with the shipped catalogue. Prints per
 * class MRR (reciprocal rank of the first right book in the top 10), success@1 and success@5, the
 * same over each part of the set (`tuned`: what search was developed against; `heldOut`: the same
 * rules on other books, never tuned on) and over all queries, and the queries whose right book is
 * not in the top 5 (`--verbose`: not first).
 */
import { readFileSync } from 'node:fs';
import { searchQuerySchema } from '@nebab/shared';
import { ensureCatalog } from '../apps/server/src/catalog/ensure-catalog.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { createCatalogueSearch } from '../apps/server/src/modules/catalogue-search/search.service.js';

interface KnownItem {
  class: string;
  q: string;
  expect: string[];
  part: 'tuned' | 'heldOut';
  /** Asked of typeahead (its 8 suggestions) rather than search. */
  via?: 'suggest';
}

const set = JSON.parse(readFileSync(new URL('./search-quality.json', import.meta.url), 'utf8')) as {
  queries: KnownItem[];
};

async function main() {
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  await ensureCatalog(database.db, { ...loadConfig({}), catalogEthiopianShopContent: false });
  const { service, vocabulary } = createCatalogueSearch(database);
  await vocabulary.ready();

  type Score = { n: number; rr: number; at1: number; at5: number };
  const byClass = new Map<string, Score>();
  const byPart = new Map<string, Score>();
  const total: Score = { n: 0, rr: 0, at1: 0, at5: 0 };
  const misses: string[] = [];
  for (const item of set.queries) {
    const result =
      item.via === 'suggest'
        ? { items: await service.suggest(item.q) }
        : await service.search(searchQuerySchema.parse({ q: item.q, pageSize: 10 }));
    const ids = result.items.map((book) => book.id);
    const rank = ids.findIndex((id) => item.expect.includes(id)) + 1;
    const score = byClass.get(item.class) ?? { n: 0, rr: 0, at1: 0, at5: 0 };
    const part = byPart.get(item.part) ?? { n: 0, rr: 0, at1: 0, at5: 0 };
    byPart.set(item.part, part);
    for (const target of [score, part, total]) {
      target.n += 1;
      target.rr += rank > 0 ? 1 / rank : 0;
      target.at1 += rank === 1 ? 1 : 0;
      target.at5 += rank > 0 && rank <= 5 ? 1 : 0;
    }
    byClass.set(item.class, score);
    if (rank !== 1 && (rank === 0 || rank > 5 || process.argv.includes('--verbose')))
      misses.push(
        `  ${item.part.padEnd(8)} ${item.class.padEnd(17)} ${JSON.stringify(item.q)} → ${rank === 0 ? 'not in the top 10' : `rank ${rank}`}; first: ${result.items[0]?.title ?? '—'}`,
      );
  }
  const line = (name: string, s: Score) =>
    `  ${name.padEnd(17)}${String(s.n).padStart(5)}${(s.rr / s.n).toFixed(3).padStart(8)}${(s.at1 / s.n).toFixed(3).padStart(12)}${(s.at5 / s.n).toFixed(3).padStart(12)}`;
  console.log(
    `${set.queries.length} known-item queries (bench/search-quality.json), PGlite with the shipped catalogue:`,
  );
  console.log(
    `  ${'class'.padEnd(17)}${'n'.padStart(5)}${'MRR'.padStart(8)}${'success@1'.padStart(12)}${'success@5'.padStart(12)}`,
  );
  for (const [name, score] of byClass) console.log(line(name, score));
  for (const [name, score] of byPart) console.log(line(name === 'heldOut' ? 'held out' : name, score));
  console.log(line('all', total));
  if (misses.length)
    console.log(
      `\nRight book not in the top 5${process.argv.includes('--verbose') ? ' (or not first)' : ''}:\n${misses.join('\n')}`,
    );
  await database.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

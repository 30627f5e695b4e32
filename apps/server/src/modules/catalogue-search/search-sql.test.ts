import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  ETHIOPIC_FIRST,
  ETHIOPIC_LAST,
  foldEthiopic,
  latinKey,
  plainLatin,
  romanizeEthiopic,
  searchWords,
  titleWords,
} from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../../catalog/ensure-catalog.js';
import { REPO_ROOT } from '../../config.js';
import { MIGRATIONS_FOLDER } from '../../db/migrate.js';
import { selectRows, textArray } from '../../db/sql-helpers.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { bookFacets, bookFacetsFunctionSql, type FacetedBook } from './facets.js';
import { searchFunctionsSql } from './search-sql.js';

/**
 * The index and the queries read text alike: the SQL functions the migration defines (generated from
 * the tables in @nebab/shared) give what the TypeScript functions give, on every Ge'ez code point and
 * on every title and author of the shipped catalogue — on PGlite, and on PostgreSQL with test:pg.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Row = {
  t: string;
  fold: string;
  romanised: string;
  plain: string;
  key: string;
  words: string;
  title: string | null;
};

async function throughSql(texts: string[]): Promise<Row[]> {
  return selectRows<Row>(
    server.db,
    sql`SELECT t, nebab_fold_ethiopic(t) AS fold, nebab_romanize_ethiopic(t) AS romanised, nebab_plain_latin(t) AS plain,
               nebab_latin_key(t) AS key, btrim(regexp_replace(nebab_search_words(t), ' +', ' ', 'g')) AS words,
               nebab_title_words(t) AS title
        FROM unnest(${textArray(texts)}) AS t`,
  );
}

function expectAgreement(rows: Row[]): void {
  const disagreements: string[] = [];
  for (const row of rows) {
    const expected = {
      fold: foldEthiopic(row.t),
      romanised: romanizeEthiopic(row.t),
      plain: plainLatin(row.t),
      key: latinKey(row.t),
      words: searchWords(row.t).join(' '),
      title: titleWords(row.t),
    };
    for (const [name, value] of Object.entries(expected))
      if (row[name as keyof Row] !== value)
        disagreements.push(
          `${JSON.stringify(row.t)} ${name}: sql ${JSON.stringify(row[name as keyof Row])} ts ${JSON.stringify(value)}`,
        );
  }
  expect(disagreements.slice(0, 20)).toEqual([]);
}

describe('search text functions', () => {
  it("agree on every Ge'ez code point, alone and between Latin letters", async () => {
    const texts: string[] = [];
    for (let code = ETHIOPIC_FIRST; code <= ETHIOPIC_LAST; code += 1) {
      const char = String.fromCodePoint(code);
      texts.push(char, `ab${char}cd ${char}i`);
    }
    expectAgreement(await throughSql(texts));
  });

  it('agree on every title and author of the shipped catalogue', async () => {
    const { goodbooks, ethiopian } = readCatalog({
      catalogDir: path.join(REPO_ROOT, 'catalog-data'),
      catalogEthiopianShopContent: false,
    });
    const texts = new Set<string>();
    for (const record of [...goodbooks, ...ethiopian]) {
      texts.add(record.title);
      for (const alt of record.altTitles) texts.add(alt);
      for (const author of record.authors) texts.add(author);
      if (record.authorsLatin) texts.add(record.authorsLatin);
    }
    // On PostgreSQL (test:pg, CI) every one of the 26,783 texts; on PGlite, whose SQL functions run
    // in WebAssembly at a fraction of the speed, every text with a character beyond ASCII (the Ge'ez,
    // the accents, the typographic marks: 7,325) and every third of the others.
    const all = process.env.TEST_DATABASE_URL
      ? [...texts]
      : [...texts].filter((text, i) => /[^\x20-\x7e]/.test(text) || i % 3 === 0);
    for (let i = 0; i < all.length; i += 5000) expectAgreement(await throughSql(all.slice(i, i + 5000)));
  }, 120_000);

  it('compute the search facets as the TypeScript does, and the migration defines them', async () => {
    const books: FacetedBook[] = [];
    for (const language of ['en', 'am'])
      for (const pageCount of [null, 0, 1, 199, 200, 400, 401, 1200])
        for (const genres of [[], ['fantasy'], ['children'], ['young-adult', 'fiction']])
          for (const publicationYear of [
            null,
            -500,
            5,
            1066,
            1889,
            1890,
            1899,
            1900,
            1999,
            2000,
            2019,
            2020,
            2031,
          ])
            books.push({ language, pageCount, genres, publicationYear });
    const rows = await selectRows<{ facets: string[] }>(
      server.db,
      sql`SELECT nebab_book_facets(x.language, x.page_count, x.genres, x.year) AS facets
          FROM jsonb_to_recordset(${JSON.stringify(
            books.map((book, i) => ({
              i,
              language: book.language,
              page_count: book.pageCount,
              genres: book.genres,
              year: book.publicationYear,
            })),
          )}::jsonb) AS x(i int, language text, page_count int, genres text[], year int)
          ORDER BY x.i`,
    );
    expect(rows.map((row) => row.facets)).toEqual(books.map(bookFacets));
    const migration = readFileSync(
      path.join(path.resolve(MIGRATIONS_FOLDER), '0017_search_facets.sql'),
      'utf8',
    );
    expect(migration).toContain(bookFacetsFunctionSql());
  });

  it('are the ones a migration defines (a changed table needs a new migration)', () => {
    const migrations = path.resolve(MIGRATIONS_FOLDER);
    const search = readFileSync(path.join(migrations, '0014_search_keys.sql'), 'utf8');
    // Every generated function is in the migration as generated now.
    for (const statement of searchFunctionsSql().split('--> statement-breakpoint'))
      expect(search).toContain(statement.trim());
  });
});

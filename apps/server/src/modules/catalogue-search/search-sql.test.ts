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
    const all = [...texts];
    for (let i = 0; i < all.length; i += 5000) expectAgreement(await throughSql(all.slice(i, i + 5000)));
  }, 120_000);

  it('are the ones a migration defines (a changed table needs a new migration)', () => {
    const migrations = path.resolve(MIGRATIONS_FOLDER);
    const search = readFileSync(path.join(migrations, '0014_search_keys.sql'), 'utf8');
    // Every generated function is in the migration as generated now.
    for (const statement of searchFunctionsSql().split('--> statement-breakpoint'))
      expect(search).toContain(statement.trim());
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';
import { readEthiopian } from './ethiopian.js';
import { genresFromCategory, pickGenres } from './genre-map.js';
import { readGoodbooks } from './goodbooks.js';
import { isValidIsbn13, rebuildIsbn13FromFloat, repairGoodbooksIsbns, repairIsbn10 } from './isbn.js';
import { normTitle, splitSeries } from './records.js';

const dataDir = fileURLToPath(new URL('../../../../catalog-data', import.meta.url));

describe('csv', () => {
  it('reads quotes, doubled quotes, commas and CRLF', () => {
    const rows = [...parseCsv('a,b\r\n"x, y","say ""hi"""\n1,\n')];
    expect(rows).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', ''],
    ]);
  });
});

describe('isbn repair', () => {
  it('pads ISBN-10 and derives ISBN-13', () => {
    expect(repairIsbn10('439023483')).toBe('0439023483');
    expect(repairGoodbooksIsbns('439023483', '9.78043902348e+12')).toEqual({
      isbn10: '0439023483',
      isbn13: '9780439023481',
    });
  });
  it('rebuilds an ISBN-13 only when one candidate fits', () => {
    const rebuilt = rebuildIsbn13FromFloat('9.78043902348e+12');
    expect(rebuilt === null || isValidIsbn13(rebuilt)).toBe(true);
    expect(rebuildIsbn13FromFloat('')).toBeNull();
  });
});

describe('genres', () => {
  it('keeps up to five slugs at 10% of the top and at least 5', () => {
    const scores = new Map([
      ['fiction', 1000],
      ['fantasy', 500],
      ['romance', 99],
      ['horror', 4],
      ['art', 100],
    ] as const);
    expect(pickGenres(scores)).toEqual(['fiction', 'fantasy', 'art']);
  });
  it('maps Ethiopian shop categories', () => {
    expect(genresFromCategory('Fiction|Love|Ethiopia|Romance')).toEqual(['fiction', 'romance']);
    expect(genresFromCategory('Books|Mystery and Suspense')).toEqual(['mystery', 'thriller']);
    expect(genresFromCategory('Books|Collectibles')).toEqual(['nonfiction']);
    expect(genresFromCategory('Oromo fiction shelf')).toEqual(['fiction']);
  });
  it('splits series suffixes and normalises titles', () => {
    expect(splitSeries('The Hunger Games (The Hunger Games, #1)')).toEqual({
      title: 'The Hunger Games',
      series: 'The Hunger Games',
      seriesNumber: '1',
    });
    expect(normTitle('The Hobbit: There and Back Again')).toBe('hobbit');
  });
});

describe('the shipped catalogue', () => {
  const goodbooks = readGoodbooks(dataDir);
  const ethiopian = readEthiopian(dataDir, { includeShopContent: false });

  it('has the 10,000 goodbooks books with repaired ISBNs and genres', () => {
    expect(goodbooks).toHaveLength(10_000);
    expect(goodbooks.filter((b) => b.isbn10).length).toBe(9_277);
    expect(goodbooks.filter((b) => b.isbn13).length).toBe(9_345);
    expect(goodbooks.filter((b) => b.isbn13 && !isValidIsbn13(b.isbn13))).toEqual([]);
    expect(goodbooks.filter((b) => b.genres.length > 0).length).toBeGreaterThanOrEqual(9_998);
    const hungerGames = goodbooks.find((b) => b.id === '1')!;
    expect(hungerGames).toMatchObject({
      title: 'The Hunger Games',
      series: 'The Hunger Games',
      language: 'en',
      publicationYear: 2008,
    });
    expect(hungerGames.genres).toEqual(expect.arrayContaining(['young-adult', 'science-fiction', 'fiction']));
  });

  it('joins publishers and page counts for about 2,200 books', () => {
    const withPublisher = goodbooks.filter((b) => b.publisher).length;
    expect(withPublisher).toBeGreaterThan(2_150);
    expect(withPublisher).toBeLessThan(2_300);
  });

  it('has the 2,538 Ethiopian books, Amharic, without shop blurbs by default', () => {
    expect(ethiopian).toHaveLength(2_538);
    expect(new Set(ethiopian.map((b) => b.id)).size).toBe(2_538);
    expect(ethiopian.filter((b) => b.language === 'am').length).toBe(2_510);
    expect(ethiopian.every((b) => b.description === null && b.coverUrl === null)).toBe(true);
    expect(ethiopian.find((b) => b.title === 'ፍቅር እስከ መቃብር')?.genres).toEqual(['fiction', 'romance']);
    // Author scraps of the shops' data are dropped, real names kept.
    const authors = ethiopian.flatMap((b) => b.authors);
    expect(authors.filter((a) => !/\p{L}/u.test(a) || /^\d+\s*ደራ/u.test(a))).toEqual([]);
    expect(authors.filter((a) => !/\s/u.test(a) && [...a].length <= 2)).toEqual([]);
    expect(ethiopian.find((b) => b.title === 'ፍቅር እስከ መቃብር')?.authors).toEqual(['ሀዲስ ዓለማየሁ']);
  });
});

describe('shop content (CATALOG_ETHIOPIAN_SHOP_CONTENT=true)', () => {
  it('sanitises a hostile description like an admin-written one', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nebab-shop-'));
    try {
      const header =
        'title,title_en,title_romanized,author,author_romanized,description,published_at,language,page_count,cover_image,publisher,isbn,source,url,category';
      const hostile =
        '"<p>Fine</p><img src=x onerror=alert(1)><script>alert(2)</script><a href=""javascript:alert(3)"">x</a>"';
      const plain = '"A story of Gondar.\n\nIn two parts & more, 3 < 4"';
      writeFileSync(
        path.join(dir, 'ethiopian_books.csv'),
        [
          header,
          `ፍቅር,,,ሐዲስ ዓለማየሁ,,${hostile},1968,am,520,,,,mereb,https://example.org/a,ልብወለድ`,
          `ኦሮማይ,,,በዓሉ ግርማ,,${plain},1983,am,300,,,,mereb,https://example.org/b,ልብወለድ`,
        ].join('\n'),
      );
      const [first, second] = readEthiopian(dir, { includeShopContent: true });
      expect(first?.description).toBe('<p>Fine</p><a rel="noopener noreferrer nofollow">x</a>');
      expect(second?.description).toBe('<p>A story of Gondar.</p><p>In two parts &amp; more, 3 &lt; 4</p>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

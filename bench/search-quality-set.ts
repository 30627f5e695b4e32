/**
 * `npx tsx bench/search-quality-set.ts` writes `bench/search-quality.json`, the committed set of
 * `npm run bench:search-quality`: known-item queries of every class drawn from the shipped catalogue
 * by the fixed rules below, each with the ids of its right books (any of them counts).
 *
 * The set has two parts. `tuned`: the queries search was developed against (their misses showed
 * real faults: a ranking window that cut unrated Ethiopian books, corrections too narrow). `heldOut`:
 * the same rules applied to other books, written after that work and never tuned on — the honest
 * measure of how search does on queries it has not seen.
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { latinKey } from '@nebab/shared';
import { ensureCatalog } from '../apps/server/src/catalog/ensure-catalog.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { STOP_WORDS } from '../apps/server/src/modules/catalogue-search/query.js';
import { selectRows } from '../apps/server/src/db/sql-helpers.js';

const database = await openDatabase({ kind: 'pglite' });
await migrateDatabase(database);
await ensureCatalog(database.db, { ...loadConfig({}), catalogEthiopianShopContent: false });
const db = { query: async <T>(text: string) => ({ rows: await selectRows<T>(database.db, sql.raw(text)) }) };
type Book = {
  id: string;
  title: string;
  authors: string[];
  series: string | null;
  series_number: string | null;
  isbn10: string | null;
  isbn13: string | null;
  ratings_count: number;
  language: string;
  source: string;
  title_key: string;
};
const all = (
  await db.query<Book>(
    "select id, title, authors, series, series_number, isbn10, isbn13, ratings_count, language, source, title_key from books where status='active'",
  )
).rows;
const byId = new Map(all.map((b) => [b.id, b]));
const good = all.filter((b) => b.source === 'goodbooks').sort((a, b) => b.ratings_count - a.ratings_count);
const ethiopian = all.filter((b) => b.source === 'ethiopian' && /[\u1200-\u137f]/.test(b.title));

type Item = {
  class: string;
  q: string;
  expect: string[];
  note?: string;
  part?: 'tuned' | 'heldOut';
  /** Asked of typeahead rather than search. */
  via?: 'suggest';
};
const items: Item[] = [];
const mainTitle = (t: string) =>
  t
    .replace(/\s*\(.*?\)\s*$/, '')
    .split(':')[0]!
    .trim();
/** A title without its closing parenthesis (an edition, a series number). */
const withoutEdition = (t: string) => t.replace(/\s*\(.*\)\s*$/, '');
const bare = (t: string) =>
  mainTitle(t)
    .toLowerCase()
    .replace(/^(the|a|an) /, '');
const sameTitle = (t: string) => all.filter((b) => bare(b.title) === bare(t)).map((b) => b.id);
const byAuthor = (name: string) => all.filter((b) => b.authors[0] === name).map((b) => b.id);
/** Books by an Ethiopian author under any spelling of the name (the shops spell names many ways). */
const byAuthorKey = (name: string) => {
  const key = ` ${latinKey(name)} `;
  return all.filter((b) => b.authors.some((a) => ` ${latinKey(a)} `.includes(key))).map((b) => b.id);
};

// 1. plain: the 30 most-read titles, as typed (lower case, main title)
for (const b of good.slice(0, 30))
  items.push({ class: 'plain', q: mainTitle(b.title).toLowerCase(), expect: sameTitle(b.title) });

// 2. typo: one slip in the longest word of the next 30 titles, in turn: swapped letters, a letter
// missing, a letter doubled, a wrong vowel; and the issue's own examples.
const slips = [
  (w: string) => {
    const i = Math.floor(w.length / 2);
    return w.slice(0, i - 1) + w[i] + w[i - 1] + w.slice(i + 1);
  },
  (w: string) => {
    const i = Math.floor(w.length / 2);
    return w.slice(0, i) + w.slice(i + 1);
  },
  (w: string) => {
    const i = Math.floor(w.length / 2);
    return w.slice(0, i) + w[i] + w.slice(i);
  },
  (w: string) => {
    const i = [...w].findIndex((c, j) => j > 0 && 'aeiou'.includes(c));
    if (i < 0) return w + 'e';
    const v = 'aeiou';
    return w.slice(0, i) + v[(v.indexOf(w[i]!) + 1) % 5] + w.slice(i + 1);
  },
];
/** The title with one slip (`slips[slip]`) in its longest word, or null when that word will not do. */
function typoItem(b: Book, slip: number): Item | null {
  const words = mainTitle(b.title).toLowerCase().split(/\s+/);
  const longest = words.reduce(
    (a, w) => (w.replace(/[^a-z]/g, '').length > a.replace(/[^a-z]/g, '').length ? w : a),
    '',
  );
  if (longest.replace(/[^a-z]/g, '').length < 5 || longest !== longest.replace(/[^a-z]/g, '')) return null;
  const typo = slips[slip % slips.length]!(longest);
  if (typo === longest) return null;
  return {
    class: 'typo',
    q: words.map((w) => (w === longest ? typo : w)).join(' '),
    expect: sameTitle(b.title),
  };
}
let n = 0;
for (const b of good.slice(30, 90)) {
  const item = typoItem(b, n);
  if (!item) continue;
  items.push(item);
  if (++n >= 26) break;
}
const find = (title: string) => sameTitle(title);
for (const [q, title] of [
  ['tolkein hobbit', 'The Hobbit'],
  ['pride and predjudice', 'Pride and Prejudice'],
  ['lord of the rigns', 'The Lord of the Rings'],
  ['fahrenhiet 451', 'Fahrenheit 451'],
  ['hary potter sorcerers stone', "Harry Potter and the Sorcerer's Stone"],
  ['lordof the flies', 'Lord of the Flies'],
  ['catcher inthe rye', 'The Catcher in the Rye'],
  ['the grate gatsby', 'The Great Gatsby'],
] as const)
  items.push({ class: 'typo', q, expect: find(title) });
for (const name of ['Stephen King', 'J.K. Rowling', 'Agatha Christie', 'Haruki Murakami'])
  items.push({
    class: 'typo',
    q: name
      .toLowerCase()
      .replace('stephen', 'stephan')
      .replace('rowling', 'rowlling')
      .replace('christie', 'cristie')
      .replace('murakami', 'murakmi'),
    expect: byAuthor(name),
    note: 'author',
  });

// 3. isbn: 8 popular books, four forms each
const withIsbn = good.filter((b) => b.isbn10 && b.isbn13).slice(0, 8);
for (const b of withIsbn) {
  const h = `${b.isbn13!.slice(0, 3)}-${b.isbn13!.slice(3, 4)}-${b.isbn13!.slice(4, 7)}-${b.isbn13!.slice(7, 12)}-${b.isbn13!.slice(12)}`;
  items.push({ class: 'isbn', q: b.isbn13!, expect: [b.id] });
  items.push({ class: 'isbn', q: b.isbn10!, expect: [b.id] });
  items.push({ class: 'isbn', q: h, expect: [b.id] });
  items.push({
    class: 'isbn',
    q: b.isbn10!.startsWith('0') ? b.isbn10!.replace(/^0+/, '') : `ISBN ${b.isbn10}`,
    expect: [b.id],
  });
}

// 4. geez: Ethiopian titles in another spelling (homophone letters swapped), and authors
const swaps: Array<[RegExp, (c: string) => string]> = [
  [/[ሀ-ሆ]/u, (c) => String.fromCodePoint(c.codePointAt(0)! + 0x10)], // ሀ → ሐ row
  [/[ሐ-ሖ]/u, (c) => String.fromCodePoint(c.codePointAt(0)! - 0x10)],
  [/[ሰ-ሶ]/u, (c) => String.fromCodePoint(c.codePointAt(0)! - 0x10)], // ሰ → ሠ
  [/[ሠ-ሦ]/u, (c) => String.fromCodePoint(c.codePointAt(0)! + 0x10)],
  [/[አ-ኦ]/u, (c) => String.fromCodePoint(c.codePointAt(0)! + 0x30)], // አ → ዐ
  [/[ጸ-ጾ]/u, (c) => String.fromCodePoint(c.codePointAt(0)! + 0x8)], // ጸ → ፀ
];
const goodreadsList = (
  await db.query<{ id: string }>(
    "select id from books where source='ethiopian' and source_url like '%goodreads.com%'",
  )
).rows.map((r) => r.id);
const famous = goodreadsList.map((id) => byId.get(id)!).filter((b) => b && /[\u1200-\u137f]/.test(b.title));
/** The title in another spelling (its first homophone letter swapped), or null when it has none. */
function respelt(b: Book): Item | null {
  const swap = swaps.find(([re]) => re.test(b.title));
  if (!swap) return null;
  const q = withoutEdition(b.title.replace(swap[0], swap[1]));
  const same = all.filter((x) => withoutEdition(x.title) === withoutEdition(b.title)).map((x) => x.id);
  return { class: 'geez', q, expect: same };
}
let g = 0;
for (const b of [...famous, ...ethiopian]) {
  if (g >= 24) break;
  if (items.some((i) => i.expect.includes(b.id))) continue;
  const item = respelt(b);
  if (!item) continue;
  items.push(item);
  g++;
}
for (const name of ['ሀዲስ ዓለማየሁ', 'በዓሉ ግርማ', 'ስብሐት ገብረ እግዚአብሔር', 'ዳንኤል ክብረት', 'በዕውቀቱ ስዩም', 'ሐዲስ አለማየሁ'])
  items.push({ class: 'geez', q: name, expect: byAuthorKey(name), note: 'author' });

// 5. latin-amharic: how readers type Amharic in Latin letters (1st order e, 4th a, 6th i or nothing,
// ቀ k, ጸ ts, ኘ gn): written for the famous titles, plus the issue's own.
const V = ['e', 'u', 'i', 'a', 'e', '', 'o', 'wa'];
const C: Record<number, string> = {
  0x1200: 'h',
  0x1208: 'l',
  0x1210: 'h',
  0x1218: 'm',
  0x1220: 's',
  0x1228: 'r',
  0x1230: 's',
  0x1238: 'sh',
  0x1240: 'k',
  0x1260: 'b',
  0x1268: 'v',
  0x1270: 't',
  0x1278: 'ch',
  0x1280: 'h',
  0x1290: 'n',
  0x1298: 'gn',
  0x12a0: '',
  0x12a8: 'k',
  0x12b8: 'h',
  0x12c8: 'w',
  0x12d0: '',
  0x12d8: 'z',
  0x12e0: 'zh',
  0x12e8: 'y',
  0x12f0: 'd',
  0x1300: 'j',
  0x1308: 'g',
  0x1320: 't',
  0x1328: 'ch',
  0x1330: 'p',
  0x1338: 'ts',
  0x1340: 'ts',
  0x1348: 'f',
  0x1350: 'p',
};
function typed(text: string): string {
  // Readers type a space where Ge'ez has its word space ፡ or punctuation.
  return text
    .replace(/[\u1360-\u1368]|[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => {
      const chars = [...word];
      return chars
        .map((ch, i) => {
          const code = ch.codePointAt(0)!;
          const base = code - ((code - 0x1200) % 8);
          if (!(base in C)) return /[\u1200-\u137f]/.test(ch) ? '' : ch.toLowerCase();
          const order = (code - 0x1200) % 8;
          const vowel = order === 5 ? (i === chars.length - 1 ? '' : 'i') : V[order]!;
          return C[base] + vowel;
        })
        .join('');
    })
    .join(' ')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/ +/g, ' ')
    .trim();
}
let l = 0;
for (const b of famous) {
  if (l >= 22) break;
  const q = typed(withoutEdition(b.title));
  if (q.replace(/ /g, '').length < 4) continue;
  const same = all
    .filter((x) => x.title_key === b.title_key && withoutEdition(x.title) === withoutEdition(b.title))
    .map((x) => x.id);
  items.push({ class: 'latin-amharic', q, expect: same });
  l++;
}
const famousTitle = (t: string) => all.filter((b) => b.title === t).map((b) => b.id);
for (const [q, t] of [
  ['fikir eske mekabir', 'ፍቅር እስከ መቃብር'],
  ['fiqir iske meqabir', 'ፍቅር እስከ መቃብር'],
  ['oromay', 'ኦሮማይ'],
  ['kadmas bashager', 'ከአድማስ ባሻገር'],
  ['tikusat', 'ትኩሳት'],
] as const)
  items.push({ class: 'latin-amharic', q, expect: famousTitle(t) });
for (const [q, a] of [
  ['haddis alemayehu', 'ሀዲስ ዓለማየሁ'],
  ['bealu girma', 'በዓሉ ግርማ'],
  ['sebhat gebre egziabher', 'ስብሐት ገብረ እግዚአብሔር'],
  ['daniel kibret', 'ዳንኤል ክብረት'],
] as const)
  items.push({ class: 'latin-amharic', q, expect: byAuthorKey(a), note: 'author' });

// 6. author: the 20 most-read authors' names
const authors = [...new Set(good.map((b) => b.authors[0]!))].slice(0, 20);
for (const name of authors) items.push({ class: 'author', q: name.toLowerCase(), expect: byAuthor(name) });

// 7. title + author: a title's longest word and the author's surname, in either order
/**
 * The title's longest word (of four letters or more; `lettersOnly`: letters alone) with the author's
 * surname, the surname first when `surnameFirst`; null when no word will do.
 */
function titleAuthorItem(b: Book, surnameFirst: boolean, lettersOnly: boolean): Item | null {
  const words = mainTitle(b.title)
    .toLowerCase()
    .split(/\s+/)
    .filter(
      (w) => w.length > 3 && (!lettersOnly || /^[a-z]+$/.test(w)) && !['the', 'and', 'with'].includes(w),
    );
  const surname = b.authors[0]!.split(' ').at(-1)!.toLowerCase();
  if (!words.length) return null;
  const word = words.sort((a, c) => c.length - a.length)[0]!;
  return {
    class: 'title+author',
    q: surnameFirst ? `${surname} ${word}` : `${word} ${surname}`,
    expect: sameTitle(b.title),
  };
}
let t = 0;
for (const b of good.slice(0, 80)) {
  if (t >= 16) break;
  const item = titleAuthorItem(b, t % 2 === 0, false);
  if (!item) continue;
  items.push(item);
  t++;
}
for (const [q, title] of [
  ['hobbit tolkien', 'The Hobbit'],
  ['1984 orwell', '1984'],
] as const)
  items.push({ class: 'title+author', q, expect: find(title) });

// 8. series: a series' name finds its first volume first
const series = new Map<string, Book>();
for (const b of good)
  if (b.series && b.series_number === '1' && !series.has(b.series)) series.set(b.series, b);
// The first volume, or a book titled as the series (the omnibus "The Lord of the Rings").
const seriesItem = (name: string, b: Book): Item => ({
  class: 'series',
  q: name.toLowerCase(),
  expect: [b.id, ...sameTitle(name).filter((id) => id !== b.id)],
});
for (const [name, b] of [...series].slice(0, 12)) items.push(seriesItem(name, b));

// Issue 26's classes, by rules written from the catalogue before searching for any of them.
const vocabulary = new Set(
  (await db.query<{ term: string }>("select term from search_terms where kind = 'w' and books > 0")).rows.map(
    (r) => r.term,
  ),
);
// 9. unfinished: a title submitted with its last word half typed (its first half, three letters or
// more; a Ge'ez word its first half, two letters or more). A Latin title of two content words or
// more: a fragment alone ("eld") is typeahead's task, and a word the fragment happens to be finds
// its own books first by design.
function unfinishedItem(b: Book): Item | null {
  const words = mainTitle(b.title).toLowerCase().split(/\s+/);
  const last = words.at(-1)!;
  if (!/^[a-z]{6,}$/.test(last) || words.filter((word) => !STOP_WORDS.has(word)).length < 2) return null;
  const cut = last.slice(0, Math.max(3, Math.ceil(last.length / 2)));
  return { class: 'unfinished', q: [...words.slice(0, -1), cut].join(' '), expect: sameTitle(b.title) };
}
function unfinishedGeezItem(b: Book): Item | null {
  const words = withoutEdition(b.title)
    .replace(/[\u1360-\u1368]|[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim()
    .split(/\s+/);
  const last = [...words.at(-1)!];
  if (words.length < 2 || last.length < 3) return null;
  const cut = last.slice(0, Math.max(2, Math.ceil(last.length / 2))).join('');
  const same = all.filter((x) => withoutEdition(x.title) === withoutEdition(b.title)).map((x) => x.id);
  return { class: 'unfinished', q: [...words.slice(0, -1), cut].join(' '), expect: same, note: 'geez' };
}
/** The unfinished items of `books`, at most `count` (Latin) and `geez` (Ge'ez) of them. */
function unfinishedItems(latin: Book[], geez: Book[], count: number): Item[] {
  const out: Item[] = [];
  for (const b of latin) {
    if (out.length >= count) break;
    const item = unfinishedItem(b);
    if (item && !items.some((i) => i.q === item.q)) out.push(item);
  }
  const geezOut: Item[] = [];
  for (const b of geez) {
    if (geezOut.length >= count) break;
    const item = unfinishedGeezItem(b);
    if (item && ![...items, ...geezOut].some((i) => i.q === item.q)) geezOut.push(item);
  }
  return [...out, ...geezOut];
}
items.push(...unfinishedItems(good.slice(30, 150), famous, 12));

// 10. author-word: an author's surname with one vowel changed into another word the catalogue
// knows ("jane austen" typed "jane austin"), the first such change of each name.
function authorWordItem(name: string): Item | null {
  const words = name.toLowerCase().split(' ');
  const surname = words.at(-1)!;
  if (!/^[a-z]{4,}$/.test(surname)) return null;
  for (let i = 0; i < surname.length; i += 1) {
    if (!'aeiouy'.includes(surname[i]!)) continue;
    for (const v of 'aeiouy') {
      const slip = surname.slice(0, i) + v + surname.slice(i + 1);
      if (slip !== surname && vocabulary.has(slip))
        return {
          class: 'author-word',
          q: [...words.slice(0, -1), slip].join(' '),
          expect: byAuthor(name),
          note: 'author',
        };
    }
  }
  return null;
}
const authorNames = [...new Set(good.map((b) => b.authors[0]!))].filter((name) => name.includes(' '));
/** Up to `count` author-word items from `names`. */
function authorWordItems(names: string[], count: number): Item[] {
  const out: Item[] = [];
  for (const name of names) {
    if (out.length >= count) break;
    const item = authorWordItem(name);
    if (item) out.push(item);
  }
  return out;
}
items.push(...authorWordItems(authorNames.slice(0, 60), 12));

// 11. series-first: a series of three volumes or more, named: its first volume (alone) first.
const volumes = new Map<string, Book[]>();
for (const b of all) if (b.series) volumes.set(b.series, [...(volumes.get(b.series) ?? []), b]);
const longSeries = [...series].filter(([name]) => (volumes.get(name)?.length ?? 0) >= 3);
const seriesFirstItem = ([name, b]: [string, Book]): Item => ({
  class: 'series-first',
  q: name.toLowerCase(),
  expect: [b.id],
});
items.push(...longSeries.slice(0, 12).map(seriesFirstItem));

// 12. typeahead-author: an author's name typed into typeahead: one of their own books first.
const typeaheadAuthorItem = (name: string): Item => ({
  class: 'typeahead-author',
  q: name.toLowerCase(),
  expect: byAuthor(name),
  via: 'suggest',
});
items.push(...authorNames.slice(0, 15).map(typeaheadAuthorItem));

// Held out: the same rules on other books, written after the tuning and never tuned on.
const tunedCount = items.length;
for (const b of good.slice(200, 225))
  items.push({ class: 'plain', q: mainTitle(b.title).toLowerCase(), expect: sameTitle(b.title) });
let h = 0;
for (const b of good.slice(300, 500)) {
  const item = typoItem(b, h + 2);
  if (!item) continue;
  items.push(item);
  if (++h >= 25) break;
}
for (const b of good.filter((x) => x.isbn10 && x.isbn13).slice(100, 106)) {
  items.push({ class: 'isbn', q: b.isbn13!, expect: [b.id] });
  items.push({
    class: 'isbn',
    q: `${b.isbn10!.slice(0, 1)}-${b.isbn10!.slice(1, 4)}-${b.isbn10!.slice(4, 9)}-${b.isbn10!.slice(9)}`,
    expect: [b.id],
  });
}
let hg = 0;
for (const b of ethiopian.slice(400)) {
  if (hg >= 20) break;
  const item = respelt(b);
  if (!item || items.some((i) => i.q === item.q)) continue;
  items.push(item);
  hg++;
}
let hl = 0;
for (const b of ethiopian.slice(600)) {
  if (hl >= 20) break;
  const q = typed(withoutEdition(b.title));
  if (q.replace(/ /g, '').length < 6 || q.split(' ').length > 5) continue;
  // Right: every book with the same title core (editions); a title shared by many is left out.
  const same = all.filter((x) => x.title_key === b.title_key).map((x) => x.id);
  if (same.length > 3 || items.some((i) => i.q === q)) continue;
  items.push({ class: 'latin-amharic', q, expect: same });
  hl++;
}
for (const name of [...new Set(good.map((b) => b.authors[0]!))].slice(20, 35))
  items.push({ class: 'author', q: name.toLowerCase(), expect: byAuthor(name) });
let ht = 0;
for (const b of good.slice(80, 200)) {
  if (ht >= 15) break;
  const item = titleAuthorItem(b, ht % 2 === 0, true);
  if (!item) continue;
  items.push(item);
  ht++;
}
for (const [name, b] of [...series].slice(12, 22)) items.push(seriesItem(name, b));
items.push(...unfinishedItems(good.slice(300, 600), ethiopian.slice(300), 12));
items.push(...authorWordItems(authorNames.slice(60, 200), 12));
items.push(...longSeries.slice(12, 24).map(seriesFirstItem));
items.push(...authorNames.slice(15, 30).map(typeaheadAuthorItem));
for (const [i, item] of items.entries()) item.part = i < tunedCount ? 'tuned' : 'heldOut';

const seen = new Set<string>();
for (let i = items.length - 1; i >= 0; i -= 1) {
  // A query asked again by a class of its own (a series' first book alone, typeahead) stays.
  const own = ['series-first', 'typeahead-author'].includes(items[i]!.class);
  const key = own ? `${items[i]!.class}|${items[i]!.q}` : items[i]!.q;
  if (seen.has(key)) items.splice(i, 1);
  else seen.add(key);
}
for (const item of items)
  if (item.expect.length === 0) throw new Error(`no right book: ${JSON.stringify(item)}`);
writeFileSync(
  new URL('./search-quality.json', import.meta.url),
  `${JSON.stringify({ description: 'Known-item queries of every class with the ids of their right books (any of them counts), built from the shipped catalogue by the fixed rules of bench/search-quality-set.ts; part tuned: what search was developed against; part heldOut: the same rules on other books, never tuned on.', queries: items }, null, 1)}\n`,
);
const counts: Record<string, number> = {};
for (const i of items) counts[`${i.part} ${i.class}`] = (counts[`${i.part} ${i.class}`] ?? 0) + 1;
console.log(`${items.length} queries written to bench/search-quality.json, by part and class:`, counts);
await database.close();

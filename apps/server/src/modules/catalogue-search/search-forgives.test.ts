import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books, users } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { searchRequests } from '../../../test/search-helpers.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';

/**
 * Search that forgives (issue 10), over HTTP against a real database (PGlite; PostgreSQL with
 * `npm run test:pg`): typos, ISBNs, Ge'ez homophones, Latin-typed Amharic both ways, and what a
 * query means (an author, a title and its author, a series).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  await server.app.services.vocabulary.refresh();
});
afterAll(() => server?.close());

const { search, titles, suggest } = searchRequests(() => server);

describe('typos', () => {
  it.each([
    ['tolkein', /^The Hobbit$|Tolkien|Ring/],
    ['pride and predjudice', /^Pride and Prejudice$/],
    ['lord of the rigns', /^The Lord of the Rings$/],
    ['fahrenhiet 451', /^Fahrenheit 451$/],
    ['hary potter', /^Harry Potter and the Sorcerer's Stone$/],
    ['the hunger gmaes', /^The Hunger Games$/],
    ['lordof the rings', /^The Lord of the Rings$/],
    ['fahren heit 451', /^Fahrenheit 451$/],
  ])('%s finds the book in the top 3', async (q, expected) => {
    const body = await search(q);
    expect(
      titles(body)
        .slice(0, 3)
        .some((title) => expected.test(title)),
      titles(body).join(' | '),
    ).toBe(true);
  });

  it('says what it searched for, and searches as typed when asked', async () => {
    const body = await search('tolkein');
    expect(body.correction).toEqual({ query: 'tolkien', original: 'tolkein' });
    const asTyped = await search('tolkein', '&asTyped=true');
    expect(asTyped.items).toEqual([]);
    expect(asTyped.correction).toBeNull();
    // Never a bare "nothing": the corrected spelling's books are offered.
    expect(asTyped.closest.map((item) => item.volumeInfo.title)).toContain('The Hobbit');
    // Words read right need no line.
    expect((await search('tolkien')).correction).toBeNull();
  });

  it('forgives typeahead typos too', async () => {
    expect((await suggest('tolkein')).some((item) => item.author === 'J.R.R. Tolkien')).toBe(true);
    expect((await suggest('hary pot'))[0]?.title).toMatch(/^Harry Potter/);
  });

  it('keeps the vocabulary current when books are added and edited', async () => {
    await server.db.insert(books).values({
      id: 'test-zanzibar',
      source: 'local',
      title: 'The Zanzibarian Lighthouse',
      authors: ['Amina Kassim'],
      primaryAuthor: 'Amina Kassim',
      language: 'en',
    });
    await server.app.services.vocabulary.refresh();
    expect(titles(await search('zanzibarien lighthouse'))[0]).toBe('The Zanzibarian Lighthouse');

    const admin = await signUp(server, { fullName: 'Admin Person' });
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
    const edited = await server.request(`/api/admin/books/test-zanzibar`, {
      method: 'PATCH',
      token: admin.token,
      body: { title: 'The Quillmarrow Lighthouse' },
    });
    expect(edited.status).toBe(200);
    await server.app.services.vocabulary.refresh();
    expect(titles(await search('quilmarrow'))[0]).toBe('The Quillmarrow Lighthouse');
    const [gone] = await selectRows<{ books: number }>(
      server.db,
      sql`SELECT books FROM search_terms WHERE kind = 'w' AND term = 'zanzibarian'`,
    );
    expect(gone?.books).toBe(0);
  });
});

describe('ISBNs', () => {
  it.each(['9780439023481', '0439023483', '978-0-439-02348-1', 'ISBN 0-439-02348-3', '439023483'])(
    '%s goes straight to its book',
    async (q) => {
      const body = await search(q);
      expect(body.items[0]?.id).toBe('1');
      expect(body.match).toEqual({ kind: 'isbn', bookId: '1' });
      expect((await suggest(q))[0]?.id).toBe('1');
    },
  );

  it('an ISBN with a wrong check digit is just text', async () => {
    expect((await search('9780439023482')).match).toBeNull();
  });
});

describe("Ge'ez spellings", () => {
  it('every spelling of the homophone letters finds every other', async () => {
    for (const q of ['ሀዲስ አለማየሁ', 'ሐዲስ ዓለማየሁ', 'ኀዲስ ኣለማየሁ']) {
      expect(titles(await search(q)), q).toContain('ፍቅር እስከ መቃብር');
    }
    expect(titles(await search('ፍቅር እሥከ መቃብር'))[0]).toBe('ፍቅር እስከ መቃብር');
  });

  it('keeps the original spelling for display', async () => {
    const body = await search('ሐዲስ ዓለማየሁ');
    const book = body.items.find((item) => item.volumeInfo.title === 'ፍቅር እስከ መቃብር')!;
    expect(book.volumeInfo.authors).toEqual(['ሀዲስ ዓለማየሁ']);
  });
});

describe('Latin-typed Amharic', () => {
  it.each([
    ['fikir eske mekabir', 'ፍቅር እስከ መቃብር'],
    ['fiqir iske meqabir', 'ፍቅር እስከ መቃብር'],
    ['fikr eske mekabr', 'ፍቅር እስከ መቃብር'],
    ['oromay', 'ኦሮማይ'],
    ['kadmas bashager', 'ከአድማስ ባሻገር'],
    ['tikusat', 'ትኩሳት'],
  ])('the title %s finds %s first', async (q, title) => {
    const body = await search(q);
    expect(titles(body)[0], titles(body).join(' | ')).toBe(title);
    expect(body.correction).toBeNull();
  });

  it.each([
    ['haddis alemayehu', 'ሀዲስ ዓለማየሁ'],
    ['bealu girma', 'በዓሉ ግርማ'],
  ])('the author %s finds their books', async (q, author) => {
    const body = await search(q);
    expect(body.items.length).toBeGreaterThan(1);
    expect(body.items[0]!.volumeInfo.authors).toContain(author);
  });

  it('a word the catalogue does not know is searched without, and the line says so', async () => {
    const body = await search('Fikir Eske Mekabir kq3x9z');
    expect(titles(body)[0]).toBe('ፍቅር እስከ መቃብር');
    expect(body.correction).toEqual({ query: 'fikir eske mekabir', original: 'Fikir Eske Mekabir kq3x9z' });
    expect((await search('Fikir Eske Mekabir kq3x9z', '&asTyped=true')).items).toEqual([]);
    const english = await search('hobbit kq3x9z');
    expect(titles(english)[0]).toBe('The Hobbit');
    expect(english.correction).toEqual({ query: 'hobbit', original: 'hobbit kq3x9z' });
  });

  it('and in typeahead', async () => {
    expect((await suggest('fikir eske mek')).map((item) => item.title)).toContain('ፍቅር እስከ መቃብር');
  });

  it("Ge'ez typed for a foreign title finds it", async () => {
    expect(titles(await search('ሃሪ ፖተር'))[0]).toMatch(/^Harry Potter/);
  });
});

describe('what a query means', () => {
  it("an author's name lists their own books before books about them", async () => {
    const body = await search('stephen king');
    const list = titles(body);
    const about = list.indexOf("The Road to the Dark Tower: Exploring Stephen King's Magnum Opus");
    const his = body.items.filter((item) => item.volumeInfo.authors.includes('Stephen King'));
    expect(his.length).toBeGreaterThanOrEqual(4);
    expect(body.items[0]!.volumeInfo.authors).toContain('Stephen King');
    if (about !== -1) expect(about).toBeGreaterThan(list.indexOf(his.at(-1)!.volumeInfo.title));
    // Most read first.
    const counts = his.map((item) => item.volumeInfo.ratingsCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it.each([
    ['hobbit tolkien', 'The Hobbit'],
    ['1984 orwell', '1984'],
    ['austen pride prejudice', 'Pride and Prejudice'],
  ])('a title and its author (%s) put the book first', async (q, title) => {
    expect(titles(await search(q))[0]).toBe(title);
  });

  it('a series lists in order', async () => {
    const list = titles(await search('harry potter'));
    expect(list.slice(0, 3)).toEqual([
      "Harry Potter and the Sorcerer's Stone",
      'Harry Potter and the Chamber of Secrets',
      'Harry Potter and the Prisoner of Azkaban',
    ]);
  });
});

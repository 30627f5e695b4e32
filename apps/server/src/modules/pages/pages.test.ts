import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Club } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books, users } from '../../db/schema/index.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { createClub } from '../../../test/clubs-helpers.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import { SITEMAP_LIMIT, sitemapFile, sitemapIndex, type SitemapSource } from './pages.sitemap.js';
import { pageUrls } from './pages.urls.js';

let server: TestServer;
let webDist: string;
let publicClub: Club;
let privateClub: Club;

/** The built client's index.html, with the markers the server fills in. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--head--><title>Nebab · ንባብ</title><meta name="description" content="default" /><!--/head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"><!--app--></div>
    <!--state-->
  </body>
</html>`;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'nebab-pages-dist-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), TEMPLATE);
  server = await startTestServer({ webDist, publicUrl: 'https://nebab.example' });
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const reader = await signUp(server);
  publicClub = await createClub(server.request, reader.token, { name: 'Hunger Games readers' });
  privateClub = await createClub(server.request, reader.token, {
    name: 'Secret circle',
    visibility: 'private',
  });
});
afterAll(async () => {
  await server?.close();
  await rm(webDist, { recursive: true, force: true });
});

/** `content` of `<meta name|property="key">` (all of them). */
function metas(html: string, key: string): string[] {
  const pattern = new RegExp(
    `<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`,
    'g',
  );
  return [...html.matchAll(pattern)].map((match) => decode(match[1]!));
}
const meta = (html: string, key: string) => metas(html, key)[0];

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function title(html: string): string | undefined {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  return match ? decode(match[1]!) : undefined;
}

function links(html: string, rel: string): Array<{ href: string; hreflang?: string }> {
  return [...html.matchAll(/<link rel="([^"]+)"(?: hreflang="([^"]+)")? href="([^"]+)">/g)]
    .filter((match) => match[1] === rel)
    .map((match) => ({ href: decode(match[3]!), ...(match[2] ? { hreflang: match[2] } : {}) }));
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const ofType = (items: Array<Record<string, unknown>>, type: string) =>
  items.find((item) => item['@type'] === type);

describe('a book page', () => {
  it('holds the title, description, canonical, hreflang, Open Graph, Twitter and JSON-LD in English', async () => {
    const res = await server.request('/book/1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = res.text;
    expect(html).toContain('<html lang="en">');
    expect(title(html)).toBe('The Hunger Games by Suzanne Collins · Nebab');
    // The shell's default title and description are replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('content="default"');

    const description = meta(html, 'description')!;
    expect(description).toMatch(/^The Hunger Games by Suzanne Collins\. Published in 2008\./);
    expect(description).toContain('Rated 4.3 out of 5 by');
    expect(description).not.toMatch(/<|>/);

    expect(links(html, 'canonical')).toEqual([{ href: 'https://nebab.example/book/1' }]);
    expect(links(html, 'alternate')).toEqual([
      { hreflang: 'en', href: 'https://nebab.example/book/1' },
      { hreflang: 'am', href: 'https://nebab.example/book/1?lang=am' },
      { hreflang: 'x-default', href: 'https://nebab.example/book/1' },
    ]);

    expect(meta(html, 'og:type')).toBe('book');
    expect(meta(html, 'og:title')).toBe('The Hunger Games by Suzanne Collins');
    expect(meta(html, 'og:url')).toBe('https://nebab.example/book/1');
    expect(meta(html, 'og:locale')).toBe('en_US');
    expect(meta(html, 'og:image')).toMatch(/^https:\/\//);
    expect(meta(html, 'book:isbn')).toBe('9780439023481');
    expect(metas(html, 'book:author')).toEqual(['https://nebab.example/author/Suzanne%20Collins']);
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(meta(html, 'robots')).toBeUndefined();

    const ld = jsonLd(html);
    const book = ofType(ld, 'Book')!;
    expect(book).toMatchObject({
      '@context': 'https://schema.org',
      name: 'The Hunger Games',
      url: 'https://nebab.example/book/1',
      isbn: '9780439023481',
      inLanguage: 'en',
      author: [
        { '@type': 'Person', name: 'Suzanne Collins', url: 'https://nebab.example/author/Suzanne%20Collins' },
      ],
      aggregateRating: { '@type': 'AggregateRating', bestRating: 5 },
    });
    const rating = book.aggregateRating as { ratingValue: number; ratingCount: number };
    expect(rating.ratingValue).toBeGreaterThan(4);
    expect(rating.ratingCount).toBeGreaterThan(1000);
    const trail = ofType(ld, 'BreadcrumbList')!.itemListElement as Array<{
      position: number;
      name: string;
      item: string;
    }>;
    expect(trail[0]).toMatchObject({ position: 1, name: 'Home', item: 'https://nebab.example/' });
    expect(trail.at(-1)).toMatchObject({ name: 'The Hunger Games', item: 'https://nebab.example/book/1' });
  });

  it('loads the client after the first paint with an inline script the CSP allows by its hash', async () => {
    const res = await server.request('/book/1');
    expect(res.text).not.toContain('<script type="module"');
    const inline = /<script>([\s\S]*?)<\/script>/.exec(res.text)![1]!;
    expect(inline).toContain('/assets/index-abc.js');
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('is Amharic with ?lang=am: <html lang="am">, Amharic text, its own canonical', async () => {
    const res = await server.request('/book/1?lang=am');
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain('<html lang="am">');
    expect(res.headers.get('content-language')).toBe('am');
    expect(title(html)).toBe('The Hunger Games — ደራሲ፦ Suzanne Collins · ንባብ');
    expect(meta(html, 'description')).toContain('የታተመው በ2008።');
    expect(meta(html, 'og:locale')).toBe('am_ET');
    expect(meta(html, 'og:locale:alternate')).toBe('en_US');
    expect(links(html, 'canonical')).toEqual([{ href: 'https://nebab.example/book/1?lang=am' }]);
    const trail = ofType(jsonLd(html), 'BreadcrumbList')!.itemListElement as Array<{ name: string }>;
    expect(trail[0]!.name).toBe('መነሻ');
  });

  it("follows the reader's language cookie when the address names none", async () => {
    const res = await server.request('/book/1', { headers: { cookie: 'NR_lang=am' } });
    expect(res.text).toContain('<html lang="am">');
    expect(res.headers.get('vary')).toContain('Cookie');
    // The Amharic version's address, not the bare one, is its canonical.
    expect(links(res.text, 'canonical')).toEqual([{ href: 'https://nebab.example/book/1?lang=am' }]);
  });

  it("uses an admin's description as plain text", async () => {
    await server.db
      .update(books)
      .set({ description: '<p>A <strong>girl</strong> &amp; her sister.</p><p>Second paragraph.</p>' })
      .where(eq(books.id, '2'));
    const html = (await server.request('/book/2')).text;
    expect(meta(html, 'description')).toBe('A girl & her sister. Second paragraph.');
    expect(ofType(jsonLd(html), 'Book')!.description).toBe('A girl & her sister. Second paragraph.');
  });

  it('presents as an ISBN only what passes the ISBN check (not a Barnes & Noble number)', async () => {
    // goodbooks' /book/9989 carries 2940014746151 in its ISBN13 column: a valid EAN-13, but Barnes &
    // Noble's number of a Nook edition, not an ISBN (those are 978/979…). Its ISBN-10 here fails the
    // check digit. Neither is labelled ISBN in the page, its JSON-LD or the API.
    await server.db
      .update(books)
      .set({ isbn13: '2940014746151', isbn10: '0439023482' })
      .where(eq(books.id, '5'));
    const html = (await server.request('/book/5')).text;
    expect(meta(html, 'book:isbn')).toBeUndefined();
    expect(ofType(jsonLd(html), 'Book')!.isbn).toBeUndefined();
    const api = await server.request<{ industryIdentifiers: unknown[]; coverCandidates: string[] }>(
      '/api/books/5',
    );
    expect(api.body.industryIdentifiers).toEqual([]);
    expect(api.body.coverCandidates.join(' ')).not.toContain('2940014746151');
    // The raw number stays where it is useful: matching a Goodreads export of that edition.
    const [row] = await server.db.select({ isbn13: books.isbn13 }).from(books).where(eq(books.id, '5'));
    expect(row!.isbn13).toBe('2940014746151');

    // A real ISBN-13 and ISBN-10 are presented, ISBN-13 first.
    await server.db
      .update(books)
      .set({ isbn13: '9780439023481', isbn10: '0439023483' })
      .where(eq(books.id, '5'));
    expect(
      (await server.request<{ industryIdentifiers: unknown[] }>('/api/books/5')).body.industryIdentifiers,
    ).toEqual([
      { type: 'ISBN_13', identifier: '9780439023481' },
      { type: 'ISBN_10', identifier: '0439023483' },
    ]);
  });

  it('previews a book without a real cover with the generated PNG at an absolute address', async () => {
    await server.db.update(books).set({ coverUrl: null, thumbnailUrl: null }).where(eq(books.id, '3'));
    const html = (await server.request('/book/3')).text;
    const image = meta(html, 'og:image')!;
    expect(image).toBe('https://nebab.example/api/books/3/cover.png');
    expect(meta(html, 'og:image:type')).toBe('image/png');
    const png = await fetch(`${server.url}/api/books/3/cover.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(400); // IHDR width
    expect(bytes.readUInt32BE(20)).toBe(600); // IHDR height
  });

  it('answers 404 with the not-found head for an unknown or inactive book', async () => {
    const unknown = await server.request('/book/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(title(unknown.text)).toBe('Page not found · Nebab');
    expect(meta(unknown.text, 'robots')).toBe('noindex');
    expect(links(unknown.text, 'canonical')).toEqual([]);
    expect(jsonLd(unknown.text)).toEqual([]);
    expect(unknown.text).toContain('<div id="root">');
    expect((await server.request('/book/does-not-exist?lang=am')).text).toContain('ገጹ አልተገኘም');

    await server.db.update(books).set({ status: 'inactive' }).where(eq(books.id, '4'));
    expect((await server.request('/book/4')).status).toBe(404);
    expect((await server.request('/api/books/4/cover.png')).status).toBe(404);
  });

  it('answers 404 for a reader-added book no admin has checked, and leaves it out of the sitemap until then', async () => {
    const reader = await signUp(server);
    const added = await server.request<{ id: string }>('/api/books', {
      token: reader.token,
      method: 'POST',
      body: { title: 'Marigold Cartography', authors: ['Tsion Marigold'], language: 'en' },
    });
    const loc = `<loc>https://nebab.example/book/${added.body.id}</loc>`;
    const author = '<loc>https://nebab.example/author/Tsion%20Marigold</loc>';
    expect((await server.request(`/book/${added.body.id}`)).status).toBe(404);
    expect((await server.request(`/author/${encodeURIComponent('Tsion Marigold')}`)).status).toBe(404);
    expect((await server.request('/sitemaps/books-1.xml')).text).not.toContain(loc);
    expect((await server.request('/sitemaps/authors-1.xml')).text).not.toContain(author);

    const admin = await signUp(server);
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
    const checked = await server.request(`/api/admin/reader-books/${added.body.id}/check`, {
      token: admin.token,
      method: 'POST',
    });
    expect(checked.status).toBe(204);
    // (A rendered page is kept 10 s: the Amharic page, not asked before, shows the change.)
    expect((await server.request(`/book/${added.body.id}?lang=am`)).status).toBe(200);
    expect((await server.request('/sitemaps/books-1.xml')).text).toContain(loc);
    expect((await server.request('/sitemaps/authors-1.xml')).text).toContain(author);
  });
});

describe('other public pages', () => {
  it('a genre page: its title and description in both languages, with a breadcrumb', async () => {
    const en = await server.request('/discover?genre=fantasy');
    expect(en.status).toBe(200);
    expect(title(en.text)).toBe('Fantasy Books · Nebab');
    expect(links(en.text, 'canonical')).toEqual([{ href: 'https://nebab.example/discover?genre=fantasy' }]);
    expect(ofType(jsonLd(en.text), 'CollectionPage')).toBeDefined();
    const am = await server.request('/discover?genre=fantasy&lang=am');
    expect(am.text).toContain('<html lang="am">');
    expect(links(am.text, 'canonical')).toEqual([
      { href: 'https://nebab.example/discover?genre=fantasy&lang=am' },
    ]);
  });

  it('/discover with an unknown genre is the 404 page, not a silent Biography page', async () => {
    for (const query of ['nosuchgenre', 'biographyx', '%3Cscript%3E']) {
      const res = await server.request(`/discover?genre=${query}`);
      expect(res.status).toBe(404);
      expect(title(res.text)).toBe('Page not found · Nebab');
      expect(meta(res.text, 'robots')).toBe('noindex');
      expect(links(res.text, 'canonical')).toEqual([]);
      expect(jsonLd(res.text)).toEqual([]);
    }
    expect((await server.request('/discover?genre=nosuchgenre&lang=am')).status).toBe(404);
    // No genre is the default one (spec §2); a genre is read as the client reads it.
    const plain = await server.request('/discover');
    expect(plain.status).toBe(200);
    expect(title(plain.text)).toBe('Biography Books · Nebab');
    const typed = await server.request('/discover?genre=%20Fantasy');
    expect(typed.status).toBe(200);
    expect(links(typed.text, 'canonical')).toEqual([
      { href: 'https://nebab.example/discover?genre=fantasy' },
    ]);
  });

  it('/genre/{name} moves permanently to the genre page; an unknown genre is 404', async () => {
    const moved = await server.request('/genre/science%20fiction');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/discover?genre=science-fiction');
    expect((await server.request('/genre/fantasy/popular')).headers.get('location')).toBe(
      '/discover?genre=fantasy#popular',
    );
    expect((await server.request('/genre/not-a-genre')).status).toBe(404);
  });

  it("a genre's lists and groups are pages of their own", async () => {
    const lists = await server.request('/genre/fantasy/lists');
    expect(lists.status).toBe(200);
    expect(title(lists.text)).toBe('Fantasy book lists · Nebab');
    expect(links(lists.text, 'canonical')).toEqual([{ href: 'https://nebab.example/genre/fantasy/lists' }]);
    const groups = await server.request('/groups/fantasy?lang=am');
    expect(groups.status).toBe(200);
    expect(groups.text).toContain('<html lang="am">');
    expect(title(groups.text)).toContain('የንባብ ቡድኖች');
    expect((await server.request('/groups/not-a-genre')).status).toBe(404);
  });

  it('a public reader profile has Person JSON-LD; followers-only is a card not indexed; private is 404', async () => {
    const reader = await signUp(server, { fullName: 'Tigist Haile' });
    const id = reader.response.user.id;
    const page = await server.request(`/reader/${id}`);
    expect(page.status).toBe(200);
    expect(title(page.text)).toBe('Tigist Haile — a reader on Nebab · Nebab');
    expect(meta(page.text, 'og:type')).toBe('profile');
    expect(links(page.text, 'canonical')).toEqual([{ href: `https://nebab.example/reader/${id}` }]);
    expect(jsonLd(page.text).find((item) => item['@type'] === 'ProfilePage')).toMatchObject({
      mainEntity: { '@type': 'Person', name: 'Tigist Haile' },
    });
    expect(meta(page.text, 'description')).toBe(
      'Tigist Haile on Nebab: 0 books read, 0 reviews, 0 book lists, 0 followers.',
    );
    const privacy = (profileVisibility: string, showReadingList = true) =>
      server.request('/api/me/privacy', {
        method: 'PUT',
        token: reader.token,
        body: { profileVisibility, showReadingList, showLocation: false },
      });
    // A hidden reading list is not counted in the description either.
    expect((await privacy('public', false)).status).toBe(200);
    const hidden = await server.request(`/reader/${id}?lang=am`);
    expect(meta(hidden.text, 'description')).toBe('Tigist Haile በንባብ፦ 0 ግምገማዎች፣ 0 የመጻሕፍት ዝርዝሮች፣ 0 ተከታዮች።');
    expect((await privacy('followers')).status).toBe(200);
    const card = await server.request(`/reader/${id}`);
    expect(card.status).toBe(200);
    expect(meta(card.text, 'robots')).toBe('noindex, follow');
    expect((await privacy('private')).status).toBe(200);
    expect((await server.request(`/reader/${id}`)).status).toBe(404);
    expect((await server.request('/reader/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await server.request('/reader/not-an-id')).status).toBe(404);
  });

  it('a public book list has ItemList JSON-LD with its books; a private list is 404', async () => {
    const owner = await signUp(server, { fullName: 'Dawit Bekele' });
    const made = await server.request<{ id: string }>('/api/lists', {
      token: owner.token,
      body: { title: 'Dystopias to read', description: '', visibility: 'public', mode: 'curated' },
    });
    expect(made.status).toBe(201);
    expect(
      (
        await server.request(`/api/lists/${made.body.id}/books`, {
          token: owner.token,
          body: { bookId: '1' },
        })
      ).status,
    ).toBeLessThan(300);
    const page = await server.request(`/list/${made.body.id}`);
    expect(page.status).toBe(200);
    expect(title(page.text)).toBe('Dystopias to read — a book list by Dawit Bekele · Nebab');
    expect(meta(page.text, 'description')).toContain('The Hunger Games');
    const list = jsonLd(page.text).find((item) => item['@type'] === 'ItemList');
    expect(list).toMatchObject({
      numberOfItems: 1,
      itemListElement: [{ position: 1, url: 'https://nebab.example/book/1' }],
    });
    const hidden = await server.request<{ id: string }>('/api/lists', {
      token: owner.token,
      body: { title: 'Just for me', visibility: 'private' },
    });
    expect((await server.request(`/list/${hidden.body.id}`)).status).toBe(404);
    const sitemap = (await server.request('/sitemaps/lists-1.xml')).text;
    expect(sitemap).toContain(`/list/${made.body.id}</loc>`);
    expect(sitemap).not.toContain(hidden.body.id);
    expect((await server.request('/sitemaps/readers-1.xml')).text).toContain(
      `/reader/${owner.response.user.id}</loc>`,
    );
  });

  it('an author page: Person JSON-LD with their works; an unknown author is 404', async () => {
    const res = await server.request('/author/Suzanne%20Collins');
    expect(res.status).toBe(200);
    expect(title(res.text)).toBe('Suzanne Collins — books and ratings · Nebab');
    expect(meta(res.text, 'og:type')).toBe('profile');
    const ld = jsonLd(res.text);
    const person = ofType(ld, 'Person')!;
    expect(person).toMatchObject({
      '@id': 'https://nebab.example/author/Suzanne%20Collins#person',
      name: 'Suzanne Collins',
      url: 'https://nebab.example/author/Suzanne%20Collins',
    });
    // schema.org defines workExample on creative works, not people; a book cover is no portrait.
    expect(person).not.toHaveProperty('workExample');
    expect(person).not.toHaveProperty('image');
    // The works: Books whose author is that person, linked to each book page's own Book.
    const works = ofType(ld, 'ItemList')!;
    expect(works.name).toBe('Books by Suzanne Collins');
    const items = works.itemListElement as Array<{ position: number; item: Record<string, unknown> }>;
    expect(items.length).toBe(works.numberOfItems);
    const hungerGames = items.find((entry) => entry.item.name === 'The Hunger Games')!;
    expect(hungerGames.item).toEqual({
      '@type': 'Book',
      '@id': 'https://nebab.example/book/1#book',
      name: 'The Hunger Games',
      url: 'https://nebab.example/book/1',
      author: { '@type': 'Person', '@id': person['@id'], name: 'Suzanne Collins' },
    });
    const bookLd = ofType(jsonLd((await server.request('/book/1')).text), 'Book')!;
    expect(bookLd['@id']).toBe(hungerGames.item['@id']);
    expect((await server.request('/author/Nobody%20Atall')).status).toBe(404);
  });

  it('the search page is a page; its results are not indexed and have no canonical', async () => {
    const page = await server.request('/search');
    expect(meta(page.text, 'robots')).toBeUndefined();
    expect(links(page.text, 'canonical')).toEqual([{ href: 'https://nebab.example/search' }]);
    expect(meta((await server.request('/search?genre=fantasy')).text, 'robots')).toBe('noindex, follow');

    const res = await server.request('/search?q=hunger');
    expect(res.status).toBe(200);
    expect(title(res.text)).toBe('Results for “hunger” · Nebab');
    expect(meta(res.text, 'robots')).toBe('noindex, follow');
    expect(links(res.text, 'canonical')).toEqual([]);
  });

  it('a public club has its page; an unknown club and a private club are 404', async () => {
    const open = await server.request(`/community/bookclub?club=${publicClub.id}`);
    expect(open.status).toBe(200);
    expect(title(open.text)).toBe('Hunger Games readers — a book club on Nebab · Nebab');
    expect(links(open.text, 'canonical')).toEqual([
      { href: `https://nebab.example/community/bookclub?club=${publicClub.id}` },
    ]);

    const hidden = await server.request(`/community/bookclub?club=${privateClub.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain('Secret circle');
    expect(meta(hidden.text, 'robots')).toBe('noindex');

    expect(
      (await server.request('/community/bookclub?club=00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    expect((await server.request('/community/bookclub?club=not-a-uuid')).status).toBe(404);
    expect((await server.request('/community/bookclub')).status).toBe(200);
    // A search of the clubs (the page's GET form) is a result page: not indexed, no canonical.
    const found = await server.request('/community/bookclub?q=hunger');
    expect(found.status).toBe(200);
    expect(meta(found.text, 'robots')).toBe('noindex, follow');
    expect(links(found.text, 'canonical')).toEqual([]);
    expect(meta((await server.request('/community/bookclub')).text, 'robots')).toBeUndefined();
  });

  it('the landing page describes the site (WebSite with a search action)', async () => {
    const res = await server.request('/');
    expect(res.status).toBe(200);
    const site = ofType(jsonLd(res.text), 'WebSite')!;
    expect(site.potentialAction).toMatchObject({ '@type': 'SearchAction' });
    expect(meta(res.text, 'og:image')).toBe('https://nebab.example/og-image.png');
  });

  it('the newsletter unsubscribe link is a page on GET (changing nothing); a POST to it is the one-click', async () => {
    const page = await server.request('/newsletter/unsubscribe?token=unknown');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const oneClick = await server.request('/newsletter/unsubscribe?token=unknown', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(400);
    expect((await server.request('/newsletter/confirm?token=x')).status).toBe(200);
  });

  it('every page has a description of its own, in both languages', async () => {
    const paths = [
      '/',
      '/privacy',
      '/terms',
      '/contact',
      '/reviews',
      '/login',
      '/signup',
      '/genres',
      '/books',
      '/aboutus',
      '/search',
      '/authors',
      '/community/bookclub',
      '/dashboard/readinglist',
      '/admin/dashboard',
      '/preferences',
      '/newsletter/unsubscribe?token=x',
    ];
    for (const language of ['en', 'am']) {
      const seen = new Map<string, string>();
      for (const path of paths) {
        const html = (await server.request(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`)).text;
        const description = meta(html, 'description')!;
        expect(description, `${path} (${language})`).toBeTruthy();
        expect(seen.get(description), `${path} shares its description (${language})`).toBeUndefined();
        seen.set(description, path);
      }
    }
    expect(meta((await server.request('/privacy')).text, 'description')).toMatch(/We do not sell your data/);
    expect(meta((await server.request('/contact?lang=am')).text, 'description')).toContain('ለንባብ ቡድን ይጻፉ');
    const login = await server.request('/login');
    expect(title(login.text)).toBe('Log in · Nebab');
    expect(meta(login.text, 'robots')).toBe('noindex');
  });

  it('unknown paths are 404; signed-in screens are shells that are never indexed', async () => {
    expect((await server.request('/no/such/page')).status).toBe(404);
    const dashboard = await server.request('/dashboard/readinglist');
    expect(dashboard.status).toBe(200);
    expect(meta(dashboard.text, 'robots')).toBe('noindex');
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps /dashboard, /admin and /api out and points to the sitemap', async () => {
    const res = await server.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Disallow: /dashboard', 'Disallow: /admin', 'Disallow: /api']),
    );
    expect(lines).toContain('Sitemap: https://nebab.example/sitemap.xml');
  });

  it('the sitemap index names one file per kind of page, each with lastmod and alternates', async () => {
    const index = await server.request('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(files).toEqual([
      'https://nebab.example/sitemaps/pages-1.xml',
      'https://nebab.example/sitemaps/genres-1.xml',
      'https://nebab.example/sitemaps/books-1.xml',
      'https://nebab.example/sitemaps/authors-1.xml',
      'https://nebab.example/sitemaps/clubs-1.xml',
      'https://nebab.example/sitemaps/lists-1.xml',
      'https://nebab.example/sitemaps/readers-1.xml',
    ]);

    const booksXml = (await server.request('/sitemaps/books-1.xml')).text;
    const urls = [...booksXml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]!);
    expect(urls.length).toBeGreaterThan(60);
    const first = urls.find((url) => url.includes('<loc>https://nebab.example/book/1</loc>'))!;
    expect(first).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
    expect(first).toContain('hreflang="am" href="https://nebab.example/book/1?lang=am"');
    // Inactive books are not listed.
    expect(booksXml).not.toContain('<loc>https://nebab.example/book/4</loc>');

    const genres = (await server.request('/sitemaps/genres-1.xml')).text;
    expect(genres.match(/<url>/g)).toHaveLength(30);
    expect(genres).toContain('<loc>https://nebab.example/discover?genre=fantasy</loc><lastmod>');
    expect((await server.request('/sitemaps/authors-1.xml')).text).toContain(
      '<loc>https://nebab.example/author/Suzanne%20Collins</loc><lastmod>',
    );
    const clubs = (await server.request('/sitemaps/clubs-1.xml')).text;
    expect(clubs).toContain(`club=${publicClub.id}</loc><lastmod>`);
    expect(clubs).not.toContain(privateClub.id);
    expect((await server.request('/sitemaps/books-2.xml')).status).toBe(404);
  });

  it(`splits a kind of page into files of ${SITEMAP_LIMIT.toLocaleString('en')} addresses`, async () => {
    const total = 100_001;
    const source: SitemapSource = {
      name: 'books',
      count: async () => total,
      page: async (offset, limit) =>
        Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
          path: `/book/${offset + i}`,
          lastmod: new Date('2026-01-01T00:00:00Z'),
        })),
    };
    const urls = pageUrls('https://nebab.example', 'en');
    const index = await sitemapIndex([source], urls);
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      'https://nebab.example/sitemaps/books-1.xml',
      'https://nebab.example/sitemaps/books-2.xml',
      'https://nebab.example/sitemaps/books-3.xml',
    ]);
    const third = (await sitemapFile([source], urls, 'en', 'books-3.xml'))!;
    expect(third.match(/<url>/g)).toHaveLength(1);
    expect(third).toContain('<loc>https://nebab.example/book/100000</loc>');
    const second = (await sitemapFile([source], urls, 'en', 'books-2.xml'))!;
    expect(second.match(/<url>/g)).toHaveLength(SITEMAP_LIMIT);
  });
});

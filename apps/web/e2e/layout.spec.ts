import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { apiAdmin, apiCall, apiReader, useToken } from './support/api';
import { expectAccessible } from './support/fixtures';

/**
 * No page scrolls sideways: every route of the route table (src/routes.tsx), as a visitor, a reader
 * and an admin, at 360 and 1440 px (the phone and the desktop; the header, the part that changes at
 * each breakpoint between them, has a sweep of its own below). The header must fold into its menu
 * before it runs out of room, so none of its links or buttons may wrap onto a second line either.
 *
 * axe runs once per page and role where that role sees something of its own: the visitor on every
 * page it lands on (once: twenty signed-in routes send it to the same sign-in page), a reader on the
 * signed-in screens and the pages that gain a reader's controls, an admin on the admin screens and
 * the pages that gain moderation controls (AXE_AS below). Every route is still loaded and measured at
 * every width for every role.
 */

const WIDTHS = [360, 1440] as const;

/** One URL per route of the table; `:id`-style parts are filled in once the catalogue is known. */
const ROUTES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/verify-email?token=not-a-real-token',
  '/delete-account?token=not-a-real-token',
  '/newsletter/confirm?token=not-a-real-token',
  '/newsletter/unsubscribe?token=not-a-real-token',
  '/notifications/unsubscribe?token=not-a-real-token',
  '/delete-account?token=not-a-real-token',
  '/auth/callback',
  '/aboutus',
  '/about',
  '/preferences',
  '/dashboard',
  '/dashboard/readinglist',
  '/dashboard/reading-list',
  '/dashboard/recommendations',
  '/dashboard/settings',
  '/dashboard/settings?section=security',
  '/dashboard/settings?section=preferences',
  '/dashboard/settings?section=privacy',
  '/dashboard/stats',
  '/dashboard/lists',
  '/dashboard/notifications',
  '/admin',
  '/admin/dashboard',
  '/admin/dashboard/manageuser',
  '/admin/dashboard/managebook',
  '/admin/dashboard/notification',
  '/admin/dashboard/notification/detail',
  '/admin/dashboard/reviewmoderation',
  '/admin/reports',
  '/admin/reading-lists',
  '/admin/settings',
  '/admin/messages',
  '/admin/book-approvals',
  '/admin/newsletter',
  '/admin/books/edit/{book}',
  '/upload/book',
  '/book/{book}',
  '/book/{ethiopianBook}',
  '/search?q=love',
  '/books',
  '/discover?genre=fantasy',
  '/discover?genre=no-such-genre',
  '/community/bookclub',
  '/community/bookclub?club={club}',
  '/clubs',
  '/genres',
  '/genre/fantasy',
  '/genre/science fiction/new',
  '/genre/fantasy/lists',
  '/groups/fantasy',
  '/group/{club}',
  '/reader/{reader}',
  '/reader/{reader}/followers',
  '/reader/{reader}/following',
  '/list/{list}',
  '/author/{author}',
  '/authors',
  '/privacy',
  '/terms',
  '/contact',
  '/reviews',
  '/no/such/page',
];

test('the list above covers every path of the route table', () => {
  const table = readFileSync(new URL('../src/routes.tsx', import.meta.url), 'utf8');
  const paths = [...table.matchAll(/path: '([^']+)'/g)]
    .map((match) => match[1]!)
    .filter((path) => path !== '*');
  expect(paths.length).toBeGreaterThan(30);
  const urls = ROUTES.map((route) => route.split('?')[0]!);
  const missing = paths.filter((path) => {
    const pattern = new RegExp(`/${path.replace(/:[a-zA-Z]+/g, '[^/]+')}(/|$)`);
    return !urls.some((url) => pattern.test(url));
  });
  expect(missing).toEqual([]);
});

/** Which routes axe checks for each role (by the route's path, before ids are filled in). */
const AXE_AS: Record<'visitor' | 'reader' | 'admin', (path: string) => boolean> = {
  visitor: () => true,
  reader: (path) =>
    /^\/(dashboard|preferences|upload|book|reader|list|group|community|clubs)(\/|$)/.test(path),
  admin: (path) => /^\/(admin|upload|book|reader|list|group|community)(\/|$)/.test(path),
};

interface Overflow {
  /** How much wider than the window the page is (0 when it fits). */
  page: number;
  /** The header's own row: overflowing, or with a link or button taller than the row (wrapped). */
  header: string[];
  /** What sticks out (for the failure message). */
  culprits: string[];
}

async function measure(page: Page): Promise<Overflow> {
  return page.evaluate(async () => {
    // The layout after the last resize: two frames, so style, layout and a resize observer's
    // re-render have all run (no wall-clock wait).
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const width = window.innerWidth;
    const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const all = [...document.querySelectorAll<HTMLElement>('body *')];
    const outside = all
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .filter(
        (element) => ![...element.children].some((child) => child.getBoundingClientRect().right > width + 1),
      );
    // Text that runs out of a box which itself fits (an unbreakable word) moves no element's edge.
    const spilling = all.filter(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 &&
        element.clientWidth > 0 &&
        getComputedStyle(element).overflowX === 'visible' &&
        element.getBoundingClientRect().left + element.scrollWidth > width + 1,
    );
    const culprits = [...outside, ...spilling]
      .slice(0, 4)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    const header: string[] = [];
    const row = document.querySelector<HTMLElement>('header .page-container');
    if (row) {
      if (row.scrollWidth > row.clientWidth + 1) header.push(`row ${row.scrollWidth} > ${row.clientWidth}`);
      const height = row.getBoundingClientRect().height;
      for (const item of row.querySelectorAll<HTMLElement>('a, button, select')) {
        const box = item.getBoundingClientRect();
        if (box.height > height + 1) header.push(`"${item.textContent?.trim()}" wraps (${box.height}px)`);
      }
    }
    return { page: Math.max(0, pageWidth - width), header, culprits };
  });
}

/** A name as long as signup allows (100), with a 64-letter word in it (a wide letter, W). */
const LONGEST_NAME = `Tigist ${'W'.repeat(64)} Gebre-Egziabher Habte-Mariam`.padEnd(100, 'a');

/** Waits until the route has rendered: no route or content spinner left, fonts loaded (bounded). */
async function settle(page: Page): Promise<void> {
  await page.locator('#main-content').waitFor();
  await page
    .waitForFunction(() => !document.querySelector('.spinner, [data-testid="route-spinner"]'), null, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

for (const role of ['visitor', 'reader', 'admin'] as const) {
  test(`no page is wider than the window, as ${role === 'admin' ? 'an' : 'a'} ${role}`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(12 * 60_000);
    // Data that makes pages long and wide: a review, a club with a long name, a contact message.
    // The longest name a reader may choose, one word of it unbreakable: every page that shows it
    // must wrap or clip it, whatever the widths of its letters.
    const author = await apiReader(request, 'layout-author', LONGEST_NAME);
    const trending = await apiCall<{ items: { id: string }[] }>(
      request,
      'GET',
      '/api/books/trending?limit=1',
      null,
    );
    const book = trending.items[0]!.id;
    const ethiopian = await apiCall<{ items: { id: string }[] }>(
      request,
      'GET',
      '/api/search?language=am&sort=rating&pageSize=1',
      null,
    );
    const ethiopianBook = ethiopian.items[0]?.id ?? book;
    await request.post(`/api/books/${encodeURIComponent(book)}/reviews`, {
      data: { rating: 4, comment: 'A long, patient and generous novel. '.repeat(12), visibility: 'public' },
      headers: { authorization: `Bearer ${author.token}` },
    });
    const club = await apiCall<{ id: string }>(request, 'POST', '/api/clubs', author.token, {
      name: 'The Addis Ababa Saturday Morning Literary Circle and Coffee Society',
      description: 'We read slowly and talk long.',
      visibility: 'public',
      genre_focus: 'fiction',
    });
    const { user } = await apiCall<{ user: { id: string } }>(request, 'GET', '/api/auth/me', author.token);
    const list = await apiCall<{ id: string }>(request, 'POST', '/api/lists', author.token, {
      title: 'Long novels to read slowly over a whole rainy season in Addis Ababa',
      description: 'Big books, one chapter a day.',
      visibility: 'public',
      mode: 'open',
    });
    await apiCall(request, 'POST', `/api/lists/${list.id}/books`, author.token, { bookId: book });
    await request.post('/api/contact', {
      data: {
        name: 'Selam Tesfaye',
        email: 'selam@example.com',
        subject: 'A very long subject line about a book that is missing from the catalogue',
        message: 'Please add Fikir Eske Mekabir.',
      },
    });

    const context = await browser.newContext();
    if (role === 'reader') await useToken(context, (await apiReader(request, 'layout-reader')).token);
    if (role === 'admin') await useToken(context, await apiAdmin(request));
    const page = await context.newPage();

    const failures: string[] = [];
    /** Where axe already ran for this role (final path and query). */
    const checked = new Set<string>();
    for (const route of ROUTES) {
      const url = route
        .replace('{book}', encodeURIComponent(book))
        .replace('{ethiopianBook}', encodeURIComponent(ethiopianBook))
        .replace('{club}', club.id)
        .replace('{reader}', user.id)
        .replace('{list}', list.id)
        .replace('{author}', encodeURIComponent('J.K. Rowling'));
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(url);
      await settle(page);
      const landed = new URL(page.url());
      const where = `${landed.pathname}${landed.search}`;
      if (!checked.has(where) && AXE_AS[role](route)) {
        checked.add(where);
        await expectAccessible(page);
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const found = await measure(page);
        if (found.page > 0 || found.header.length > 0)
          failures.push(
            `${url} (${new URL(page.url()).pathname}) at ${width}px: ${found.page}px too wide ${found.culprits.join(' | ')} ${found.header.join('; ')}`,
          );
      }
    }
    expect(failures).toEqual([]);
    await context.close();
  });
}

/**
 * Where the header changes: Tailwind's breakpoints (sm 640, md 768, lg 1024, xl 1280), which its
 * classes use. Within a band the header's row only grows with the window, so a band's narrowest width
 * is where it is tightest; each band's edges are measured, and 360 and 1600 px.
 */
const HEADER_WIDTHS = [1600, 1280, 1279, 1024, 1023, 768, 767, 640, 639, 360];

test('the header keeps fitting at every width where it changes, in both languages', async ({
  browser,
  request,
}) => {
  test.setTimeout(3 * 60_000);
  const reader = await apiReader(request, 'layout-sweep');
  const admin = await apiAdmin(request);
  const failures: string[] = [];
  for (const [who, token] of [
    ['visitor', null],
    ['reader', reader.token],
    ['admin', admin],
  ] as const) {
    for (const lang of ['en', 'am'] as const) {
      // The account's language applies on sign-in, so it is set there too.
      if (token) await apiCall(request, 'PUT', '/api/account/display', token, { language: lang });
      const context = await browser.newContext();
      if (token) await useToken(context, token);
      await context.addInitScript((language) => window.localStorage.setItem('NR_lang', language), lang);
      const page = await context.newPage();
      await page.goto('/books');
      await settle(page);
      for (const width of HEADER_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const found = await measure(page);
        if (found.page > 0 || found.header.length > 0)
          failures.push(`${who} ${lang} ${width}px: ${found.page}px ${found.header.join('; ')}`);
      }
      await context.close();
    }
  }
  // The shared admin account goes back to English for the specs that follow.
  await apiCall(request, 'PUT', '/api/account/display', admin, { language: 'en' });
  expect(failures).toEqual([]);
});

import { expect, test } from './support/test';
import { expectAccessible, finishWizard, signUp } from './support/fixtures';

/**
 * Server-rendered pages: a book page reads without JavaScript (title, author, description in the HTML
 * the server sends), and with JavaScript the same markup is hydrated — not thrown away and rendered
 * again — and works (Add to Reading List). The service worker then serves the reader's list offline.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a book page shows its title, author and description', async ({ page }) => {
    const response = await page.goto('/book/1');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('The Hunger Games by Suzanne Collins · Nebab');
    await expect(page.getByRole('heading', { level: 1, name: 'The Hunger Games' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Suzanne Collins' })).toHaveAttribute(
      'href',
      '/author/Suzanne%20Collins',
    );
    await expect(page.getByTestId('book-about-line')).toContainText(
      'A 2008 Science Fiction, Young Adult, and Fiction book, book 1 of The Hunger Games',
    );
    await expect(page.getByRole('heading', { name: 'Related Books' })).toBeVisible();
    // (axe needs JavaScript; the same page is checked with it below.)
  });

  test('the Amharic book page and an unknown book (404, not-found page)', async ({ page }) => {
    await page.goto('/book/1?lang=am');
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await expect(page.getByRole('heading', { name: 'ስለዚህ መጽሐፍ' })).toBeVisible();

    const missing = await page.goto('/book/no-such-book');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Book not found' })).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the book page hydrates the server markup, Add to Reading List works, and the list opens offline', async ({
    page,
    context,
  }) => {
    await signUp(page);
    await finishWizard(page);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Watch the server-rendered heading: hydration keeps that very element (a mismatch would replace it).
    await page.addInitScript(() => {
      const state = { removed: false };
      (window as unknown as { __nebabHeading: typeof state }).__nebabHeading = state;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element && (node.id === 'book-title' || node.querySelector('#book-title')))
              state.removed = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|23|25)/i.test(message.text()))
        errors.push(message.text());
    });

    const response = await page.goto('/book/2');
    expect(await response?.text()).toContain('<h1 id="book-title"');
    await expect(
      page.getByRole('heading', { level: 1, name: "Harry Potter and the Sorcerer's Stone" }),
    ).toBeVisible();
    // Signed in after hydration (the header shows the account menu), then the button works.
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    await page.getByRole('button', { name: 'Add to Reading List' }).click();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('wantToRead');
    expect(
      await page.evaluate(
        () => (window as unknown as { __nebabHeading: { removed: boolean } }).__nebabHeading.removed,
      ),
    ).toBe(false);
    expect(errors).toEqual([]);
    await expectAccessible(page);

    // The installable app: a manifest with icons, and a service worker in control.
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto('/dashboard/readinglist');
    await expect(page.getByTestId('reading-card')).toHaveCount(1);
    await expect(page.evaluate(() => !!navigator.serviceWorker.controller)).resolves.toBe(true);

    // Offline: the shell opens and the last-seen list is there.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('reading-card')).toHaveCount(1);
    await expect(page.getByTestId('reading-card')).toContainText("Harry Potter and the Sorcerer's Stone");
    await context.setOffline(false);
  });

  test('an author page and the genre page are server-rendered and accessible', async ({ page }) => {
    const author = await page.goto('/author/Suzanne%20Collins');
    expect(await author?.text()).toContain('data-testid="author-books"');
    await expect(page.getByRole('heading', { level: 1, name: 'Suzanne Collins' })).toBeVisible();
    await expect(
      page
        .getByTestId('author-books')
        .getByRole('link', { name: /The Hunger Games/ })
        .first(),
    ).toBeVisible();
    await expectAccessible(page);

    const genre = await page.goto('/discover?genre=fantasy');
    expect(await genre?.text()).toContain('data-testid="genre-popular"');
    await expect(page.getByRole('heading', { level: 1, name: 'Fantasy Books' })).toBeVisible();
    await expectAccessible(page);
  });
});

// The page's scripts are held back by routing, which a service worker's cache would go around (its
// precache, once installed, serves them without a request the route can hold): none here.
test.describe('before hydration', () => {
  test('what a reader does before the page hydrates holds: typed text is kept, the scroll stays', async ({
    page,
  }) => {
    // The page's scripts wait until the test lets them go: the reader meets the server's markup alone.
    let release!: () => void;
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    const html = page.locator('html');

    // A long page, scrolled down before it hydrated, is not sent back to the top.
    await page.goto('/discover?genre=mystery', { waitUntil: 'domcontentloaded' });
    await expect(html).toHaveAttribute('data-hydrating', '');
    await page.evaluate(() => window.scrollTo(0, 900));
    release();
    await expect(html).not.toHaveAttribute('data-hydrating');
    await expect(
      page.getByTestId('user-menu-button').or(page.getByRole('link', { name: 'Sign in' })),
    ).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(900);

    // A field typed into before it hydrated (or filled by a password manager) keeps its text, and the
    // page acts on it: the club search lists what the reader typed.
    let hold!: () => void;
    const held = new Promise<void>((resolve) => (hold = resolve));
    await page.unrouteAll();
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/community/bookclub', { waitUntil: 'domcontentloaded' });
    await expect(html).toHaveAttribute('data-hydrating', '');
    const search = page.getByRole('searchbox', { name: 'Search clubs' });
    await search.fill('Typed early');
    hold();
    await expect(html).not.toHaveAttribute('data-hydrating');
    await expect(page.getByTestId('club-results').getByRole('heading')).toContainText('Typed early');
    await expect(search).toHaveValue('Typed early');
  });
});

import { expect, test, type Page } from './support/test';
import { expectAccessible, shownText } from './support/fixtures';

/**
 * Brings every landing section into view so it animates in (they reveal at 30% visible), then waits
 * for their entrance animations to end: axe reads colours as they finally are, not mid-fade.
 */
async function revealAll(page: Page): Promise<void> {
  for (const section of await page.locator('[data-revealed]').all()) {
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute('data-revealed', 'true');
  }
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ).then(() => undefined),
  );
}

/** The not-found screen's heading. */
const NOT_FOUND = 'Page not found';

test('landing page: trending books with covers, every section, and every link leads to a real page', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const yearBefore = new Date().getFullYear(); // the page may be drawn either side of New Year
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const grid = page.getByTestId('trending-grid');
  await expect(grid).toBeVisible();
  const cards = grid.locator(':scope > li');
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  // Every card has a cover (a catalogue image or the generated one) and links to its book.
  await expect(cards.first().getByTestId('book-cover')).toBeVisible();
  await expect(cards.first().getByRole('link')).toHaveAttribute('href', /^\/book\/.+/);
  await expect(cards.first()).toContainText(/reviews/);

  for (const heading of [
    'Quote of the day',
    'How it works',
    'Author spotlight',
    'Explore genres',
    'What readers say',
    'Stay in the loop',
  ]) {
    await expect(shownText(page, heading, { exact: true }).first()).toBeAttached();
  }
  await expect(page.getByTestId('testimonials').locator(':scope > li')).toHaveCount(8);
  await expect(page.getByTestId('testimonials-duplicate')).toHaveAttribute('aria-hidden', 'true');
  await expect(shownText(page, 'Catalogue data: goodbooks-10k by Zygmunt Zając, CC BY-SA 4.0')).toBeVisible();
  // The footer's line, not any text holding the year's digits (a book's, a count).
  await expect(page.getByRole('contentinfo').getByText(/^© \d{4} Nebab\. All rights reserved\.$/)).toHaveText(
    new RegExp(`^© (${yearBefore}|${new Date().getFullYear()}) `),
  );

  await revealAll(page);
  await expect(page.getByTestId('spotlight-works').locator('a')).toHaveCount(3);
  await expectAccessible(page);

  // Social links open in a new tab without an opener.
  for (const name of ['Facebook', 'X (Twitter)', 'Instagram']) {
    const link = page.getByRole('link', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }

  const hrefs = await page
    .locator('a[href^="/"]')
    .evaluateAll((links) => [
      ...new Set(links.map((a) => a.getAttribute('href')!).filter((href) => !href.startsWith('/api/'))),
    ]);
  expect(hrefs.length).toBeGreaterThan(20);
  for (const href of hrefs) {
    await page.goto(href);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading, `heading on ${href}`).toBeVisible();
    expect(await heading.allTextContents(), `not-found on ${href}`).not.toContain(NOT_FOUND);
  }
  // Book links answer from the API as well.
  const bookHref = hrefs.find((href) => href.startsWith('/book/'))!;
  expect((await request.get(`/api${bookHref.replace('/book/', '/books/')}`)).ok()).toBeTruthy();
});

test('typeahead: "hary potter" suggests Harry Potter and Enter opens the book', async ({ page }) => {
  await page.goto('/aboutus');
  await page.getByRole('button', { name: 'Open search' }).click();
  const box = page.getByRole('combobox', { name: 'Search books' });
  await box.fill('hary potter');
  const list = page.getByRole('listbox', { name: 'Suggested books' });
  await expect(list.getByRole('option').first()).toContainText('Harry Potter');
  expect(await list.getByRole('option').count()).toBeLessThanOrEqual(8);
  await expectAccessible(page);
  await box.press('ArrowDown');
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/book\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Harry Potter/ })).toBeVisible();
});

test('typeahead: Enter without a suggestion goes to the search page; a blank query does nothing', async ({
  page,
}) => {
  await page.goto('/aboutus');
  await page.getByRole('button', { name: 'Open search' }).click();
  const box = page.getByRole('combobox', { name: 'Search books' });
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/aboutus$/);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await box.fill('tolkien');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=tolkien$/);
});

test('search page: filters, sort, view and pagination live in the URL and survive a reload', async ({
  page,
}) => {
  await page.goto('/search?q=the');
  await expect(page.getByTestId('search-count')).toContainText(/Showing 1–20 of [\d,]+ results for “the”/);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('region', { name: 'Filter results' }).getByLabel('Language').selectOption('en');
  await expect(page).toHaveURL(/language=en/);
  // Each change is made at once after the last, as a quick reader does: none may undo another.
  await page.getByRole('button', { name: '4 stars or more' }).click();
  await expect(page).toHaveURL(/minRating=4/);
  await page.getByLabel('Sort by').selectOption('rating');
  await expect(page).toHaveURL(/minRating=4&sort=rating/);
  await page.getByRole('button', { name: 'Grid' }).click();
  await expect(page).toHaveURL(/minRating=4&sort=rating&view=grid/);
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('search-count')).toBeVisible();
  await page.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('search-count')).toContainText(/Showing 21–40/);
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('search-count')).toContainText(/Showing 21–40/);
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '4 stars or more' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  // Clicking the chosen rating again clears it; Back returns to the previous state.
  await page.getByRole('button', { name: '4 stars or more' }).click();
  await expect(page).not.toHaveURL(/minRating/);
  await page.goBack();
  await expect(page).toHaveURL(/minRating=4/);
});

test("search page: a blank query asks for one; the Ge'ez query ፍቅር finds ፍቅር እስከ መቃብር", async ({ page }) => {
  await page.goto('/search');
  await expect(shownText(page, 'What would you like to read?')).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent('ፍቅር')}`);
  await expect(page.getByRole('link', { name: 'ፍቅር እስከ መቃብር' }).first()).toBeVisible();
  await expectAccessible(page);
});

test('genre page: header, new releases, popular, lists and groups; /genre/{name}/{section} pages', async ({
  page,
}) => {
  await page.goto('/discover?genre=fantasy');
  await expect(page.getByRole('heading', { level: 1, name: 'Fantasy Books' })).toBeVisible();
  await expect(page.getByTestId('genre-new-releases').locator(':scope > li').first()).toBeVisible();
  await expect(page.getByTestId('genre-popular').locator(':scope > li').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Book lists' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Discussion groups' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/discover');
  await expect(page.getByRole('heading', { level: 1, name: 'Biography Books' })).toBeVisible();

  await page.goto('/genre/science%20fiction/popular');
  await expect(page).toHaveURL(/\/discover\?genre=science-fiction#popular$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Popular' })).toBeInViewport();
  // /genre/{name}/lists is the genre's book lists page (issue 15).
  await page.goto('/genre/history/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'History book lists' })).toBeVisible();
  await page.goto('/genre/history/nonsense');
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();

  await page.goto('/genres');
  await expect(page.getByTestId('genre-tiles').locator(':scope > li')).toHaveCount(30);
  await expectAccessible(page);
});

test('authors index: search, letters, pages and an author leads to their books', async ({ page }) => {
  await page.goto('/authors');
  const list = page.getByTestId('authors-list');
  await expect(list.locator(':scope > li').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'R', exact: true }).click();
  await expect(page).toHaveURL(/letter=R/);
  await page.getByRole('searchbox', { name: 'Search authors' }).fill('Rowling');
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL(/q=Rowling/);
  await list.getByRole('link', { name: 'J.K. Rowling' }).click();
  await expect(page).toHaveURL(/\/author\/J\.K\.%20Rowling$/);
  await expect(page.getByRole('heading', { level: 1, name: 'J.K. Rowling' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Books by J.K. Rowling' })).toBeVisible();
  await expect(
    page
      .getByTestId('author-books')
      .getByRole('link', { name: /Harry Potter/ })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  // and from there, every book of theirs in search
  await page.getByRole('link', { name: 'Search all books by J.K. Rowling' }).click();
  await expect(page).toHaveURL(/\/search\?author=J\.K\.(%20|\+)Rowling/);
  await expect(page.getByRole('heading', { level: 1, name: 'Books by J.K. Rowling' })).toBeVisible();
});

test('discover page: shelves with "See all" links into search', async ({ page }) => {
  await page.goto('/books');
  for (const shelf of ['trending', 'top-rated', 'newest', 'ethiopian']) {
    await expect(page.getByTestId(`shelf-${shelf}`).getByRole('listitem').first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'See all: Ethiopian books' })).toHaveAttribute(
    'href',
    /\/search\?language=am/,
  );
  await expectAccessible(page);
  await page.getByRole('link', { name: 'See all: Ethiopian books' }).click();
  await expect(page.getByTestId('search-results').locator(':scope > li').first()).toBeVisible();
});

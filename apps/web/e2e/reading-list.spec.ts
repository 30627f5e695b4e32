import { expect, test, type Page } from './support/test';
import { expectAccessible, finishWizard, signUp, shownText } from './support/fixtures';

/** A filter button of the reading list page, e.g. "Completed 1". */
const filter = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Filter your reading list' })
    .getByRole('button', { name: new RegExp(`^${name} \\d+$`) });

test('a reader adds a book, changes it on the book page and manages it on the reading list page', async ({
  page,
}) => {
  await signUp(page);
  await finishWizard(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Book page: add, change the status in place, favourite.
  await page.goto('/book/1');
  await page.getByRole('button', { name: 'Add to Reading List' }).click();
  const status = page.getByRole('combobox', { name: 'Status' });
  await expect(status).toHaveValue('wantToRead');
  await expect(page.getByRole('button', { name: /Favorite/ })).toHaveCount(0);
  await status.selectOption('currentlyReading');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(
    page.getByTestId('reading-list-controls').getByText('Currently Reading').first(),
  ).toBeVisible();
  const favorite = page.getByRole('button', { name: /Favorite/ });
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);

  // Reading list page: counts, move to Completed, set the page, remove.
  await page.goto('/dashboard/readinglist');
  await expect(filter(page, 'All')).toHaveAccessibleName('All 1');
  await expect(filter(page, 'Currently Reading')).toHaveAccessibleName('Currently Reading 1');
  await expect(filter(page, 'Favorites')).toHaveAccessibleName('Favorites 1');
  await expect(filter(page, 'Completed')).toHaveAccessibleName('Completed 0');
  await expectAccessible(page);

  await filter(page, 'Currently Reading').click();
  const card = page.getByTestId('reading-card');
  await expect(card).toHaveCount(1);
  await card.getByRole('combobox', { name: 'Status' }).selectOption('completed');
  await card.getByRole('button', { name: 'Save status' }).click();
  // The card leaves the Currently Reading filter at once and shows under Completed.
  await expect(shownText(page, /not reading any book right now/)).toBeVisible();
  await expect(filter(page, 'Completed')).toHaveAccessibleName('Completed 1');
  await filter(page, 'Completed').click();
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(card.getByRole('link', { name: 'Add Review' })).toHaveAttribute(
    'href',
    '/book/1?openReview=true',
  );

  await card.getByRole('button', { name: 'View Details' }).click();
  await card.getByRole('spinbutton', { name: 'Page' }).fill('12');
  await card.getByRole('button', { name: 'Save page' }).click();
  await expect(shownText(page, 'Your page is saved')).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await filter(page, 'All').click();
  await page.getByTestId('reading-card').getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Page' })).toHaveValue('12');
  await page.getByTestId('reading-card').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('reading-card')).toHaveCount(0);
  await expect(shownText(page, /Your reading list is empty/)).toBeVisible();
  await expect(filter(page, 'All')).toHaveAccessibleName('All 0');

  // Dashboard tiles match GET /api/me/stats.
  const token = await page.evaluate(() => window.localStorage.getItem('NR_token'));
  const response = await page.request.get('/api/me/stats', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBeTruthy();
  const stats = (await response.json()) as { booksRead: number; readingList: number; reviewsWritten: number };
  expect(stats.readingList).toBe(0);
  await page.getByRole('link', { name: 'Back to dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const tile = (label: string) => page.locator('dl').filter({ has: shownText(page, label, { exact: true }) });
  await expect(tile('Books Read').locator('dd')).toHaveText(String(stats.booksRead));
  await expect(tile('Reading List').locator('dd')).toHaveText(String(stats.readingList));
  await expect(tile('Reviews Written').locator('dd')).toHaveText(String(stats.reviewsWritten));
  await expectAccessible(page);
});

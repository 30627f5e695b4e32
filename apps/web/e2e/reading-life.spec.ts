import { expect, test, type Page } from './support/test';
import { apiCall, apiReader, useToken } from './support/api';
import { expectAccessible, finishWizard, signUp, shownText } from './support/fixtures';

const filter = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Filter your reading list' })
    .getByRole('button', { name: new RegExp(`^${name} \\d+$`) });

/** Calls the API as the signed-in reader (setup that the UI is not under test for). */
async function api(page: Page, method: string, path: string, body?: unknown) {
  const token = await page.evaluate(() => window.localStorage.getItem('NR_token'));
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBeTruthy();
  return response;
}

/** Optional screenshots for a person to look at (E2E_SCREENSHOTS=<folder>). */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('a reader gives up a book, shelves one, sets a goal and reads their stats in English and Amharic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await finishWizard(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A book being read, and one finished this year (logged with its dates): on 1 January, the one
  // day of this year that is never in the future (a read may not end in the future; 20 January
  // was, for the first 19 days of every year).
  const year = new Date().getFullYear();
  await api(page, 'POST', '/api/reading-list', { bookId: '1', status: 'wantToRead' });
  await api(page, 'PATCH', '/api/reading-list/1', { status: 'currentlyReading', currentPage: 30 });
  await api(page, 'POST', '/api/reading-list', { bookId: '2', status: 'wantToRead' });
  await api(page, 'POST', '/api/reading-list/2/reads', {
    startedAt: `${year}-01-01`,
    finishedAt: `${year}-01-01`,
  });

  // Did Not Finish, offered while reading, with the page where the reader stopped.
  await page.goto('/dashboard/readinglist');
  await expect(filter(page, 'Did Not Finish')).toHaveAccessibleName('Did Not Finish 0');
  await filter(page, 'Currently Reading').click();
  const card = page.getByTestId('reading-card');
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Did not finish' }).click();
  await card.getByRole('spinbutton', { name: 'Page where you stopped (optional)' }).fill('42');
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Mark as not finished' }).click();
  await expect(shownText(page, 'Marked as not finished')).toBeVisible();
  await expect(filter(page, 'Did Not Finish')).toHaveAccessibleName('Did Not Finish 1');
  await expect(filter(page, 'Currently Reading')).toHaveAccessibleName('Currently Reading 0');
  await filter(page, 'Did Not Finish').click();
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Stopped at page 42')).toBeVisible();

  // A shelf of the reader's own, a book on it, the list narrowed to it.
  await filter(page, 'All').click();
  await page.getByRole('textbox', { name: 'New shelf' }).fill('Owned');
  await page.getByRole('button', { name: 'Add shelf' }).click();
  await expect(shownText(page, 'Shelf “Owned” added')).toBeVisible();
  const firstCard = page.getByTestId('reading-card').nth(0);
  await firstCard.getByRole('button', { name: 'Shelves' }).click();
  await firstCard.getByRole('checkbox', { name: 'Owned' }).check();
  await expect(shownText(page, 'Added to Owned')).toBeVisible();
  await expect(firstCard.getByText('On: Owned')).toBeVisible();
  await page.getByRole('combobox', { name: 'Show shelf' }).selectOption({ label: 'Owned (1 book)' });
  await expect(page.getByTestId('reading-card')).toHaveCount(1);
  await expect(filter(page, 'All')).toHaveAccessibleName('All 1');
  await firstCard.getByRole('button', { name: 'View Details' }).click();
  await expect(firstCard.getByTestId('reads-list')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'reading-list');

  // The yearly goal on the dashboard.
  await page.getByRole('link', { name: 'Back to dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const goal = page.getByTestId('goal-card');
  await goal.getByRole('button', { name: 'Set a goal' }).click();
  await goal.getByRole('spinbutton', { name: 'Books to finish' }).fill('12');
  await goal.getByRole('spinbutton', { name: 'Pages to read (optional)' }).fill('3000');
  await goal.getByRole('button', { name: 'Save goal' }).click();
  await expect(shownText(page, 'Goal saved')).toBeVisible();
  await expect(goal.getByText('1 of 12 books')).toBeVisible();
  await expect(goal.getByRole('progressbar', { name: 'Books finished towards your goal' })).toHaveAttribute(
    'aria-valuenow',
    '1',
  );
  await expectAccessible(page);
  await snap(page, 'dashboard');

  // The stats page, from the dashboard, with its charts (drawn at once with reduced motion).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('link', { name: 'My reading stats' }).click();
  await expect(page).toHaveURL(/\/dashboard\/stats$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your reading stats' })).toBeVisible();
  const figures = page.getByTestId('stats-figures');
  await expect(figures.locator('div').filter({ hasText: 'Books finished' }).locator('dd')).toHaveText('1');
  await expect(figures.locator('div').filter({ hasText: 'Did not finish' }).first().locator('dd')).toHaveText(
    '1',
  );
  const period = page.getByTestId('chart-period');
  await expect(period.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(period.getByText('Jan', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('chart-languages').locator('svg.recharts-surface').first()).toBeVisible();
  await period.getByText('Show the figures').click();
  await expect(period.getByRole('table')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'stats-en');

  // In Amharic: the page, the month names (Intl) and the Ethiopian calendar.
  await page.getByTestId('language-select').selectOption('am');
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expect(page.getByRole('heading', { level: 1, name: 'የንባብ ስታቲስቲክስዎ' })).toBeVisible();
  const januaryAm = await page.evaluate(() =>
    new Intl.DateTimeFormat('am-ET', { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 15)),
  );
  await expect(period.getByText(januaryAm, { exact: true }).first()).toBeVisible();
  await expect(period.locator('svg.recharts-surface').first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'stats-am');
  await page.getByRole('radio', { name: 'ኢትዮጵያዊ' }).check();
  const meskerem = await page.evaluate(() =>
    new Intl.DateTimeFormat('am-ET-u-ca-ethiopic', { month: 'short', timeZone: 'UTC' }).format(
      Date.UTC(2024, 8, 14),
    ),
  );
  await expect(period.getByText(meskerem, { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'stats-am-ethiopic');

  // Dark theme stays readable (axe checks the contrast of the text around the charts).
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(page);
  await snap(page, 'stats-am-dark-360');
});

test('the stats open on the latest year with reading, count primary authors and agree with their charts', async ({
  browser,
  request,
}) => {
  // Two Harry Potter books (J.K. Rowling, illustrated by Mary GrandPré) finished two years ago and
  // rated 5 stars today: nothing was read this year.
  const reader = await apiReader(request, 'stats-latest');
  const past = new Date().getFullYear() - 2;
  for (const [bookId, month] of [
    ['2', '03'],
    ['23', '07'],
  ] as const) {
    await apiCall(request, 'POST', '/api/reading-list', reader.token, { bookId, status: 'wantToRead' });
    await apiCall(request, 'POST', `/api/reading-list/${bookId}/reads`, reader.token, {
      startedAt: `${past}-${month}-01`,
      finishedAt: `${past}-${month}-20`,
    });
    await apiCall(request, 'POST', `/api/books/${bookId}/reviews`, reader.token, {
      rating: 5,
      comment: 'A favourite.',
    });
  }
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await useToken(context, reader.token);
  const page = await context.newPage();
  await page.goto('/dashboard/stats');

  // It opens on the year of the reading, not on this empty year (which stays in the list).
  const periodSelect = page.getByRole('combobox', { name: 'Period' });
  await expect(periodSelect).toHaveValue(String(past));
  await expect(periodSelect.getByRole('option', { name: String(past + 2) })).toBeAttached();
  const figures = page.getByTestId('stats-figures');
  await expect(figures.locator('div').filter({ hasText: 'Books finished' }).locator('dd')).toHaveText('2');
  await expect(page.getByTestId('stats-empty')).toHaveCount(0);

  // Favourite authors: the books' author, not their illustrator.
  const authors = page.getByTestId('chart-authors');
  await expect(authors.getByText('Most: J.K. Rowling (2).')).toBeVisible();
  await authors.getByText('Show the figures').click();
  await expect(authors.getByRole('table').getByRole('rowheader')).toHaveText(['J.K. Rowling']);
  await expect(shownText(page, 'Mary GrandPré')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'stats-latest-en');

  // This year: no book finished, two ratings given — and the ratings chart says so.
  await periodSelect.selectOption(String(past + 2));
  await expect(page.getByTestId('stats-empty')).toBeVisible();
  const ratings = page.getByTestId('chart-ratings');
  await expect(ratings.getByText('Most: 5 stars (2).')).toBeVisible();
  await expect(ratings.getByText('Nothing to show yet.')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'stats-this-year-en');
  await context.close();
});

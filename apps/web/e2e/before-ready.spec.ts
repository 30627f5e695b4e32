import { expect, test, type Page, type Route } from './support/test';
import { apiCall, apiReader, useToken } from './support/api';
import { expectAccessible, shownText } from './support/fixtures';

/**
 * What a signed-in reader does before the page is ready is kept: a click made while their session
 * is still being checked waits for it, and a choice made on the server's markup before the page's
 * scripts ran takes effect once they have. The requests that make a page ready are held back here
 * as a slow, loaded machine holds them.
 */

/** Holds back the requests matching `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a Like clicked before the session has loaded waits for it instead of asking to log in', async ({
  browser,
  request,
}) => {
  const writer = await apiReader(request, 'early-writer');
  const tag = Date.now().toString(36);
  await apiCall(request, 'POST', '/api/books/57/reviews', writer.token, {
    rating: 4,
    comment: `Worth reading ${tag}`,
  });
  const reader = await apiReader(request, 'early-liker');
  const context = await browser.newContext();
  await useToken(context, reader.token);
  const page = await context.newPage();
  const reactions: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/reaction')) reactions.push(sent.method());
  });

  // The page hydrates and is live, but the reader's session has not answered yet.
  const releaseSession = await holdBack(page, '**/api/auth/me');
  await page.goto('/book/57');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrating');
  const review = page.getByTestId('review').filter({ hasText: `Worth reading ${tag}` });
  await review.getByRole('button', { name: 'Like (0)', exact: true }).click();
  await expect(page.getByTestId('session-spinner')).toHaveCount(0);
  expect(reactions).toEqual([]);

  releaseSession();
  await expect(review.getByRole('button', { name: 'Like (1)', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(reactions).toEqual(['PUT']);
  await expect(shownText(page, 'Please login to write or react to reviews')).toHaveCount(0);
  await expectAccessible(page);
  await context.close();
});

test('a language chosen before the page hydrated, and before the session loaded, takes effect and is kept', async ({
  browser,
  request,
}) => {
  // A reader whose account keeps English.
  const reader = await apiReader(request, 'early-language');
  await apiCall(request, 'PUT', '/api/account/display', reader.token, { language: 'en' });
  const context = await browser.newContext();
  await useToken(context, reader.token);
  const page = await context.newPage();
  const html = page.locator('html');

  // The server's markup alone: the page's scripts (and then the session) are held back.
  const releaseScripts = await holdBack(page, '**/assets/*.js');
  const releaseSession = await holdBack(page, '**/api/auth/me');
  await page.goto('/book/1', { waitUntil: 'domcontentloaded' });
  await expect(html).toHaveAttribute('data-hydrating', '');
  await expect(html).toHaveAttribute('lang', 'en');
  await page.getByTestId('language-select').selectOption('am');

  releaseScripts();
  await expect(html).not.toHaveAttribute('data-hydrating');
  await expect(html).toHaveAttribute('lang', 'am');
  await expect(page.getByRole('heading', { name: 'ስለዚህ መጽሐፍ' })).toBeVisible();

  // The session answers with the account's English: the reader's later choice stands, and the
  // account keeps it for their other devices.
  releaseSession();
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  await expect
    .poll(async () => {
      const me = await apiCall<{ user: { language: string | null } }>(
        request,
        'GET',
        '/api/auth/me',
        reader.token,
      );
      return me.user.language;
    })
    .toBe('am');
  await expect(html).toHaveAttribute('lang', 'am');
  await expect(page.getByTestId('language-select')).toHaveValue('am');
  await page.reload();
  await expect(html).toHaveAttribute('lang', 'am');
  await expect(page.getByRole('heading', { name: 'ስለዚህ መጽሐፍ' })).toBeVisible();
  await context.close();
});

import { expect, test, type Page, type Route } from '@playwright/test';
import { apiCall, apiReader, useToken } from './support/api';
import { expectAccessible } from './support/fixtures';

/**
 * What a signed-in reader does before the page is ready is kept: a click made while their session
 * is still being checked waits for it. The requests that make a page ready are held back here as a
 * slow, loaded machine holds them.
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
  await expect(page.getByText('Please login to write or react to reviews')).toHaveCount(0);
  await expectAccessible(page);
  await context.close();
});

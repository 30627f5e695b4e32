import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { E2E_ADMIN } from './support/ports';
import { expectAccessible, finishWizard, newReader, signUp, shownText } from './support/fixtures';

const PREFERENCES = { languages: ['en'], genres: ['fantasy'], ageGroup: null, bookLength: null, authors: [] };

/** A reader with preferences, made through the API; answers the token. */
async function apiReader(
  request: APIRequestContext,
  prefix: string,
): Promise<{ token: string; name: string }> {
  const reader = newReader(prefix);
  const signup = await request.post('/api/auth/signup', {
    data: { ...reader, confirmPassword: reader.password },
  });
  expect(signup.status()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  await request.put('/api/preferences', { data: PREFERENCES, headers: { authorization: `Bearer ${token}` } });
  return { token, name: reader.fullName };
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(response.ok()).toBeTruthy();
  const { token } = (await response.json()) as { token: string };
  await request.put('/api/preferences', { data: PREFERENCES, headers: { authorization: `Bearer ${token}` } });
  return token;
}

/** A page already signed in with `token`. */
async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((value) => window.localStorage.setItem('NR_token', value), token);
  return context.newPage();
}

test('a reply reaches the review author live; the bell, the list, read state and the link work', async ({
  browser,
}) => {
  // Reader A writes a review and waits on the dashboard.
  const contextA = await browser.newContext();
  const pageA = await contextA.newPage();
  const readerA = await signUp(pageA, newReader('notified'));
  await finishWizard(pageA);
  await expect(pageA).toHaveURL(/\/dashboard$/);
  await pageA.goto('/book/3?openReview=true');
  await pageA.getByRole('textbox', { name: 'Comment' }).fill('Worth every page.');
  await pageA.getByRole('button', { name: 'Submit Review' }).click();
  await expect(shownText(pageA, 'Your review has been saved')).toBeVisible();
  await pageA.goto('/dashboard');
  const bell = pageA.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');

  // Reader B replies.
  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  await signUp(pageB, newReader('replier'));
  await finishWizard(pageB);
  await expect(pageB).toHaveURL(/\/dashboard$/);
  await pageB.goto('/book/3');
  const review = pageB.getByTestId('review').filter({ hasText: readerA.fullName });
  await review.getByRole('button', { name: 'Reply' }).click();
  await review.getByRole('textbox', { name: 'Your reply' }).fill('So true, loved it too.');
  await review.getByRole('button', { name: 'Send Reply' }).click();
  await expect(shownText(pageB, 'Your reply has been posted')).toBeVisible();
  await contextB.close();

  // A's bell counts it without a reload (pushed over the socket).
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(pageA.getByTestId('notification-badge')).toHaveText('1');
  await bell.click();
  const popover = pageA.getByTestId('notification-popover');
  await expect(popover.getByTestId('notification')).toHaveCount(1);
  await expect(popover).toContainText('New reply');
  await expect(popover).toContainText('replied to your review of');
  await expect(popover).toContainText('So true, loved it too.');
  await expectAccessible(pageA);

  // The full list: mark read and unread, then follow the link.
  await popover.getByRole('link', { name: 'See all notifications' }).click();
  await expect(pageA).toHaveURL(/\/dashboard\/notifications$/);
  await expect(pageA.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = pageA.getByTestId('notification');
  await expect(item).toHaveAttribute('data-status', 'unread');
  await expectAccessible(pageA);
  await item.getByRole('button', { name: 'Mark as Read' }).click();
  await expect(item).toHaveAttribute('data-status', 'read');
  await expect(bell).toHaveAccessibleName('Notifications');
  await pageA.getByRole('button', { name: 'Unread', exact: true }).click();
  await expect(shownText(pageA, 'No unread notifications.')).toBeVisible();
  await pageA.getByRole('button', { name: 'All', exact: true }).click();
  await item.getByRole('button', { name: 'Mark as Unread' }).click();
  await expect(item).toHaveAttribute('data-status', 'unread');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  // At 360 px the bar with the bell still fits.
  await pageA.setViewportSize({ width: 360, height: 740 });
  await expect(bell).toBeVisible();
  expect(await pageA.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await pageA.setViewportSize({ width: 1280, height: 720 });

  await item.getByRole('link', { name: 'New reply' }).click();
  await expect(pageA).toHaveURL(/\/book\/3#review-[0-9a-f-]+$/);
  const own = pageA.getByTestId('review').filter({ hasText: readerA.fullName });
  await expect(own).toBeFocused();
  await expect(bell).toHaveAccessibleName('Notifications');
  await contextA.close();
});

test('admins see reports on the notification screens and act on them', async ({ browser, request }) => {
  const author = await apiReader(request, 'reported');
  const reporter = await apiReader(request, 'reporter');
  const review = await request.post('/api/books/4/reviews', {
    data: { rating: 2, comment: 'Not for me.' },
    headers: { authorization: `Bearer ${author.token}` },
  });
  expect(review.status()).toBe(201);
  const { id } = (await review.json()) as { id: string };
  const report = await request.post(`/api/reviews/${id}/reports`, {
    data: { reason: 'Off-topic rant' },
    headers: { authorization: `Bearer ${reporter.token}` },
  });
  expect(report.status()).toBe(201);

  const page = await signedInPage(browser, await adminToken(request));
  await page.goto('/admin/dashboard/notification');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const row = page.getByTestId('admin-notification-row').filter({ hasText: 'Off-topic rant' });
  await expect(row).toContainText('Review reported');
  await expect(row).toContainText('New');
  await row.click();
  const detail = page.getByTestId('notification-detail');
  await expect(detail).toContainText(`${reporter.name} reported a review of`);
  await expect(detail.getByTestId('notification-status')).toHaveText('Unread');
  await expect(detail.getByTestId('notification-status')).toHaveCSS('text-transform', 'uppercase');
  await expectAccessible(page);

  await detail.getByRole('link', { name: 'View More' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/notification\/detail\?id=/);
  const full = page.getByTestId('notification-detail');
  await full.getByRole('button', { name: 'Mark as Read' }).click();
  await expect(full.getByTestId('notification-status')).toHaveText('Read');
  await full.getByRole('button', { name: 'Mark as Unread' }).click();
  await expect(full.getByTestId('notification-status')).toHaveText('Unread');
  await expect(full.getByRole('link', { name: 'View Source' })).toHaveAttribute('href', '/admin/reports');
  await expectAccessible(page);

  page.once('dialog', (dialog) => void dialog.accept());
  await full.getByRole('button', { name: 'Delete Notification' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/notification$/);
  await expect(page.getByTestId('admin-notification-row').filter({ hasText: 'Off-topic rant' })).toHaveCount(
    0,
  );
  await page.context().close();
});

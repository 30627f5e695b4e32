import { expect, test } from './support/test';
import { apiCall, apiReader, useToken } from './support/api';
import { expectAccessible, shownText } from './support/fixtures';

test('reading-list changes are confirmed, and deleting a review asks in our dialog', async ({
  browser,
  request,
}) => {
  const reader = await apiReader(request, 'small-things');
  const context = await browser.newContext();
  await useToken(context, reader.token);
  const page = await context.newPage();
  // No native dialogs anywhere on the way.
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected native ${dialog.type()}: ${dialog.message()}`);
  });

  await page.goto('/book/3');
  await page.getByRole('button', { name: 'Add to Reading List' }).click();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('currentlyReading');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Moved to Currently Reading' })).toBeVisible();

  await page.goto('/book/3?openReview=true');
  await page.getByRole('textbox', { name: 'Comment' }).fill('Good, but the middle drags.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  const mine = page.getByTestId('review').filter({ hasText: 'Good, but the middle drags.' });
  await expect(mine).toBeVisible();

  await mine.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your review?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your review has been deleted' })).toBeVisible();
  await expect(mine).toHaveCount(0);

  // The reading list page confirms its changes too, naming the book.
  await page.goto('/dashboard/readinglist');
  const card = page.getByTestId('reading-card').first();
  await card.getByRole('combobox', { name: 'Status' }).selectOption('completed');
  await card.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /moved to Completed/ })).toBeVisible();
  await context.close();
});

test('an unknown genre is the not-found page; Related Books’ filter visibly changes the list', async ({
  page,
}) => {
  await page.goto('/discover?genre=no-such-genre');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/discover');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Biograph');
  await expectAccessible(page);

  // Book 2 (The Hunger Games) has more than one genre: choosing one lists that genre's books.
  await page.goto('/book/2');
  const related = page.getByRole('region', { name: 'Related Books' });
  const count = related.getByTestId('related-count');
  await expect(count).toHaveText(/^\d[\d,]* related books$/);
  const before = await related.getByTestId('related-grid').getByRole('heading').allTextContents();
  const filter = related.getByRole('combobox', { name: 'Filter' });
  const genres = await filter.locator('option').allTextContents();
  await filter.selectOption({ label: genres[genres.length - 1]! });
  await expect(count).toHaveText(new RegExp(`books in ${genres[genres.length - 1]}$`));
  await expect
    .poll(() => related.getByTestId('related-grid').getByRole('heading').allTextContents())
    .not.toEqual(before);
  await expectAccessible(page);
});

test('a new topic invites the first reply instead of "Show 0 replies"; counts use plurals', async ({
  browser,
  request,
}) => {
  const member = await apiReader(request, 'plural-member');
  const club = await apiCall<{ id: string }>(request, 'POST', '/api/clubs', member.token, {
    name: `Plural club ${Date.now().toString(36)}`,
    description: 'Counting things.',
    visibility: 'public',
    genre_focus: 'humor',
  });
  const topic = await apiCall<{ id: string }>(request, 'POST', `/api/clubs/${club.id}/topics`, member.token, {
    title: 'First chapter',
    body: 'What did you think?',
  });
  const context = await browser.newContext();
  await useToken(context, member.token);
  const page = await context.newPage();
  await page.goto(`/community/bookclub?club=${club.id}&tab=discussions`);
  await expect(page.getByRole('button', { name: 'Write the first reply' })).toBeVisible();
  await expect(shownText(page, /Show 0 repl/)).toHaveCount(0);
  await apiCall(request, 'POST', `/api/clubs/${club.id}/topics/${topic.id}/replies`, member.token, {
    body: 'Loved it.',
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show 1 reply' })).toBeVisible();
  await expectAccessible(page);
  // A visitor (who cannot reply) is told there are no replies on a topic without any.
  await apiCall(request, 'POST', `/api/clubs/${club.id}/topics`, member.token, {
    title: 'Second',
    body: 'Quiet one.',
  });
  const visitor = await browser.newPage();
  await visitor.goto(`/community/bookclub?club=${club.id}&tab=discussions`);
  await expect(shownText(visitor, 'No replies yet.')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Show 1 reply' })).toBeVisible();
  await visitor.close();
  await context.close();
});

test('the settings sidebar gives every entry its own icon', async ({ browser, request }) => {
  const reader = await apiReader(request, 'icons');
  const context = await browser.newContext();
  await useToken(context, reader.token);
  const page = await context.newPage();
  await page.goto('/dashboard/settings');
  const svgs = page.getByRole('navigation', { name: 'Settings navigation' }).locator('a svg');
  // five sections (personal, privacy, security, preferences, import and export) and six app links
  await expect(svgs).toHaveCount(11);
  const icons = await svgs.evaluateAll((found) => found.map((svg) => svg.innerHTML));
  expect(new Set(icons).size).toBe(icons.length);
  await context.close();
});

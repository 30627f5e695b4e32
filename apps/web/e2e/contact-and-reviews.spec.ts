import { expect, test } from './support/test';
import { apiAdmin, apiCall, apiReader, useToken } from './support/api';
import { expectAccessible, shownText } from './support/fixtures';

test('a visitor writes through /contact; admins see the site address there, a notification and the message', async ({
  browser,
  request,
}) => {
  const adminToken = await apiAdmin(request);
  await apiCall(request, 'PATCH', '/api/admin/settings', adminToken, { contactEmail: 'hello@nebab.example' });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/contact');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(visitor.getByTestId('contact-email')).toHaveText('hello@nebab.example');
  await expect(visitor.getByTestId('contact-email')).toHaveAttribute('href', 'mailto:hello@nebab.example');
  await expectAccessible(visitor);

  // Validation in the reader's language, before anything is sent.
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(shownText(visitor, 'Please tell us your name')).toBeVisible();
  await expect(shownText(visitor, 'Please write your message')).toBeVisible();
  await expectAccessible(visitor);

  const subject = `Missing book ${Date.now().toString(36)}`;
  await visitor.getByLabel('Your name').fill('Selam Tesfaye');
  await visitor.getByLabel('Your email').fill('selam@example.com');
  await visitor.getByLabel('Subject').fill(subject);
  await visitor.getByLabel('Message').fill('short');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(shownText(visitor, 'Please write at least 10 characters')).toBeVisible();
  await visitor
    .getByLabel('Message')
    .fill('Please add Fikir Eske Mekabir to the catalogue. Many of us ask for it.');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByTestId('contact-sent')).toContainText('Thank you, Selam Tesfaye');
  await expect(visitor.getByTestId('contact-sent')).toContainText('selam@example.com');
  await expectAccessible(visitor);
  await visitorContext.close();

  // The admin: a notification that leads to the inbox, where the message is read and handled.
  const context = await browser.newContext();
  await useToken(context, adminToken);
  const admin = await context.newPage();
  await admin.goto('/admin/dashboard/notification');
  const item = shownText(admin, `Selam Tesfaye (selam@example.com) wrote: “${subject}”`).first();
  await expect(item).toBeVisible();
  await admin.goto('/admin/messages');
  const card = admin.getByTestId('contact-message').filter({ hasText: subject });
  await expect(card).toContainText('Please add Fikir Eske Mekabir');
  await expect(card.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
    'href',
    /^mailto:selam@example\.com\?subject=Re%3A%20Missing%20book/,
  );
  await expectAccessible(admin);
  await card.getByRole('button', { name: 'Mark handled' }).click();
  await expect(admin.getByTestId('toast').filter({ hasText: 'Marked handled' })).toBeVisible();
  await expect(admin.getByTestId('contact-message').filter({ hasText: subject })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Handled' }).click();
  await expect(admin.getByTestId('contact-message').filter({ hasText: subject })).toBeVisible();
  await context.close();
});

test('/reviews lists public reviews across the catalogue, filters by genre, language and stars, and pages', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const writer = await apiReader(request, 'feed-writer');
  const tag = Date.now().toString(36);
  const english = await apiCall<{ items: { id: string }[] }>(
    request,
    'GET',
    '/api/search?genre=fantasy&language=en&sort=rating&pageSize=14',
    null,
  );
  const amharic = await apiCall<{ items: { id: string }[] }>(
    request,
    'GET',
    '/api/search?language=am&sort=newest&pageSize=1',
    null,
  );
  const write = (bookId: string, rating: number, comment: string, visibility = 'public') =>
    apiCall(request, 'POST', `/api/books/${encodeURIComponent(bookId)}/reviews`, writer.token, {
      rating,
      comment,
      visibility,
    });
  // Thirteen public fantasy reviews (more than one page of 12), one private, one Amharic book.
  for (const [index, book] of english.items.slice(0, 13).entries())
    await write(book.id, index === 0 ? 2 : 5, `Feed ${tag} fantasy ${index}`);
  await write(english.items[13]!.id, 5, `Feed ${tag} private`, 'private');
  await write(amharic.items[0]!.id, 4, `Feed ${tag} ፍቅር ያለው ታሪክ`);

  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Reader reviews' })).toBeVisible();
  const feed = page.getByTestId('review-feed');
  await expect(feed.getByTestId('feed-review').first()).toContainText(`Feed ${tag} ፍቅር ያለው ታሪክ`);
  await expect(shownText(page, `Feed ${tag} private`)).toHaveCount(0);
  await expectAccessible(page);

  // Language: Amharic books only.
  await page.getByLabel('Book language').selectOption('am');
  await expect(page).toHaveURL(/language=am/);
  await expect(feed.getByTestId('feed-review').first()).toContainText(`Feed ${tag} ፍቅር`);
  await expect(feed.getByText(`Feed ${tag} fantasy`)).toHaveCount(0);

  // Genre and stars: the one 2-star fantasy review.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/reviews$/);
  await page.getByLabel('Genre', { exact: true }).selectOption('fantasy');
  await page.getByRole('button', { name: '2 stars' }).click();
  await expect(page).toHaveURL(/genre=fantasy/);
  await expect(page).toHaveURL(/rating=2/);
  await expect(feed.getByText(`Feed ${tag} fantasy 0`)).toBeVisible();
  await expect(feed.getByText(`Feed ${tag} fantasy 1`, { exact: true })).toHaveCount(0);
  for (const stars of await feed.getByRole('img', { name: /Rated/ }).all())
    await expect(stars).toHaveAccessibleName(/^Rated 2 /);

  // Paging: fantasy reviews fill more than one page; page 2 holds the rest.
  await page.getByRole('button', { name: 'Any' }).click();
  await expect(page.getByTestId('reviews-count')).toContainText(/\d+ reviews/);
  await expect(feed.getByTestId('feed-review')).toHaveCount(12);
  await page
    .getByRole('navigation', { name: 'Review pages' })
    .getByRole('link', { name: 'Page 2', exact: true })
    .click();
  await expect(page).toHaveURL(/page=2/);
  // The oldest of the thirteen is on page 2 (twelve newer ones fill page 1), the newest is not:
  // waiting for the one shown proves page 2 has replaced page 1 before the absence is checked.
  await expect(feed.getByText(`Feed ${tag} fantasy 0`, { exact: true })).toBeVisible();
  await expect(feed.getByText(`Feed ${tag} fantasy 12`, { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // Filters nothing matches say so.
  await page.goto('/reviews?language=ti');
  await expect(page.getByTestId('reviews-empty')).toContainText('No reviews match these filters');
});

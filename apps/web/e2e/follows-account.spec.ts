import { expect, test } from './support/test';
import { apiCall, apiReader, useToken } from './support/api';
import { expectAccessible, logIn } from './support/fixtures';

test('language and theme follow the account: a second device opens in the reader’s choices', async ({
  browser,
  request,
}) => {
  const reader = await apiReader(request, 'follows');

  // Device one: the reader picks Amharic and the dark theme in Settings.
  const one = await browser.newContext({ colorScheme: 'light' });
  await useToken(one, reader.token);
  const first = await one.newPage();
  await first.goto('/dashboard/settings?section=preferences');
  await first.getByRole('radio', { name: 'Dark' }).check();
  await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
  await first.getByRole('radio', { name: 'አማርኛ' }).click();
  await expect(first.locator('html')).toHaveAttribute('lang', 'am');
  await expect(first.getByRole('radio', { name: 'አማርኛ' })).toBeChecked();
  await expect
    .poll(async () => {
      const me = await apiCall<{ user: { language: string | null; theme: string | null } }>(
        request,
        'GET',
        '/api/auth/me',
        reader.token,
      );
      return me.user;
    })
    .toMatchObject({ language: 'am', theme: 'dark' });
  await one.close();

  // Device two: a fresh browser in English and light, where the reader signs in with the form.
  const two = await browser.newContext({ colorScheme: 'light' });
  const second = await two.newPage();
  await second.goto('/login');
  await expect(second.locator('html')).toHaveAttribute('lang', 'en');
  await logIn(second, reader.email, reader.password);
  await expect(second).toHaveURL(/\/dashboard$/);
  await expect(second.locator('html')).toHaveAttribute('lang', 'am');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(second);
  // And it stays that way on this device after a reload.
  await second.reload();
  await expect(second.locator('html')).toHaveAttribute('lang', 'am');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Changing it here from the header goes back to the account as well.
  await second.getByTestId('language-select').selectOption('en');
  await expect(second.locator('html')).toHaveAttribute('lang', 'en');
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
    .toBe('en');
  await two.close();
});

test('the moderator’s member list shows a new member at once, without a reload', async ({
  browser,
  request,
}) => {
  const moderator = await apiReader(request, 'live-moderator');
  const club = await apiCall<{ id: string; name: string }>(request, 'POST', '/api/clubs', moderator.token, {
    name: `Live members ${Date.now().toString(36)}`,
    description: 'Who is here?',
    visibility: 'public',
    genre_focus: 'poetry',
  });
  const context = await browser.newContext();
  await useToken(context, moderator.token);
  const page = await context.newPage();
  await page.goto(`/community/bookclub?club=${club.id}`);
  const members = page.getByTestId('club-members');
  await expect(members).toContainText(moderator.fullName);
  await expect(page.getByTestId('club-member-count')).toHaveText('1 member');

  const newcomer = await apiReader(request, 'live-newcomer');
  await apiCall(request, 'POST', `/api/clubs/${club.id}/join`, newcomer.token);
  await expect(members).toContainText(newcomer.fullName);
  await expect(page.getByTestId('club-member-count')).toHaveText('2 members');
  await expectAccessible(page);

  // Leaving shows at once too.
  const left = await request.delete(`/api/clubs/${club.id}/membership`, {
    headers: { authorization: `Bearer ${newcomer.token}` },
  });
  expect(left.status()).toBe(204);
  await expect(members).not.toContainText(newcomer.fullName);
  await context.close();
});

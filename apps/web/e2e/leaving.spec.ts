import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { apiReader, useToken } from './support/api';
import { expectAccessible, logIn, shownText } from './support/fixtures';

test('a reader downloads their data, then deletes the account with their password and cannot sign in again', async ({
  page,
  context,
  request,
}) => {
  const reader = await apiReader(request, 'leaver');
  await useToken(context, reader.token);
  await page.goto('/dashboard/settings?section=security');
  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
  await expectAccessible(page);

  // "Download your data" comes right before, and gives the account export.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download your data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^nebab_account_.*\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { email: string } };
  expect(data.profile.email).toBe(reader.email);

  // A wrong password is refused on the field; the account stays.
  const password = page.getByLabel('Your password, to confirm');
  await password.fill('Not-my-password1!');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(shownText(page, 'Current password is incorrect')).toBeVisible();
  await expectAccessible(page);

  await password.fill(reader.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(shownText(page, 'Your account is deleted.', { exact: false })).toBeVisible();

  await logIn(page, reader.email, reader.password);
  await expect(shownText(page, 'Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

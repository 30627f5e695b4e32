import { expect, test } from './support/test';
import { expectAccessible, finishWizard, logIn, signUp } from './support/fixtures';
import { linkInMail } from './support/mail';

test('a new reader confirms the address from the mailed link; the banner goes', async ({ page }) => {
  const reader = await signUp(page);
  await finishWizard(page);
  const banner = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(banner).toContainText(reader.email.toLowerCase());
  const link = await linkInMail(
    reader.email.toLowerCase(),
    'Confirm your email address for Nebab',
    '/verify-email',
  );
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('Your address is confirmed. Thank you!');
  await expectAccessible(page);
  await expect(banner).toHaveCount(0);
});

test('a reader who forgot the password asks for a link, sets a new password from the mail and signs in', async ({
  page,
  browser,
}) => {
  const reader = await signUp(page);
  await finishWizard(page);
  const email = reader.email.toLowerCase();

  // Another device: a context of its own (axe needs one it made).
  const device = await browser.newContext();
  const other = await device.newPage();
  await other.goto('/login');
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other).toHaveURL(/\/forgot-password$/);
  await expectAccessible(other);
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Send the link' }).click();
  await expect(other.getByRole('status')).toContainText(`If an account uses ${email}`);

  const link = await linkInMail(email, 'Reset your Nebab password', '/reset-password');
  await other.goto(link);
  await expectAccessible(other);
  const fresh = 'Another@Start2026';
  await other.getByLabel('New password', { exact: true }).fill(fresh);
  await other.getByLabel('Confirm the new password').fill(fresh);
  await other.getByRole('button', { name: 'Save the new password' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await logIn(other, email, fresh);
  await expect(other).toHaveURL(/\/dashboard$/);

  // The reset ended the first tab's session; the old password no longer works.
  await logIn(page, email, reader.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await device.close();
});

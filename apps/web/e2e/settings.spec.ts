import { createHmac } from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { expectAccessible, finishWizard, logIn, newReader, signUp, shownText } from './support/fixtures';
import { solidPng } from './support/files';

/** RFC 6238 code (SHA-1, 30 s, 6 digits) of the step `offset` steps from now, for a base32 secret. */
function totp(secret: string, offset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const at = (mac[19] ?? 0) & 0xf;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const sectionLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Settings navigation' }).getByRole('link', { name, exact: true });

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a reader edits the profile and picture, then changes theme and language, which apply at once and stay', async ({
  page,
}) => {
  await signUp(page);
  await finishWizard(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings');

  // Personal: view, edit, picture.
  await expect(page.getByRole('heading', { level: 2, name: 'Personal' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Location').fill('Bahir Dar');
  await page.getByLabel('Birth date').fill('1990-04-12');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(shownText(page, 'Bahir Dar')).toBeVisible();
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: solidPng(48, 48, [20, 110, 120]),
  });
  await expect(page.getByRole('button', { name: 'Remove picture' })).toBeVisible();
  // The header's user menu shows the picture too.
  await expect(page.getByTestId('user-menu-button').locator('img')).toHaveAttribute(
    'src',
    /^\/api\/avatars\//,
  );

  // Security section (linkable).
  await sectionLink(page, 'Security').click();
  await expect(page).toHaveURL(/section=security/);
  await expect(shownText(page, 'This device')).toBeVisible();
  await expectAccessible(page);

  // Preferences: theme applies at once and persists after reload.
  await sectionLink(page, 'Preferences').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Preferences' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

  // Notification choices are saved with Save Preferences.
  await page.getByRole('checkbox', { name: /Newsletter/ }).check();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Preferences saved' })).toBeVisible();

  // Language: the interface switches to Amharic at once and stays after reload.
  // Amharic resources load on demand, so the radio turns checked once the switch is done.
  await page.getByRole('radio', { name: 'አማርኛ' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ቅንብሮች');
  await expect(page.getByRole('radio', { name: 'አማርኛ' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ቅንብሮች');
  await expect(page.getByRole('checkbox', { name: /ጋዜጣ/ })).toBeChecked();

  // 360 px wide: the page fits without horizontal scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/settings?section=security');
  await expect(shownText(page, 'ይህ መሣሪያ')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a reader changes the password, logs out and back in with the new one', async ({ page }) => {
  const reader = await signUp(page, newReader('settings'));
  await finishWizard(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings?section=security');

  await page.getByLabel('Current password').fill('Wrong!2026pass');
  await page.getByLabel('New password', { exact: true }).fill('Brand!New2027');
  await page.getByLabel('Confirm new password').fill('Brand!New2027');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(shownText(page, 'Current password is incorrect')).toBeVisible();

  await page.getByLabel('Current password').fill(reader.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Password changed' })).toBeVisible();
  await expectAccessible(page);

  await signOut(page);
  await logIn(page, reader.email, reader.password);
  await expect(shownText(page, 'Invalid email or password')).toBeVisible();
  await logIn(page, reader.email, 'Brand!New2027');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a reader turns on two-factor authentication and then logs in with a code', async ({ page }) => {
  const reader = await signUp(page, newReader('totp'));
  await finishWizard(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings?section=security');

  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await page.getByLabel('6-digit code').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText('On');

  await signOut(page);
  await logIn(page, reader.email, reader.password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expectAccessible(page);
  // The enrolment used this step's code; the next one is accepted (one step of drift is allowed).
  await page.getByLabel('Authentication code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

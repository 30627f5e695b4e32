import { expect, test } from './support/test';
import { expectAccessible, shownText } from './support/fixtures';

test('switching to Amharic translates the interface and survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('language-select').selectOption('am');
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  // The login button and the email label in Ge'ez script.
  await expect(page.getByRole('button', { name: 'ግባ', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expect(page.getByRole('button', { name: 'ግባ', exact: true })).toBeVisible();

  // Server messages come back in Amharic too.
  await page.getByRole('button', { name: 'ግባ', exact: true }).click();
  await expect(shownText(page, 'ኢሜይል ያስፈልጋል').first()).toBeVisible();
  await page.goto('/signup');
  await expect(page.locator('h1')).toHaveText(/[\u1200-\u137F]/);
  await expectAccessible(page);

  // The Ethiopic font is bundled and used.
  const fontReady = await page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('16px "Noto Sans Ethiopic"', 'ንባብ');
  });
  expect(fontReady).toBe(true);

  await page.getByTestId('language-select').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

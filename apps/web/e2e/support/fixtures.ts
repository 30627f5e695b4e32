import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

let counter = 0;
/**
 * A fresh reader for one test. The name is unique in the worker's database and of one length
 * (8 base-36 digits of the clock, 4 of a counter), so no reader's name is a prefix of another's:
 * a counter alone gave "Tigist Bekele 1" and "Tigist Bekele 12" side by side (a substring match
 * found both, depending on which specs the worker had run), and twice the same name after a
 * worker restarted.
 */
export function newReader(prefix = 'reader'): { fullName: string; email: string; password: string } {
  counter += 1;
  const tag = `${Date.now().toString(36).padStart(8, '0')}${String(counter).padStart(4, '0')}`;
  return {
    fullName: `Tigist Bekele ${tag}`,
    email: `${prefix}-${tag}@example.com`,
    password: 'Reading!2026',
  };
}

/** Signs up through the form and waits for the preferences wizard. */
export async function signUp(page: Page, reader = newReader()): Promise<typeof reader> {
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(reader.fullName);
  await page.getByLabel('Email Address').fill(reader.email);
  await page.getByLabel('Password', { exact: true }).fill(reader.password);
  await page.getByLabel('Confirm Password').fill(reader.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/preferences$/);
  return reader;
}

/** Completes the wizard with the two required answers and skips the rest. */
export async function finishWizard(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: 'Fantasy' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
}

/** Logs in through the form. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * The element showing `text` on screen: the app's live regions (components/announcer.tsx) repeat a
 * toast's text for screen readers, and a plain `getByText` would find both.
 */
export function shownText(page: Page, text: string | RegExp, options?: { exact?: boolean }): Locator {
  return page.getByText(text, options).and(page.locator(':not([data-announcer])'));
}

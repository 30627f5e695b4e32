import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { expectAccessible } from './support/fixtures';

/*
 * Messages come in a core and a rest part (apps/web/src/i18n/sections.ts). The landing page renders
 * with the core only; every other page waits for the rest; no page ever shows a raw key.
 */

const sections = (file: string) =>
  Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as object);
const SECTIONS = [
  ...sections('../src/i18n/locales/en.json'),
  ...sections('../../../packages/shared/src/locales/en.json'),
];

/** Records, from the first paint on, any text or label that looks like a translation key. */
async function watchForRawKeys(page: Page): Promise<void> {
  await page.addInitScript((names: string[]) => {
    const pattern = new RegExp(`(?:^|\\s)(?:${names.join('|')})\\.[A-Za-z][\\w.]*(?:$|\\s)`);
    const seen: string[] = [];
    (window as unknown as { rawKeys: string[] }).rawKeys = seen;
    const check = (text: string | null | undefined) => {
      if (text && pattern.test(text.trim())) seen.push(text.trim());
    };
    const scan = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) check(node.textContent);
      if (node instanceof Element) {
        check(node.getAttribute('aria-label'));
        check(node.getAttribute('placeholder'));
        node.childNodes.forEach(scan);
      }
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'characterData') check(mutation.target.textContent);
        else if (mutation.type === 'attributes') scan(mutation.target);
        else mutation.addedNodes.forEach(scan);
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-label', 'placeholder'],
    });
  }, SECTIONS);
}

const rawKeys = (page: Page) => page.evaluate(() => (window as unknown as { rawKeys: string[] }).rawKeys);

/** Holds the rest of the English messages back until `release` is called. */
async function holdRestMessages(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(/\/assets\/en\.rest-[\w-]+\.js$/, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, wasRequested: () => requested };
}

test('the landing page shows before the rest of the messages; other pages wait for them', async ({
  page,
}) => {
  await watchForRawKeys(page);
  const rest = await holdRestMessages(page);
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }),
  ).toBeVisible();
  // the rest is asked for right after start (the client's script loads after the server-rendered
  // page shows), but the landing page does not wait for it: it is still held back here
  await expect.poll(() => rest.wasRequested()).toBe(true);
  rest.release();
  await expectAccessible(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
  await expect(page.locator('h1')).toHaveText('About Us');
  await expectAccessible(page);
  expect(await rawKeys(page)).toEqual([]);
});

test('a page opened directly reads at once from the server; the client takes over once the rest is in', async ({
  page,
}) => {
  await watchForRawKeys(page);
  const rest = await holdRestMessages(page);
  await page.goto('/aboutus');
  // Server-rendered: the page reads before any script ran.
  await expect(page.locator('h1')).toHaveText('About Us');
  await expect.poll(rest.wasRequested).toBe(true);
  // Held back, the rest of the messages leaves the server's page on screen (no spinner in its place):
  // two frames after the client asked for them, whatever it rendered meanwhile is on screen.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await expect(page.locator('h1')).toHaveText('About Us');
  await expect(page.getByTestId('route-spinner')).toHaveCount(0);
  rest.release();
  // Hydrated once the rest is in: the language select now works.
  await expect(async () => {
    await page.getByTestId('language-select').first().selectOption('am');
    await expect(page.locator('html')).toHaveAttribute('lang', 'am', { timeout: 1000 });
  }).toPass();
  await expect(page.locator('h1')).toHaveText('ስለ እኛ');
  await expectAccessible(page);
  await page.getByTestId('language-select').first().selectOption('en');
  await expect(page.locator('h1')).toHaveText('About Us');

  // Amharic from the start (the stored choice), then English on the same page
  await page.evaluate(() => window.localStorage.setItem('NR_lang', 'am'));
  await page.goto('/aboutus');
  await expect(page.locator('h1')).toHaveText('ስለ እኛ');
  await expectAccessible(page);
  await page.getByTestId('language-select').first().selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('h1')).toHaveText('About Us');
  expect(await rawKeys(page)).toEqual([]);
});

import { expect, test, type Locator, type Page } from './support/test';
import { E2E_ADMIN } from './support/ports';
import { expectAccessible, finishWizard, logIn } from './support/fixtures';

/**
 * A screen reader and a keyboard get the whole story: moving to another page with the keyboard puts
 * the focus on its h1 and says its title in the polite live region (there, empty, from the first
 * render); a toast is said through that same region; an English title in the Amharic interface is
 * marked `lang="en"`, in the server's HTML and once hydrated; an admin page honours `?lang=am`.
 */

const COPIED = { en: 'Link copied to the clipboard', am: 'አገናኙ ተቀድቷል' } as const;
const COPY = { en: 'Copy link', am: 'አገናኙን ቅዳ' } as const;

/** Presses Tab until `target` has the focus (the keyboard's way to a control). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Tab never reached the control');
}

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrating');
}

for (const lang of ['en', 'am'] as const) {
  for (const width of [360, 1440]) {
    test.describe(`${lang} at ${width} px`, () => {
      test.use({
        viewport: { width, height: 800 },
        permissions: ['clipboard-read', 'clipboard-write'],
      });

      test('keyboard moves between pages: focus on the h1, title and toast said politely, lang of parts', async ({
        page,
        request,
      }) => {
        // The server's HTML: the English title carries lang="en" only in the Amharic interface.
        const html = await (await request.get(`/book/1?lang=${lang}`)).text();
        if (lang === 'am') expect(html).toMatch(/<h1 id="book-title" lang="en"[^>]*>The Hunger Games</);
        else expect(html).toMatch(/<h1 id="book-title" class="[^"]*">The Hunger Games</);
        // Both live regions are in the server's markup, empty.
        expect(html).toMatch(/<div data-testid="announcer-polite"[^>]*aria-live="polite"[^>]*><\/div>/);
        expect(html).toMatch(/<div data-testid="announcer-assertive"[^>]*aria-live="assertive"[^>]*><\/div>/);

        await page.goto(`/book/1?lang=${lang}`);
        await hydrated(page);
        const title = page.locator('#book-title');
        if (lang === 'am') await expect(title).toHaveAttribute('lang', 'en');
        else await expect(title).not.toHaveAttribute('lang');
        // The first load leaves the focus alone and says nothing.
        const polite = page.getByTestId('announcer-polite');
        await expect(polite).toBeEmpty();
        await expect(title).not.toBeFocused();
        // The region is marked, to show later that the toast used this very element.
        await polite.evaluate((element) => element.setAttribute('data-first', ''));

        // Tab to the author, Enter: the author page's h1 has the focus and its title is said.
        await tabTo(page, page.getByRole('link', { name: 'Suzanne Collins' }).first());
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/author\/Suzanne%20Collins/);
        const authorHeading = page.locator('#main-content h1');
        await expect(authorHeading).toBeFocused();
        await expect(polite).toHaveText(await page.title());
        await expect(polite).toContainText('Suzanne Collins');
        await expectAccessible(page);

        // Back: the book page's h1 again, its title said.
        await page.goBack();
        await expect(title).toBeFocused();
        await expect(polite).toHaveText(await page.title());
        await expect(polite).toContainText('The Hunger Games');

        // A toast is said through the region that was there before it.
        await tabTo(page, page.getByRole('button', { name: COPY[lang] }));
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('toast')).toHaveText(COPIED[lang]);
        await expect(page.locator('[data-testid="announcer-polite"][data-first]')).toHaveText(COPIED[lang]);
        await expect(page.getByTestId('announcer-assertive')).toBeEmpty();
      });
    });
  }
}

test('an admin page opened with ?lang=am is in Amharic', async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/(preferences|admin\/dashboard)$/);
  if (page.url().endsWith('/preferences')) await finishWizard(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();

  await page.goto('/admin/dashboard?lang=am');
  await expect(page.getByRole('heading', { level: 1, name: 'የአስተዳዳሪ ዳሽቦርድ' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expectAccessible(page);
  // For this visit only: the account's and the device's language stay English.
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
});

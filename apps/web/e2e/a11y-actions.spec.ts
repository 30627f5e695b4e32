import { expect, test, type Browser, type APIRequestContext, type Page } from './support/test';
import { apiCall, apiReader, useToken } from './support/api';
import { expectAccessible } from './support/fixtures';

/*
 * Keyboard only (no clicks on the journey), in English and Amharic, at 360 and 1440 px: where focus
 * lands after an action, what is announced, the header menus' Tab, and a status select that saves
 * only on Save.
 */

const TEXT = {
  en: {
    add: 'Add to Reading List',
    addedToWant: 'Added to Want to Read',
    status: 'Status',
    saveStatus: 'Save status',
    remove: 'Remove',
    movedToReading: 'Moved to Currently Reading',
    writeReview: 'Write Review',
    comment: 'Comment',
    rating: 'Rating',
    submitReview: 'Submit Review',
    reviewSaved: 'Your review has been saved',
    addClub: 'Add Club',
    createClub: 'Create Book Club',
    clubName: 'Club name',
    submitClub: 'Create Club',
    openChat: 'Open Chat',
    theme: /^Colour theme/,
    menuOpen: 'Open menu',
    userMenu: /^Account menu for/,
    genres: 'Genres',
    copyLink: 'Copy link',
    linkCopied: 'Link copied',
  },
  am: {
    add: 'ወደ ንባብ ዝርዝር ያክሉ',
    addedToWant: 'ወደ «ለማንበብ የምፈልገው» ታክሏል',
    status: 'ሁኔታ',
    saveStatus: 'ሁኔታውን አስቀምጥ',
    remove: 'አስወግድ',
    movedToReading: 'ወደ «በማንበብ ላይ» ተዛውሯል',
    writeReview: 'ግምገማ ይጻፉ',
    comment: 'አስተያየት',
    rating: 'ደረጃ',
    submitReview: 'ግምገማ ያስገቡ',
    reviewSaved: 'ግምገማዎ ተቀምጧል',
    addClub: 'ክበብ ያክሉ',
    createClub: 'የመጻሕፍት ክበብ ይፍጠሩ',
    clubName: 'የክበቡ ስም',
    submitClub: 'ክበቡን ይፍጠሩ',
    openChat: 'ውይይቱን ይክፈቱ',
    theme: /^የቀለም ገጽታ/,
    menuOpen: 'ምናሌ ክፈት',
    userMenu: /የመለያ ምናሌ$/,
    genres: 'ዘውጎች',
    copyLink: 'አገናኙን ቅዳ',
    linkCopied: 'አገናኙ ተቀድቷል',
  },
} as const;

type Lang = keyof typeof TEXT;
const LANGS: readonly Lang[] = ['en', 'am'];
/** Each journey runs at 360 px in one language and 1440 px in the other. */
const width = (lang: Lang, flip: boolean) => ((lang === 'en') !== flip ? 360 : 1440);

/** A fresh reader signed in, in `lang`, at `px` wide. */
async function readerPage(
  browser: Browser,
  request: APIRequestContext,
  lang: Lang,
  px: number,
): Promise<{ page: Page; token: string }> {
  const reader = await apiReader(request, `a11y-${lang}`);
  await apiCall(request, 'PUT', '/api/account/display', reader.token, { language: lang });
  const context = await browser.newContext({ viewport: { width: px, height: 900 } });
  await useToken(context, reader.token);
  await context.addInitScript((language) => window.localStorage.setItem('NR_lang', language), lang);
  const page = await context.newPage();
  return { page, token: reader.token };
}

/** Opens `path` and waits until the page is live (the signed-in header shows only after hydration). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

for (const lang of LANGS) {
  const s = TEXT[lang];

  test(`${lang}: Add to Reading List focuses the status; arrows do not save, Save does`, async ({
    browser,
    request,
  }) => {
    const { page } = await readerPage(browser, request, lang, width(lang, false));
    await open(page, '/book/4');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.getByRole('button', { name: s.add }).press('Enter');
    const status = page.getByRole('combobox', { name: s.status });
    await expect(status).toBeFocused();
    await expect(status).toHaveValue('wantToRead');
    await expect(toast(page, s.addedToWant)).toBeVisible();

    // Arrowing through the closed select's options chooses, and saves nothing.
    const writes: string[] = [];
    page.on('request', (req) => {
      if (req.method() !== 'GET' && req.url().includes('/api/reading-list')) writes.push(req.method());
    });
    await status.press('ArrowDown');
    await expect(status).toHaveValue('currentlyReading');
    await status.press('ArrowDown');
    await expect(status).toHaveValue('completed');
    await page.reload();
    await expect(page.getByRole('combobox', { name: s.status })).toHaveValue('wantToRead');
    expect(writes).toEqual([]);

    // Save commits the choice and says so; focus stays on Save.
    await page.getByRole('combobox', { name: s.status }).press('ArrowDown');
    await page.keyboard.press('Tab');
    const save = page.getByRole('button', { name: s.saveStatus });
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, s.movedToReading)).toBeVisible();
    await expect(save).toBeFocused();
    expect(writes).toEqual(['PATCH']);
    await page.reload();
    await expect(page.getByRole('combobox', { name: s.status })).toHaveValue('currentlyReading');

    // Remove: focus goes to Add to Reading List, which takes the controls' place.
    await page.getByRole('button', { name: s.remove, exact: true }).press('Enter');
    await expect(page.getByRole('button', { name: s.add })).toBeFocused();

    // Copy link is announced too.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: s.copyLink }).press('Enter');
    await expect(toast(page, s.linkCopied)).toBeVisible();
    // The Related Books grid is not a live region any more.
    await expect(page.getByTestId('related-count')).toBeVisible();
    await expect(page.locator('[aria-live]:has([data-testid="related-count"])')).toHaveCount(0);
    await expectAccessible(page);
    await page.context().close();
  });

  test(`${lang}: the review form opens on its comment, and focus lands on the saved review`, async ({
    browser,
    request,
  }) => {
    const { page } = await readerPage(browser, request, lang, width(lang, true));
    await open(page, '/book/5');
    await page.getByRole('button', { name: s.writeReview }).press('Enter');
    const comment = page.getByRole('textbox', { name: s.comment });
    await expect(comment).toBeFocused();
    // The rating comes just before it.
    await page.keyboard.press('Shift+Tab');
    await expect(
      page.getByRole('radiogroup', { name: s.rating }).getByRole('radio', { checked: true }),
    ).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await expect(comment).toBeFocused();
    const words = `Keyboard review ${lang} ${Date.now().toString(36)}`;
    await page.keyboard.type(words);
    await page.getByRole('button', { name: s.submitReview }).press('Enter');
    const saved = page.getByTestId('review').filter({ hasText: words });
    await expect(saved).toBeFocused();
    await expect(saved).toHaveAttribute('id', /^review-/);
    await expect(toast(page, s.reviewSaved)).toBeVisible();
    await expectAccessible(page);
    await page.context().close();
  });

  test(`${lang}: a new club's Open Chat gets focus after Create`, async ({ browser, request }) => {
    const { page } = await readerPage(browser, request, lang, width(lang, false));
    await open(page, '/community/bookclub');
    await page.getByRole('button', { name: s.addClub }).press('Enter');
    const dialog = page.getByRole('dialog', { name: s.createClub });
    const name = dialog.getByRole('textbox', { name: s.clubName });
    await expect(name).toBeFocused();
    await page.keyboard.type(`Keyboard Circle ${lang} ${Date.now().toString(36)}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('We read with the keyboard.');
    await dialog.getByRole('button', { name: s.submitClub }).press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: s.openChat })).toBeFocused();
    await expectAccessible(page);

    // A dialog closed with Escape returns focus to the button that opened it.
    await page.getByRole('button', { name: s.addClub }).press('Enter');
    await expect(dialog.getByRole('textbox', { name: s.clubName })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: s.addClub })).toBeFocused();
    await page.context().close();
  });

  test(`${lang}: the theme and account menus follow the menu-button pattern and Tab leaves them`, async ({
    browser,
    request,
  }) => {
    const px = width(lang, true);
    const { page } = await readerPage(browser, request, lang, px);
    await open(page, '/books');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (px < 768) await page.getByRole('button', { name: s.menuOpen }).press('Enter');

    /** The focused control, described (tag, label, text). */
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element && element !== document.body
          ? `${element.tagName} ${element.getAttribute('aria-label') ?? ''} ${element.textContent ?? ''}`
          : 'none';
      });
    /** The control Tab reaches from `button` (menu closed); focus goes back to the button. */
    async function nextAfter(button: ReturnType<Page['getByRole']>) {
      await button.focus();
      await page.keyboard.press('Tab');
      const next = await focused();
      expect(next).not.toBe('none');
      await page.keyboard.press('Shift+Tab');
      await expect(button).toBeFocused();
      return next;
    }

    // Theme: opened with Enter on its checked item; arrows wrap; Home / End; Escape; Tab.
    const theme = page.getByRole('button', { name: s.theme });
    const afterTheme = await nextAfter(theme);
    await expect(theme).toHaveAttribute('aria-haspopup', 'menu');
    await expect(theme).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const radios = menu.getByRole('menuitemradio');
    await expect(radios).toHaveCount(3);
    await expect(menu.getByRole('menuitemradio', { checked: true })).toBeFocused();
    await expect(page.getByRole('button', { name: s.theme })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('End');
    await expect(radios.nth(2)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(radios.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(radios.nth(2)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(radios.nth(0)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(theme).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitemradio', { checked: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toHaveCount(0);
    await expect.poll(focused).toBe(afterTheme);
    await expect(theme).toHaveAttribute('aria-expanded', 'false');

    // Account: opened with Space on its first item; Up wraps to the last; Tab leaves and closes.
    const account = page.getByRole('button', { name: s.userMenu });
    const afterAccount = await nextAfter(account);
    await page.keyboard.press(' ');
    await expect(menu).toBeVisible();
    const items = menu.getByRole('menuitem');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toHaveCount(0);
    await expect.poll(focused).toBe(afterAccount);

    // Genres (the wide header's dropdown): opened with Enter on its first genre; Tab leaves and closes.
    if (px >= 1024) {
      const genres = page.getByRole('button', { name: s.genres, exact: true });
      const afterGenres = await nextAfter(genres);
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(menu).toHaveCount(0);
      await expect.poll(focused).toBe(afterGenres);
    }
    await expectAccessible(page);
    await page.context().close();
  });
}

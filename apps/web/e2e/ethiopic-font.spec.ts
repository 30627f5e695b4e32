import { expect, test, type CDPSession, type Page } from './support/test';
import { apiCall, apiReader, useToken } from './support/api';
import { expectAccessible, shownText } from './support/fixtures';

/**
 * Ge'ez text renders in the bundled Ethiopic face in the English interface too (this machine, like
 * many readers' devices, has no Ethiopic system font: without the face the glyphs are empty boxes).
 * Chromium itself says which font drew each node's glyphs (DevTools `CSS.getPlatformFontsForNode`).
 */

const ETHIOPIC = /[\u1200-\u137f]/g;
const FACE = 'Noto Sans Ethiopic';

/** Marks every element whose own text holds Ge'ez with `data-geez-probe` and answers how many. */
async function markGeezText(page: Page): Promise<number> {
  return page.evaluate(() => {
    let count = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || seen.has(parent) || !/[\u1200-\u137f]/.test(node.textContent ?? '')) continue;
      // Only what is on screen: hidden menus and screen-reader text draw no glyphs.
      if (parent.closest('[hidden], .sr-only, option') || parent.getClientRects().length === 0) continue;
      seen.add(parent);
      parent.setAttribute('data-geez-probe', String(count));
      count += 1;
    }
    return count;
  });
}

/** For each marked element: its Ge'ez and the glyphs the Ethiopic face drew (the rest: the fonts that did). */
async function geezRendering(page: Page, cdp: CDPSession, count: number) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const results: { text: string; geezChars: number; faceGlyphs: number; fonts: string }[] = [];
  for (let i = 0; i < Math.min(count, 40); i += 1) {
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: `[data-geez-probe="${i}"]`,
    });
    if (!nodeId) continue;
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const text = await page.locator(`[data-geez-probe="${i}"]`).evaluate((element) =>
      [...element.childNodes]
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent)
        .join(''),
    );
    const geezChars = (text.match(ETHIOPIC) ?? []).length;
    const faceGlyphs = fonts
      .filter((font) => font.familyName === FACE && font.isCustomFont)
      .reduce((sum, font) => sum + font.glyphCount, 0);
    results.push({
      text: text.trim().slice(0, 40),
      geezChars,
      faceGlyphs,
      fonts: fonts.map((font) => `${font.familyName}×${font.glyphCount}`).join(', '),
    });
  }
  return results;
}

/** Every Ge'ez character on the page was drawn by the bundled face (its glyphs cover them). */
async function expectGeezInEthiopicFace(page: Page, cdp: CDPSession, atLeast: number): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Ethiopic"', 'ንባብ')))
    .toBe(true);
  const count = await markGeezText(page);
  expect(count, `Ge'ez text on ${page.url()}`).toBeGreaterThanOrEqual(atLeast);
  const rendering = await geezRendering(page, cdp, count);
  const wrong = rendering.filter((node) => node.faceGlyphs < node.geezChars);
  expect(wrong, `Ge'ez not drawn by ${FACE} on ${page.url()}`).toEqual([]);
}

test('Ge’ez on English pages renders in the bundled Ethiopic face, loaded only as its Ge’ez subset', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fontFiles: string[] = [];
  page.on('request', (req) => {
    if (/noto-sans-ethiopic/i.test(req.url())) fontFiles.push(req.url());
  });
  const cdp = await page.context().newCDPSession(page);

  // The landing page: the logo's ንባብ and the hero badge.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('#hero-title')).toBeVisible();
  await expectGeezInEthiopicFace(page, cdp, 2);
  const badge = page.locator('section[aria-labelledby="hero-title"] [lang="am"]');
  await expect(badge).toHaveText('ንባብ');
  expect(await badge.getAttribute('data-geez-probe')).not.toBeNull();
  await expectAccessible(page);

  // Amharic titles and authors in the lists of an English page (search results, covers included).
  await page.goto(`/search?q=${encodeURIComponent('ፍቅር')}`);
  await expect(page.getByTestId('search-results')).toBeVisible();
  await expectGeezInEthiopicFace(page, cdp, 4);

  // About Us: Ge'ez inside an English sentence.
  await page.goto('/aboutus');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectGeezInEthiopicFace(page, cdp, 2);

  // Only the Ethiopic subset of the face is ever fetched (no Latin subsets: Inter and Literata set Latin).
  expect(fontFiles.length).toBeGreaterThan(0);
  expect(fontFiles.filter((url) => !/noto-sans-ethiopic-ethiopic-\d+-normal/.test(url))).toEqual([]);
  await cdp.detach();
});

test('a reader’s English settings and club pages draw Ge’ez in the Ethiopic face', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const reader = await apiReader(request, 'geez-font');
  // A club reading an Amharic book: the club list's "Reading:" line shows its title.
  const found = await apiCall<{ items: { id: string; volumeInfo: { title: string } }[] }>(
    request,
    'GET',
    `/api/search?q=${encodeURIComponent('ፍቅር')}&pageSize=1`,
    null,
  );
  const book = found.items[0]!;
  const club = await apiCall<{ id: string }>(request, 'POST', '/api/clubs', reader.token, {
    name: `Fikir readers ${Date.now().toString(36)}`,
    description: 'We read Amharic novels.',
    visibility: 'public',
    genre_focus: 'fiction',
  });
  await apiCall(request, 'PATCH', `/api/clubs/${club.id}`, reader.token, { currentBookId: book.id });

  const context = await browser.newContext();
  await useToken(context, reader.token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);

  await page.goto('/dashboard/settings?section=preferences');
  await expect(page.getByRole('radio', { name: 'አማርኛ' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectGeezInEthiopicFace(page, cdp, 2);
  // The "አማርኛ" choice itself is one of the nodes checked.
  await expect(page.locator('label[lang="am"][data-geez-probe]')).toHaveCount(1);

  await page.goto(`/community/bookclub?club=${club.id}`);
  await expect(shownText(page, book.volumeInfo.title).first()).toBeVisible();
  await expectGeezInEthiopicFace(page, cdp, 1);
  await expectAccessible(page);
  await context.close();
});

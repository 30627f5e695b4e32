import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { apiCall, apiReader } from './support/api';
import { E2E_ADMIN } from './support/ports';
import { finishWizard, signUp, shownText } from './support/fixtures';

/** axe on the page; the cross-origin Drive frame (which does not load offline) is left out. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
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

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}

/** A one-page PDF with a line of text, built by hand (valid xref offsets). */
function tinyPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 24 Tf 40 300 Td (${text}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('a catalogue book shows its facts, the about line and the Buy dialog addresses', async ({
  page,
  context,
}) => {
  await page.goto('/book/1');
  await expect(page.getByRole('heading', { level: 1, name: /The Hunger Games/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Suzanne Collins' })).toHaveAttribute(
    'href',
    /\/author\/Suzanne%20Collins$/,
  );
  await expect(page.getByTestId('book-rating')).toContainText('4.3');
  const about = page.getByTestId('book-about-line').or(page.getByTestId('book-description'));
  await expect(about).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Related Books' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Buy Book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where would you like to purchase this book?' });
  await expect(dialog).toBeVisible();
  const isbn = (await dialog.getByTestId('buy-isbn').locator('span').nth(1).innerText()).trim();
  await expect(dialog.getByRole('button', { name: 'Choose a bookshop' })).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole('radio', { name: 'Amazon' }).check();
  const popup = context.waitForEvent('page');
  // The shop itself is not reachable offline: only the address matters.
  await context.route(/amazon\.com/, (route) => route.fulfill({ status: 200, body: 'shop' }));
  await dialog.getByRole('button', { name: 'Visit Amazon' }).click();
  const shop = await popup;
  expect(shop.url()).toBe(`https://www.amazon.com/s?k=${isbn}&i=stripbooks`);
  await shop.close();
});

test('reporting a book: blank reason warns, a reason is accepted when logged in', async ({
  page,
  request,
}) => {
  // The book's Report button, not a review's: another reader has reviewed book 1 (as other specs on
  // this worker may have), so a signed-in reader sees a Report button on that review too.
  const critic = await apiReader(request, 'book-critic');
  await apiCall(request, 'POST', '/api/books/1/reviews', critic.token, { rating: 4, comment: 'Tense.' });
  const reportBook = page
    .getByRole('button', { name: 'Report', exact: true })
    .and(page.locator('xpath=//*[not(ancestor::*[@data-testid="review"])]'));
  await page.goto('/book/1');
  await reportBook.click();
  await expect(shownText(page, 'Please log in to report a book.')).toBeVisible();

  await signUp(page);
  await finishWizard(page);
  await page.goto('/book/1');
  await reportBook.click();
  const form = page.getByRole('form', { name: 'Report this book' });
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByText('Please provide a reason for reporting')).toBeVisible();
  await expectAccessible(page);
  await form.getByLabel('Why are you reporting this book?').fill('The cover shown is of another book.');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(shownText(page, 'Thank you — our team will review your report.')).toBeVisible();
});

test('a Drive preview link set by the admin opens in the reader overlay; Back and Close close it', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const fileId = '1AbCdEfGhIjKlMnOpQrStUv';
  const patched = await request.patch('/api/admin/books/2', {
    headers: { Authorization: `Bearer ${token}` },
    data: { previewLink: `https://drive.google.com/file/d/${fileId}/view?usp=sharing`, viewability: 'FULL' },
  });
  expect(patched.ok()).toBeTruthy();

  await page.goto('/book/2');
  const read = page.getByRole('button', { name: 'Read Book' });
  await read.click();
  const overlay = page.getByRole('dialog');
  await expect(overlay).toBeVisible();
  await expect(page).toHaveURL(/\/book\/2\?reader=open$/);
  await expect(overlay.locator('iframe')).toHaveAttribute(
    'src',
    `https://drive.google.com/file/d/${fileId}/preview`,
  );
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await expectAccessible(page);

  await overlay.getByRole('button', { name: 'Close reader' }).click();
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/book\/2$/);
  await expect(read).toBeFocused();

  await read.click();
  await expect(overlay).toBeVisible();
  await page.goBack();
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/book\/2$/);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
});

test('an uploaded PDF opens in the in-app reader, drawn by PDF.js', async ({ page, request }) => {
  const token = await adminToken(request);
  const created = await request.post('/api/admin/books', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title: 'E2E Reader Test',
      author: 'Test Author',
      publisher: 'Nebab',
      language: 'en',
      publicationYear: '2026',
      genre: 'fiction',
      description: 'A tiny generated book.',
      pageCount: '1',
      coverImage: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
      bookFile: { name: 'book.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Hello from Nebab') },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect(id).toMatch(/^local-/);

  await page.goto(`/book/${id}`);
  await page.getByRole('button', { name: 'Read Book' }).click();
  const overlay = page.getByRole('dialog', { name: 'E2E Reader Test' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByTestId('pdf-page-indicator')).toHaveText('Page 1 of 1');
  await expect(overlay.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true');
  // Something was drawn: the canvas is not blank.
  const inked = await overlay
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) return true;
      return false;
    });
  expect(inked).toBe(true);
  await expectAccessible(page);
  await overlay.getByRole('button', { name: 'Zoom in' }).click();
  await overlay.getByRole('button', { name: 'Close reader' }).click();
  await expect(overlay).toBeHidden();
});

import { expect, test, type Page } from './support/test';
import { E2E_ADMIN } from './support/ports';
import { expectAccessible, finishWizard, logIn } from './support/fixtures';
import { solidPng, tinyPdf } from './support/files';

/** Logs the admin in (finishing the wizard the first time) and waits for the admin dashboard. */
async function adminLogIn(page: Page): Promise<void> {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/(preferences|admin\/dashboard)$/);
  if (page.url().endsWith('/preferences')) await finishWizard(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

const TITLE = 'የጣና ሐይቅ ወፎች ምሥጢር';

test('an admin adds an Ethiopian book, finds it by its Amharic title and reads it', async ({ page }) => {
  await adminLogIn(page);
  await page.goto('/upload/book');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Ethiopian Book' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add Ethiopian Book' });

  // Amharic is the first language and the default.
  const language = form.getByLabel('Language');
  await expect(language).toHaveValue('am');
  await expect(language.locator('option').first()).toHaveText('Amharic');

  // The shared schema speaks first: nothing filled in.
  await form.getByRole('button', { name: 'Add book' }).click();
  await expect(form.getByText('Please enter the title')).toBeVisible();
  await expect(form.getByText('Please choose a genre')).toBeVisible();
  await expect(form.getByText('Please choose the PDF file of the book')).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();
  await expectAccessible(page);

  await form.getByLabel('Title').fill(TITLE);
  await form.getByLabel('Author').fill('ሐዲስ ዓለማየሁ');
  await form.getByLabel('Publisher (optional)').fill('ኩራዝ አሳታሚ');
  await form.getByLabel('Genre').selectOption({ label: 'Fiction' });
  await form.getByLabel('Publication date (optional)').fill('1968-05-01');
  await form.getByLabel('Page count (optional)').fill('1');
  await form.getByLabel('Description (optional)').fill('A story of the birds of Lake Tana.');

  // The browser checks the declared type and size of a picked file.
  const cover = form.getByLabel('Cover image (optional)');
  await cover.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(form.getByText('The cover must be a JPEG, PNG or WebP image')).toBeVisible();
  const png = solidPng(60, 90, [15, 94, 99]);
  await cover.setInputFiles({ name: 'tana.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByTestId('coverImage-selected')).toContainText('Selected: tana.png (');
  await expect(form.getByText('The cover must be a JPEG, PNG or WebP image')).toHaveCount(0);

  // A file that only claims to be a PDF passes the browser and is refused by the server, by its bytes.
  const book = form.getByLabel('Book PDF');
  await book.setInputFiles({
    name: 'tana.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(4096)]),
  });
  await form.getByRole('button', { name: 'Add book' }).click();
  await expect(form.getByText('The book file must be a PDF')).toBeVisible();
  await expect(book).toBeFocused();

  const pdf = tinyPdf('Tana');
  await book.setInputFiles({ name: 'tana.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(form.getByTestId('bookFile-selected')).toContainText('Selected: tana.pdf (');
  await form.getByRole('button', { name: 'Add book' }).click();

  const success = page.getByTestId('upload-success');
  await expect(success.getByRole('heading', { name: 'Book added' })).toBeFocused();
  await expect(success).toContainText(TITLE);
  const openBook = success.getByRole('link', { name: 'Open book page' });
  await expect(openBook).toHaveAttribute('href', /^\/book\/local-[0-9a-f-]{36}$/);
  const bookPath = (await openBook.getAttribute('href'))!;
  await expect(success.getByRole('link', { name: 'Read now' })).toHaveAttribute(
    'href',
    `${bookPath}?reader=open`,
  );
  await expectAccessible(page);

  // Another book: the form starts over, empty.
  await success.getByRole('button', { name: 'Add another book' }).click();
  await expect(form.getByLabel('Title')).toHaveValue('');
  await expect(form.getByTestId('bookFile-selected')).toHaveCount(0);

  // Search by the Amharic title on the search page.
  await page.goto('/search');
  const search = page.getByRole('main').getByRole('search', { name: 'Search books' });
  await search.getByRole('searchbox', { name: 'Search books' }).fill(TITLE);
  await search.getByRole('button', { name: 'Search' }).click();
  const result = page.getByRole('link', { name: TITLE });
  await expect(result).toBeVisible();
  await expect(result).toHaveAttribute('href', bookPath);
  await result.click();

  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Read Book' }).click();
  const overlay = page.getByRole('dialog', { name: TITLE });
  await expect(overlay.getByTestId('pdf-page-indicator')).toHaveText('Page 1 of 1');
  await expect(overlay.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true');
  const inked = await overlay
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) return true;
      return false;
    });
  expect(inked).toBe(true);
});

test('the upload page is for admins only', async ({ page }) => {
  await page.goto('/upload/book');
  await expect(page).toHaveURL(/\/login/);
});

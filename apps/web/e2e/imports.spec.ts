import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { apiAdmin, apiReader, useToken } from './support/api';
import { expectAccessible, shownText } from './support/fixtures';

const COLUMNS =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

/** A small Goodreads library export, written as Goodreads writes it (`="…"` ISBNs, CRLF). */
const EXPORT = [
  COLUMNS,
  '2767052,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,"Collins, Suzanne",,"=""0439023483""","=""9780439023481""",5,4.33,Scholastic Press,Hardcover,374,2008,2008,2019/05/04,2018/11/02,"favorites, dystopia","favorites (#3), dystopia (#1)",read,Loved it.<br/>Katniss!,,,1,1',
  '3,"Harry Potter and the Sorcerer\'s Stone (Harry Potter, #1)",J.K. Rowling,"Rowling, J.K.",Mary GrandPré,"=""""","=""""",0,4.47,Scholastic,Paperback,309,2003,1997,,2024/01/10,currently-reading,currently-reading (#1),currently-reading,,,,0,0',
  '2657,To Kill a Mockingbird,Harper Lee,"Lee, Harper",,"=""""","=""""",0,4.28,,,,,,,2023/03/01,to-read,to-read (#4),to-read,,,,0,0',
  '900000123,Songs of the Simien Wind,Liya Desta,"Desta, Liya",,"=""""","=""""",4,4.00,Shama Books,Paperback,210,2021,2021,2022/08/30,2022/08/01,read,read (#9),read,,,,1,0',
  '900000124,,Nobody,,,"=""""","=""""",0,0,,,,,,,2022/08/01,to-read,,to-read,,,,0,0',
].join('\r\n');

const filter = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Filter your reading list' })
    .getByRole('button', { name: new RegExp(`^${name} \\d+$`) });

test('a reader imports a Goodreads export in Settings, watches it, reads the report, finds the books, and downloads both exports', async ({
  browser,
  request,
}) => {
  const reader = await apiReader(request, 'importer');
  const context = await browser.newContext({ acceptDownloads: true });
  await useToken(context, reader.token);
  const page = await context.newPage();
  await page.goto('/dashboard/settings?section=library');
  await expect(page.getByRole('heading', { level: 2, name: 'Import and export' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import your library' })).toBeVisible();
  await expectAccessible(page);

  // Nothing chosen: a clear message; then the export.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose your export file first.');
  await page.getByLabel('Export file (.csv)').setInputFiles({
    name: 'goodreads_library_export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(EXPORT, 'utf8'),
  });
  await page.getByLabel('Where it comes from').selectOption('goodreads');
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  // The progress bar moves to the end, then the report.
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemax', '5');
  await expect(bar).toHaveAttribute('aria-valuenow', '5', { timeout: 20_000 });
  await expect(shownText(page, 'Done: 5 books')).toBeVisible();
  const report = page.getByTestId('import-report');
  await expect(report.getByTestId('import-matched')).toHaveText('3');
  await expect(report.getByTestId('import-created')).toHaveText('1');
  await expect(report.getByTestId('import-skipped')).toHaveText('1');
  await report.getByText('Skipped rows and why').click();
  await expect(report.getByText('Row 6 — The row has no title')).toBeVisible();
  await expect(page.getByTestId('past-imports')).toContainText('goodreads_library_export.csv');
  await expectAccessible(page);

  // The books are on the reading list with their statuses.
  await report.getByRole('link', { name: 'Open your reading list' }).click();
  await expect(page).toHaveURL(/\/dashboard\/readinglist$/);
  await expect(filter(page, 'All')).toHaveAccessibleName('All 4');
  await expect(filter(page, 'Completed')).toHaveAccessibleName('Completed 2');
  await expect(filter(page, 'Currently Reading')).toHaveAccessibleName('Currently Reading 1');
  await expect(filter(page, 'Want to Read')).toHaveAccessibleName('Want to Read 1');
  await filter(page, 'Completed').click();
  await expect(page.getByTestId('reading-card').filter({ hasText: 'The Hunger Games' })).toBeVisible();
  await expect(
    page.getByTestId('reading-card').filter({ hasText: 'Songs of the Simien Wind' }),
  ).toBeVisible();
  await expectAccessible(page);

  // Both exports download.
  await page.goto('/dashboard/settings?section=library');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Goodreads CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^nebab_library_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const csvText = await readFile((await csv.path())!, 'utf8');
  expect(csvText.split('\r\n')[0]).toBe(COLUMNS);
  expect(csvText).toContain('The Hunger Games (The Hunger Games, #1)');
  expect(csvText).toContain('Songs of the Simien Wind');
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download all my data (JSON)' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^nebab_account_.*\.json$/);
  const data = JSON.parse(await readFile((await json.path())!, 'utf8')) as {
    profile: { email: string };
    readingList: unknown[];
  };
  expect(data.profile.email).toBe(reader.email.toLowerCase());
  expect(data.readingList).toHaveLength(4);
  await context.close();
});

test('a reader adds a missing book from search; only they see it until an admin checks it in Book Approvals', async ({
  browser,
  request,
}) => {
  const reader = await apiReader(request, 'adder');
  const context = await browser.newContext();
  await useToken(context, reader.token);
  const page = await context.newPage();
  const title = `Coffee Ceremony Tales ${Date.now().toString(36)}`;
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  await page.getByTestId('add-book').click();
  const dialog = page.getByRole('dialog', { name: 'Add a missing book' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await dialog.getByLabel('Authors').fill('Mahlet Tadesse');
  await dialog.getByLabel('Pages (optional)').fill('188');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add book' }).click();
  await expect(page).toHaveURL(/\/book\/reader-/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const bookUrl = page.url();
  // Unchecked: its adder opens it again; search leaves it out, and another reader is told it is not there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await context.close();
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(bookUrl);
  await expect(strangerPage.getByRole('heading', { level: 1, name: title })).toHaveCount(0);

  const admin = await browser.newContext();
  await useToken(admin, await apiAdmin(request));
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin/book-approvals');
  await adminPage.getByRole('button', { name: 'Added by readers' }).click();
  const card = adminPage.getByTestId('reader-book-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText(reader.fullName);
  await expectAccessible(adminPage);
  await card.getByRole('button', { name: 'Looks right' }).click();
  await expect(shownText(adminPage, 'Marked as checked')).toBeVisible();
  await expect(card).toHaveCount(0);
  await admin.close();
  // Checked: public — in search, and its page opens for anyone.
  await strangerPage.goto(`/search?q=${encodeURIComponent(title)}`);
  await expect(strangerPage.getByRole('link', { name: title }).first()).toBeVisible();
  await stranger.close();
});

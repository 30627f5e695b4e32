import { expect, test, type Page } from './support/test';
import { E2E_ADMIN } from './support/ports';
import { expectAccessible, finishWizard, logIn, signUp, shownText } from './support/fixtures';

/** Logs the admin in (finishing the wizard the first time) and waits for the admin dashboard. */
async function adminLogIn(page: Page): Promise<void> {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/(preferences|admin\/dashboard)$/);
  if (page.url().endsWith('/preferences')) await finishWizard(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

const searchIds = async (page: Page, q: string) => {
  const res = await page.request.get(`/api/search?q=${encodeURIComponent(q)}`);
  const body = (await res.json()) as { items: { id: string }[] };
  return body.items.map((item) => item.id);
};

test('an admin makes a book inactive, edits its description and makes it active again', async ({ page }) => {
  await adminLogIn(page);
  await expect(page.getByTestId('admin-stat-totalBooks')).toContainText(/\d/);
  await expectAccessible(page);

  await page
    .getByRole('link', { name: /Manage Books/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Books' })).toBeVisible();
  await page.getByLabel('Search books').fill('Animal Farm');
  await expect(page).toHaveURL(/q=Animal/);
  const row = page.getByTestId('manage-books-row').filter({ has: shownText(page, '14', { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-status]')).toHaveText('Active');
  await expectAccessible(page);

  await row.getByRole('button', { name: 'Deactivate “Animal Farm”' }).click();
  await expect(shownText(page, '“Animal Farm” is now inactive and hidden from readers.')).toBeVisible();
  await expect(row.locator('[data-status]')).toHaveText('Inactive');
  expect(await searchIds(page, 'animal farm')).not.toContain('14');

  await row.getByRole('link', { name: 'Edit “Animal Farm”' }).click();
  await expect(page).toHaveURL(/\/admin\/books\/edit\/14$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit “Animal Farm”' })).toBeVisible();
  const description = page.getByLabel('Description', { exact: true });
  await description.fill('<p>A fable about a farm, edited by an admin.</p>');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(shownText(page, '“Animal Farm” was saved.')).toBeVisible();
  expect(await searchIds(page, 'animal farm')).toContain('14');

  await page.goto('/book/14');
  await expect(page.getByTestId('book-description')).toHaveText('A fable about a farm, edited by an admin.');
});

test('a reader suggests a missing book; the admin approves it and search finds it', async ({ browser }) => {
  const title = `Fikir Eske Mekabir ${Date.now().toString(36)}`;
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signUp(reader);
  await finishWizard(reader);
  // Search may read the title as ፍቅር እስከ መቃብር; searched as typed ("search instead for"), it is missing.
  await reader.goto(`/search?q=${encodeURIComponent(title)}&asTyped=true`);
  await expect(reader.getByTestId('search-nothing-found')).toBeVisible();
  await reader.getByRole('button', { name: 'Suggest a book' }).click();
  const dialog = reader.getByRole('dialog', { name: 'Suggest a book' });
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(title);
  await dialog.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(dialog.getByText('Please enter the author')).toBeVisible();
  await dialog.getByLabel('Author', { exact: true }).fill('Haddis Alemayehu');
  await expectAccessible(reader);
  await dialog.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(shownText(reader, `Thank you! “${title}” was sent for review.`)).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogIn(admin);
  await admin.goto('/admin/book-approvals');
  const card = admin.getByTestId('suggestion-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expectAccessible(admin);
  await card.getByRole('button', { name: 'Approve' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Add this book to the catalogue?' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(shownText(admin, `“${title}” was added to the catalogue.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  // Search finds the new book first, the title as typed.
  await expect
    .poll(async () => {
      const res = await admin.request.get(`/api/search?q=${encodeURIComponent(title)}`);
      const body = (await res.json()) as { items: { volumeInfo: { title: string } }[] };
      return body.items[0]?.volumeInfo.title;
    })
    .toBe(title);

  await admin.goto('/admin/settings');
  await expect(admin.getByRole('checkbox', { name: 'Registration open' })).toBeChecked();
  await expectAccessible(admin);
  await admin.goto('/admin/reading-lists');
  await expect(admin.getByTestId('insight-mostAdded')).toBeVisible();
  await expectAccessible(admin);
  await readerContext.close();
  await adminContext.close();
});

test('site settings: the default language greets a new visitor; closed registration refuses signup', async ({
  browser,
  request,
}) => {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  const token = ((await login.json()) as { token: string }).token;
  const save = (data: Record<string, unknown>) =>
    request.patch('/api/admin/settings', { headers: { Authorization: `Bearer ${token}` }, data });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await adminLogIn(admin);
    await admin.goto('/admin/settings');
    await admin.getByRole('combobox', { name: 'Default language for new visitors' }).selectOption('am');
    await admin.getByRole('checkbox', { name: 'Registration open' }).uncheck();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(shownText(admin, 'Settings saved.')).toBeVisible();

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/signup');
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'am');
    expect(await visitor.evaluate(() => window.localStorage.getItem('NR_lang'))).toBeNull();
    const refused = await request.post('/api/auth/signup', {
      data: {
        fullName: 'Late Comer',
        email: `late-${Date.now()}@example.com`,
        password: 'Reading!2026',
        confirmPassword: 'Reading!2026',
      },
    });
    expect(refused.status()).toBe(403);
    await visitorContext.close();
  } finally {
    expect((await save({ defaultLanguage: 'en', registrationOpen: true })).ok()).toBeTruthy();
    await adminContext.close();
  }
});

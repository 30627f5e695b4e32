import { expect, test } from './support/test';
import { E2E_ADMIN } from './support/ports';
import { expectAccessible, finishWizard, logIn, signUp, shownText } from './support/fixtures';

test('signed-out visitors are sent to /login from protected pages', async ({ page }) => {
  for (const path of [
    '/dashboard',
    '/preferences',
    '/dashboard/settings',
    '/admin/dashboard',
    '/upload/book',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await expectAccessible(page);
});

test('public pages and the not-found screen render for visitors', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /get started|start reading|join/i }).first()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/aboutus');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(shownText(page, /goodbooks-10k by Zygmunt Zając, CC BY-SA 4\.0/).first()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
  await expectAccessible(page);
});

test('a reader without preferences is held on /preferences; readers cannot open admin pages', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/preferences$/);
  await finishWizard(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: /quick book add/i })).toHaveCount(0);
});

test('the admin logs in, passes the wizard once, then lands on /admin/dashboard', async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/(preferences|admin\/dashboard)$/);
  if (page.url().endsWith('/preferences')) {
    await finishWizard(page);
  }
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('link', { name: /quick book add/i })).toBeVisible();
  await expectAccessible(page);

  // A second login goes straight to the admin dashboard.
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('wrong credentials show one generic message', async ({ page }) => {
  await logIn(page, 'nobody@example.com', 'Wrong#pass1');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

import { currentServers, expect, test } from './support/test';
import { apiAdmin, apiReader, useToken } from './support/api';
import { expectAccessible, finishWizard, shownText } from './support/fixtures';
import { linkInMail } from './support/mail';

test('a reader changes the login email from Settings; the mailed link makes the change', async ({
  page,
  context,
  request,
}) => {
  const reader = await apiReader(request, 'mover');
  await useToken(context, reader.token);
  await page.goto('/dashboard/settings?section=security');
  await expect(page.getByRole('heading', { name: 'Email address' })).toBeVisible();
  const next = `moved-${Date.now().toString(36)}@example.org`;
  await page.getByLabel('New email address').fill(next);
  await page.getByLabel('Password (to confirm the change)').fill(reader.password);
  await page.getByRole('button', { name: 'Send a confirmation link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Check ${next}` })).toBeVisible();
  await expectAccessible(page);

  const link = await linkInMail(next, 'Confirm your new email address for Nebab', '/verify-email');
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('Your address is confirmed. Thank you!');
  await page.goto('/dashboard/settings?section=security');
  await expect(shownText(page, `You sign in with ${next}. It is confirmed.`)).toBeVisible();
});

test('a Google-only reader deletes the account through the mailed link', async ({ page }) => {
  const login = `gleaver${Date.now().toString(36)}`;
  await page.goto('/login');
  await page.getByRole('button', { name: /google/i }).click();
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${currentServers().oidcPort}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/preferences$/);
  await finishWizard(page);
  const email = `${login}@example.com`;

  await page.goto('/dashboard/settings?section=security');
  await expect(shownText(page, `We will mail a link to ${email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Mail me the deletion link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Check ${email}` })).toBeVisible();
  await expectAccessible(page);

  const link = await linkInMail(email, 'Confirm the deletion of your Nebab account', '/delete-account');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Delete your account' })).toBeVisible();
  await expectAccessible(page);
  const token = await page.evaluate(() => localStorage.getItem('NR_token'));
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(shownText(page, 'Your account is deleted.', { exact: false }).first()).toBeVisible();
  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('while an admin requires a confirmed address, an unconfirmed reader is told to confirm before posting', async ({
  browser,
  request,
}) => {
  const adminToken = await apiAdmin(request);
  const adminContext = await browser.newContext();
  await useToken(adminContext, adminToken);
  const admin = await adminContext.newPage();
  try {
    await admin.goto('/admin/settings');
    const toggle = admin.getByRole('checkbox', { name: 'Require a confirmed address to post' });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(shownText(admin, 'Settings saved.')).toBeVisible();
    await expectAccessible(admin);

    const reader = await apiReader(request, 'unconfirmed');
    const readerContext = await browser.newContext();
    await useToken(readerContext, reader.token);
    const page = await readerContext.newPage();
    await page.goto('/book/2?openReview=true');
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    await page.getByRole('textbox', { name: 'Comment' }).fill('Too soon to say.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(
      shownText(page, 'Please confirm your email address before posting', { exact: false }).first(),
    ).toBeVisible();
    await readerContext.close();
  } finally {
    const off = await request.patch('/api/admin/settings', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { requireVerifiedToPost: false },
    });
    expect(off.ok()).toBeTruthy();
    await adminContext.close();
  }
});

import { currentServers, expect, test } from './support/test';
import { expectAccessible, finishWizard } from './support/fixtures';

test('Google sign-in goes through the OpenID provider and back, creating the account', async ({ page }) => {
  const login = `gtester${Date.now().toString(36)}`;
  await page.goto('/login');
  await page.getByRole('button', { name: /google/i }).click();

  // The local OpenID provider's own login and consent pages (oidc-provider devInteractions).
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${currentServers().oidcPort}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  // Back in Nebab: a new account goes through the wizard, then the dashboard.
  await expect(page).toHaveURL(/\/preferences$/);
  await finishWizard(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page);
  const token = await page.evaluate(() => localStorage.getItem('NR_token'));
  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  const { user } = await me.json();
  expect(user).toMatchObject({ email: `${login}@example.com`, auth_provider: 'google', role: 'user' });
});

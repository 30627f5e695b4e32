import { expect, test } from './support/test';
import { expectAccessible, newReader, shownText } from './support/fixtures';

test('a new reader signs up, passes the preferences wizard and reaches the dashboard', async ({ page }) => {
  const reader = newReader();
  await page.goto('/signup');
  await expectAccessible(page);

  // Each rule of spec §5 shows its exact message.
  await page.getByLabel('Full Name').fill('Al');
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('weakpass');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(shownText(page, 'Full Name must be at least 3 characters')).toBeVisible();
  await expect(shownText(page, 'Invalid email format')).toBeVisible();
  await expect(shownText(page, 'Must contain at least one uppercase letter')).toBeVisible();
  await expect(shownText(page, 'Passwords must match')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  // Show/Hide toggles the password field.
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page
    .getByRole('button', { name: /show password/i })
    .first()
    .click();
  await expect(password).toHaveAttribute('type', 'text');

  await page.getByLabel('Full Name').fill(reader.fullName);
  await page.getByLabel('Email Address').fill(reader.email);
  await password.fill(reader.password);
  await page.getByLabel('Confirm Password').fill(reader.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  // Preferences wizard: Step n of 5, 20% per answer, required steps, Skip only on optional ones.
  await expect(page).toHaveURL(/\/preferences$/);
  const progress = page.getByRole('progressbar');
  await expect(shownText(page, 'Step 1 of 5')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please select at least one language' }),
  ).toBeVisible();
  await expect(shownText(page, 'Step 1 of 5')).toBeVisible();

  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByRole('checkbox', { name: 'Amharic' }).check();
  await expect(progress).toHaveAttribute('aria-valuenow', '20');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(shownText(page, 'Step 2 of 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select at least one genre' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'History', exact: true }).check();
  await expect(progress).toHaveAttribute('aria-valuenow', '40');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(shownText(page, 'Step 3 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(shownText(page, 'Step 2 of 5')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'History', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Adult' }).check();
  await expect(progress).toHaveAttribute('aria-valuenow', '60');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(shownText(page, 'Step 4 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();

  await expect(shownText(page, 'Step 5 of 5')).toBeVisible();
  await page.getByRole('combobox').fill('alem');
  await page.getByRole('option', { name: 'Haddis Alemayehu' }).click();
  await expect(page.getByRole('button', { name: /remove haddis alemayehu/i })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '80');
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reader.fullName.split(' ')[0]!);
  await expectAccessible(page);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('userPreferences') ?? 'null'));
  expect(saved).toMatchObject({
    languages: ['en', 'am'],
    genres: ['history'],
    ageGroup: 'adult',
    authors: ['Haddis Alemayehu'],
  });

  // The session survives a reload; the wizard and guest pages send the reader on.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/preferences');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Sign out: token gone, back on the landing page with a toast; the old token no longer works.
  const token = await page.evaluate(() => localStorage.getItem('NR_token'));
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('NR_token'))).toBeNull();
  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('each step of the wizard opens with its question in view, and the new reader is welcomed as new', async ({
    page,
  }) => {
    const reader = newReader('phone');
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill(reader.fullName);
    await page.getByLabel('Email Address').fill(reader.email);
    await page.getByLabel('Password', { exact: true }).fill(reader.password);
    await page.getByLabel('Confirm Password').fill(reader.password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL(/\/preferences$/);

    // The question lies wholly in the window, below the sticky header.
    const questionInView = async (step: number, question: string) => {
      await expect(shownText(page, `Step ${step} of 5`)).toBeVisible();
      const heading = page.getByRole('heading', { level: 2, name: question });
      await expect(heading).toBeFocused();
      const box = (await heading.boundingBox())!;
      const headerBottom = await page
        .getByRole('banner')
        .evaluate((header) => header.getBoundingClientRect().bottom);
      expect(box.y, `"${question}" under the header`).toBeGreaterThanOrEqual(headerBottom);
      expect(box.y + box.height, `"${question}" below the window`).toBeLessThanOrEqual(740);
    };

    await page.getByRole('checkbox', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await questionInView(2, 'Which genres do you enjoy?');
    // The genres run far down the page; Next is at their foot.
    await page.getByRole('checkbox', { name: 'History', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await questionInView(3, 'Who are the books for?');
    await page.getByRole('button', { name: 'Previous' }).click();
    await questionInView(2, 'Which genres do you enjoy?');
    await page.getByRole('button', { name: 'Next' }).click();
    await questionInView(3, 'Who are the books for?');
    await page.getByRole('button', { name: 'Skip' }).click();
    await questionInView(4, 'How long do you like your books?');
    await page.getByRole('button', { name: 'Skip' }).click();
    await questionInView(5, 'Any favourite authors?');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Finish' }).click();

    // A reader who has just joined is welcomed to Nebab, not back; so after a reload of the visit.
    await expect(page).toHaveURL(/\/dashboard$/);
    const firstName = reader.fullName.split(' ')[0]!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to Nebab, ${firstName}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to Nebab, ${firstName}`);
    await expectAccessible(page);

    // Signed in again later, they are back.
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: /sign out/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await page.getByLabel('Email').fill(reader.email);
    await page.getByLabel('Password', { exact: true }).fill(reader.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${firstName}`);
  });
});

import { expect, test, type Page } from './support/test';
import { E2E_ADMIN } from './support/ports';
import { expectAccessible, finishWizard, logIn, newReader } from './support/fixtures';
import { linkInMail } from './support/mail';

const CONFIRM_SUBJECT = 'Confirm your subscription to the Nebab newsletter';

test('a visitor subscribes in the newsletter box, opens the mailed link and is confirmed', async ({
  page,
}) => {
  const { email } = newReader('newsletter');
  await page.goto('/');
  const box = page.getByRole('region', { name: 'Stay in the loop' });
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toContainText('check your mail');

  const link = await linkInMail(email, CONFIRM_SUBJECT, '/newsletter/confirm');
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText(
    'Your subscription is confirmed. The next issue of the Nebab newsletter will reach you.',
  );
  await expectAccessible(page);
  // The link works once.
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(
    'This link is invalid, used or expired. Ask for a new one.',
  );
});

async function adminLogIn(page: Page): Promise<void> {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/(preferences|admin\/dashboard)$/);
  if (page.url().endsWith('/preferences')) await finishWizard(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('an admin sends an issue; the subscriber leaves with the Unsubscribe button of its link', async ({
  page,
  browser,
}) => {
  const { email } = newReader('issue');
  const subscribed = await page.request.post('/api/newsletter', { data: { email, language: 'en' } });
  expect(subscribed.status()).toBe(202);
  const confirmLink = await linkInMail(email, CONFIRM_SUBJECT, '/newsletter/confirm');
  const token = new URL(confirmLink).searchParams.get('token');
  expect((await page.request.post('/api/newsletter/confirm', { data: { token } })).status()).toBe(204);

  await adminLogIn(page);
  await page.getByRole('link', { name: /^Newsletter/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  const subject = `Reading news ${Date.now().toString(36)}`;
  await page.getByLabel('Subject (English)').fill(subject);
  await page.getByLabel('Subject (Amharic)').fill(`የንባብ ዜና ${subject}`);
  await page.getByLabel('Text (English)').fill('New books arrived.\n\nSee you at the club.');
  await page.getByLabel('Text (Amharic)').fill('አዳዲስ መጻሕፍት ደርሰዋል።');
  await page.getByRole('button', { name: 'Save draft' }).click();
  const issue = page.getByRole('article', { name: subject });
  await expect(issue).toContainText('Draft');
  await expectAccessible(page);

  await issue.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send this issue?' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  const progress = issue.getByRole('progressbar');
  await expect(progress).toBeVisible();
  // Polled until every message is out: "N of N delivered, 0 failed".
  await expect(issue.getByText(/^(\d+) of \1 delivered, 0 failed$/)).toBeVisible({ timeout: 30_000 });
  await expect(issue).toContainText('Sent');
  await expect(issue.getByRole('button', { name: 'Send' })).toHaveCount(0);

  // The subscriber, signed in nowhere, opens the issue's unsubscribe link: nothing happens until the button.
  const reader = await browser.newContext();
  const inbox = await reader.newPage();
  const unsubscribe = await linkInMail(email, subject, '/newsletter/unsubscribe');
  await inbox.goto(unsubscribe);
  await expect(
    inbox.getByRole('heading', { level: 1, name: 'Unsubscribe from the newsletter' }),
  ).toBeVisible();
  await expectAccessible(inbox);
  await inbox.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(inbox.getByRole('status')).toHaveText(
    'You are unsubscribed. No more issues will be sent to this address.',
  );
  await reader.close();
});

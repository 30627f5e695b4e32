import { expect, test, type Page } from './support/test';
import { E2E_ADMIN } from './support/ports';
import { expectAccessible, finishWizard, logIn, newReader, signUp, shownText } from './support/fixtures';

/** Logs the admin in (finishing the wizard the first time) and waits for the admin dashboard. */
async function adminLogIn(page: Page): Promise<void> {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/(preferences|admin\/dashboard)$/);
  if (page.url().endsWith('/preferences')) await finishWizard(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('an admin suspends a signed-in reader: the reader is signed out at once and cannot log in', async ({
  browser,
}) => {
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  const reader = await signUp(readerPage, newReader('suspendee'));
  await finishWizard(readerPage);
  await expect(readerPage).toHaveURL(/\/dashboard$/);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogIn(admin);
  await admin.goto('/admin/dashboard/manageuser');
  await expect(admin.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
  await admin.getByLabel('Search by name or email').fill(reader.email);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin).toHaveURL(/\?q=/);
  const row = admin.getByRole('button', { name: new RegExp(`^${reader.fullName} ${reader.email}`) });
  await expect(admin.getByTestId('admin-user-row')).toHaveCount(1);
  await row.click();
  await expect(row).toHaveAttribute('aria-pressed', 'true');
  const card = admin.getByTestId('admin-user-detail');
  await expect(card).toContainText(reader.email);
  await expect(card.getByTestId('admin-user-status')).toHaveText('Active');
  await expectAccessible(admin);

  await card.getByRole('button', { name: 'Suspend' }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Suspend ${reader.fullName}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(admin);
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(shownText(admin, `${reader.fullName} is suspended and signed out.`)).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(card.getByTestId('admin-user-status')).toHaveText('Suspended');
  await expect(card.getByRole('button', { name: 'Activate' })).toBeFocused();

  // The reader's next action (a client-side navigation that asks the API) signs them out.
  await readerPage.getByRole('link', { name: 'My reading list' }).click();
  await expect(readerPage).toHaveURL(/\/login$/);
  await expect(shownText(readerPage, 'Your session has ended. Please sign in again.')).toBeVisible();
  expect(await readerPage.evaluate(() => window.localStorage.getItem('NR_token'))).toBeNull();

  await logIn(readerPage, reader.email, reader.password);
  await expect(
    readerPage.getByRole('alert').filter({ hasText: 'This account has been suspended' }),
  ).toBeVisible();
  await expect(readerPage).toHaveURL(/\/login$/);

  await adminContext.close();
  await readerContext.close();
});

test('a reported review is rejected on Moderate Reviews and leaves the book page', async ({ browser }) => {
  // Three readers' browsers and four axe runs: more than the default 45 s on a busy machine.
  test.setTimeout(120_000);
  const comment = `Moderation e2e ${Date.now().toString(36)}: rude words here.`;
  const bookPath = '/book/11';

  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  const writer = await signUp(author, newReader('writer'));
  await finishWizard(author);
  await expect(author).toHaveURL(/\/dashboard$/);
  await author.goto(`${bookPath}?openReview=true`);
  await author.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await author.getByRole('button', { name: 'Submit Review' }).click();
  await expect(shownText(author, 'Your review has been saved')).toBeVisible();
  await authorContext.close();

  const reporterContext = await browser.newContext();
  const reporterPage = await reporterContext.newPage();
  const reporter = await signUp(reporterPage, newReader('reporter'));
  await finishWizard(reporterPage);
  await expect(reporterPage).toHaveURL(/\/dashboard$/);
  await reporterPage.goto(bookPath);
  const review = reporterPage.getByTestId('review').filter({ hasText: comment });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: 'Report' }).click();
  await review.getByRole('textbox', { name: 'Reason for reporting' }).fill('Insults other readers');
  await review.getByRole('button', { name: 'Send Report' }).click();
  await expect(shownText(reporterPage, 'Thank you — our team will look at this review.')).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminLogIn(admin);
  await admin.goto('/admin/dashboard/reviewmoderation');
  await expect(admin.getByRole('heading', { level: 1, name: 'Moderate Reviews' })).toBeVisible();
  const item = admin.getByTestId('admin-review').filter({ hasText: comment });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('admin-review-status')).toHaveText('Approved');
  await expect(item).toContainText('1 open report');
  await expectAccessible(admin);

  await item.getByRole('button', { name: 'View Details' }).click();
  const details = admin.getByRole('dialog', { name: 'Review details' });
  await expect(details).toContainText('Insults other readers');
  await expect(details).toContainText(`Reported by ${reporter.fullName}`);
  await expect(details).toContainText(writer.fullName);
  await expect(details.getByRole('link', { name: /./ }).first()).toHaveAttribute('href', bookPath);
  await expectAccessible(admin);
  await admin.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  await item.getByRole('button', { name: 'Reject' }).click();
  await expect(shownText(admin, 'Review rejected: it no longer shows on the book page.')).toBeVisible();
  await expect(item.getByTestId('admin-review-status')).toHaveText('Rejected');
  await expect(item.getByRole('button', { name: 'View Details' })).toBeFocused();
  await expect(item).not.toContainText('open report');

  // The filter shows it under Rejected; the report left the open queue (rejecting resolved it).
  await admin.getByRole('button', { name: 'Rejected', exact: true }).click();
  await expect(admin).toHaveURL(/status=rejected/);
  await expect(admin.getByTestId('admin-review').filter({ hasText: comment })).toBeVisible();

  await admin.goto('/admin/reports?status=resolved&kind=review');
  await expect(admin.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const report = admin.getByTestId('admin-report').filter({ hasText: 'Insults other readers' });
  await expect(report.getByTestId('admin-report-status')).toHaveText('Resolved');
  await expect(report.getByRole('link', { name: 'Review details' })).toHaveAttribute(
    'href',
    /\/admin\/dashboard\/reviewmoderation\?review=/,
  );
  await expectAccessible(admin);
  await report.getByRole('button', { name: 'Reopen' }).click();
  await expect(shownText(admin, 'Report reopened.')).toBeVisible();
  await admin.goto('/admin/reports');
  const reopened = admin.getByTestId('admin-report').filter({ hasText: 'Insults other readers' });
  await reopened.getByRole('button', { name: 'Dismiss' }).click();
  await expect(shownText(admin, 'Report dismissed.')).toBeVisible();
  await expect(reopened).toHaveCount(0);
  await adminContext.close();

  await reporterPage.reload();
  await expect(reporterPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(reporterPage.getByTestId('review').filter({ hasText: comment })).toHaveCount(0);
  await reporterContext.close();
});

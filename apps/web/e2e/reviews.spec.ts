import { expect, test } from './support/test';
import { expectAccessible, finishWizard, newReader, signUp, shownText } from './support/fixtures';

test('a reader reviews a book; another likes, replies to and reports it', async ({ browser }) => {
  // Reader A writes a review from ?openReview=true.
  const contextA = await browser.newContext();
  const pageA = await contextA.newPage();
  const readerA = await signUp(pageA, newReader('author'));
  await finishWizard(pageA);
  await expect(pageA).toHaveURL(/\/dashboard$/);

  await pageA.goto('/book/2?openReview=true');
  const comment = pageA.getByRole('textbox', { name: 'Comment' });
  await expect(comment).toBeFocused();
  await expect(pageA.getByRole('radio', { name: '1 star' })).toBeChecked();
  // The star is the radio's label: click it as a reader would, then check the radio took it.
  const fourStars = pageA.getByRole('radio', { name: '4 stars' });
  await pageA.locator('label').filter({ has: fourStars }).click();
  await expect(fourStars).toBeChecked();
  await comment.fill('A gripping story.\nRead it twice.');
  await pageA.getByRole('button', { name: 'Submit Review' }).click();
  await expect(shownText(pageA, 'Your review has been saved')).toBeVisible();
  const reviewA = pageA.getByTestId('review').filter({ hasText: readerA.fullName });
  await expect(reviewA).toContainText('A gripping story.');
  await expect(reviewA.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(comment).toHaveCount(0);
  await expectAccessible(pageA);
  await contextA.close();

  // Reader B likes, replies and reports.
  const contextB = await browser.newContext();
  const page = await contextB.newPage();
  await signUp(page, newReader('critic'));
  await finishWizard(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/book/2');
  const review = page.getByTestId('review').filter({ hasText: readerA.fullName });
  await expect(review).toBeVisible();
  // The server's markup shows the buttons before they work: signed in after hydration (the header
  // shows the account menu), a click is the reader's (CI once clicked Like before it and lost it).
  await expect(page.getByTestId('user-menu-button')).toBeVisible();

  const like = review.getByRole('button', { name: /^Like \(\d+\)$/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Like (1)');

  await review.getByRole('button', { name: 'Reply' }).click();
  await review.getByRole('textbox', { name: 'Your reply' }).fill('Agreed, a great read.');
  await review.getByRole('button', { name: 'Send Reply' }).click();
  await expect(shownText(page, 'Your reply has been posted')).toBeVisible();
  await expect(review.getByRole('list', { name: 'Replies' })).toContainText('Agreed, a great read.');

  await review.getByRole('button', { name: 'Report' }).click();
  await review.getByRole('button', { name: 'Send Report' }).click();
  await expect(review.getByText('Please provide a reason for reporting')).toBeVisible();
  await review.getByRole('textbox', { name: 'Reason for reporting' }).fill('Contains spoilers');
  await review.getByRole('button', { name: 'Send Report' }).click();
  await expect(shownText(page, 'Thank you — our team will look at this review.')).toBeVisible();

  await page.reload();
  await expect(review.getByRole('button', { name: 'Like (1)' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await contextB.close();
});

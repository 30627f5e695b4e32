import { expect, test, type Browser, type Page } from './support/test';
import { expectAccessible, finishWizard, newReader, signUp, shownText } from './support/fixtures';

/** A signed-up reader with preferences, in a browser context of their own, with their profile id. */
async function reader(browser: Browser, prefix: string): Promise<{ page: Page; name: string; id: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { fullName } = await signUp(page, newReader(prefix));
  await finishWizard(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/reader\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop()!;
  return { page, name: fullName, id };
}

/** Calls the API as the page's signed-in reader (for steps other specs cover through the interface). */
async function api(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('NR_token');
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body },
  );
}

async function toAmharic(page: Page): Promise<void> {
  await page.getByTestId('language-select').selectOption('am');
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
}

test('two readers follow each other and see each other’s activity appear live', async ({ browser }) => {
  // Two readers, four tabs: longer than the default on a busy machine.
  test.setTimeout(120_000);
  const a = await reader(browser, 'feed-a');
  const b = await reader(browser, 'feed-b');

  await a.page.goto(`/reader/${b.id}`);
  await a.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(a.page.getByRole('button', { name: `Following ${b.name}: unfollow` })).toBeVisible();
  await expect(shownText(a.page, `You now follow ${b.name}`)).toBeVisible();
  await expectAccessible(a.page);

  await b.page.goto(`/reader/${a.id}`);
  await expect(shownText(b.page, 'Follows you')).toBeVisible();
  await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(b.page.getByRole('button', { name: `Following ${a.name}: unfollow` })).toBeVisible();
  await b.page.getByRole('link', { name: '1 follower' }).click();
  await expect(b.page.getByTestId('reader-connections')).toContainText(b.name);

  // Both watch their dashboards; nothing from the other yet.
  await a.page.goto('/dashboard');
  await b.page.goto('/dashboard');
  const feedA = a.page.getByTestId('feed');
  const feedB = b.page.getByTestId('feed');
  await expect(feedA).toContainText('When the readers you follow');
  await expect(feedB).toContainText('When the readers you follow');

  // B reviews a book in another tab: A's dashboard shows it without a reload.
  const bTab = await b.page.context().newPage();
  await bTab.goto('/book/2?openReview=true');
  const fiveStars = bTab.getByRole('radio', { name: '5 stars' });
  await bTab.locator('label').filter({ has: fiveStars }).click();
  await bTab.getByRole('textbox', { name: 'Comment' }).fill('Magic on every page.');
  await bTab.getByRole('button', { name: 'Submit Review' }).click();
  await expect(shownText(bTab, 'Your review has been saved')).toBeVisible();
  const reviewed = feedA.getByTestId('feed-entry').first();
  await expect(reviewed).toContainText(`${b.name} reviewed Harry Potter`);
  await expect(reviewed).toContainText('Magic on every page.');
  await expect(reviewed.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();

  // A starts a book: B's dashboard shows it live too.
  const aTab = await a.page.context().newPage();
  await aTab.goto('/dashboard');
  expect((await api(aTab, 'POST', '/api/reading-list', { bookId: '7', status: 'wantToRead' })).status).toBe(
    201,
  );
  expect((await api(aTab, 'PATCH', '/api/reading-list/7', { status: 'currentlyReading' })).status).toBe(200);
  await expect(feedB.getByTestId('feed-entry').first()).toContainText(`${a.name} started reading The Hobbit`);
  await feedB.getByRole('link', { name: a.name }).first().click();
  await expect(b.page).toHaveURL(new RegExp(`/reader/${a.id}$`));
  await expect(b.page.getByRole('region', { name: 'Currently reading' })).toContainText('The Hobbit');

  await expectAccessible(a.page);
  await toAmharic(a.page);
  await expect(a.page.getByRole('heading', { name: 'ከሚከተሏቸው ሰዎች' })).toBeVisible();
  await expect(feedA.getByTestId('feed-entry').first()).toContainText('ገመገሙ');
  await expectAccessible(a.page);
  await a.page.context().close();
  await b.page.context().close();
});

test('a reader makes a list and another votes on it; genre lists and groups show them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const maker = await reader(browser, 'list-maker');
  const title = `Fantasy worth losing sleep over ${Date.now().toString(36)}`;
  await maker.page.goto('/dashboard/lists');
  await maker.page.getByRole('button', { name: 'New list' }).click();
  const form = maker.page.getByRole('dialog', { name: 'Make a book list' });
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(form.getByText('Please enter a title for the list')).toBeVisible();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Description' }).fill('Books to read in one sitting.');
  await form.getByRole('combobox', { name: 'Genre' }).selectOption({ label: 'Fantasy' });
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(maker.page).toHaveURL(/\/list\/[0-9a-f-]{36}$/);
  await expect(maker.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const listUrl = new URL(maker.page.url()).pathname;

  for (const query of ['The Hobbit or There', "Sorcerer's Stone"]) {
    await maker.page.getByRole('button', { name: 'Add a book' }).click();
    const dialog = maker.page.getByTestId('add-book-dialog');
    await dialog.getByRole('searchbox', { name: 'Search for a book' }).fill(query);
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: 'Add to the list' }).click();
    await expect(dialog).toHaveCount(0);
  }
  const items = maker.page.getByTestId('list-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('The Hobbit');
  await expectAccessible(maker.page);

  // Another reader votes the second book up: it takes the lead.
  const voter = await reader(browser, 'list-voter');
  await voter.page.goto(listUrl);
  const voterItems = voter.page.getByTestId('list-item');
  await expect(voterItems).toHaveCount(2);
  const vote = voterItems.filter({ hasText: 'Harry Potter' }).getByRole('button', { name: 'Vote' });
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  await vote.click();
  await expect(voterItems.first()).toContainText('Harry Potter');
  await expect(voterItems.first().getByRole('button', { name: 'Vote' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(voterItems.first().getByTestId('vote-count')).toHaveText('2 votes');
  await voter.page.reload();
  await expect(voter.page.getByTestId('list-item').first()).toContainText('Harry Potter');
  await expectAccessible(voter.page);

  // The genre's lists page and its groups show real data.
  const club = await api(maker.page, 'POST', '/api/clubs', {
    name: `Dragon riders ${Date.now().toString(36)}`,
    description: 'We read fantasy.',
    visibility: 'public',
    genre_focus: 'fantasy',
  });
  expect(club.status).toBe(201);
  const clubName = (club.json as { name: string }).name;

  await voter.page.goto('/genre/fantasy/lists');
  await expect(voter.page.getByRole('heading', { level: 1, name: 'Fantasy book lists' })).toBeVisible();
  await expect(voter.page.getByTestId('genre-lists')).toContainText(title);
  await expectAccessible(voter.page);

  await voter.page.goto('/groups/fantasy');
  const groups = voter.page.getByTestId('genre-groups');
  await expect(groups).toContainText(clubName);
  await expectAccessible(voter.page);
  await groups.getByRole('link', { name: clubName }).click();
  await expect(voter.page).toHaveURL(/\/community\/bookclub\?club=/);
  await expect(voter.page.getByRole('heading', { level: 2, name: clubName })).toBeVisible();

  await voter.page.goto('/discover?genre=fantasy');
  await expect(voter.page.getByTestId('genre-reader-lists')).toContainText(title);
  await expect(voter.page.getByTestId('genre-groups')).toContainText(clubName);

  // The maker adds a book from its own page.
  await maker.page.goto('/book/3');
  await maker.page.getByRole('button', { name: 'Add to list' }).click();
  const picker = maker.page.getByTestId('add-to-list-dialog');
  await picker.getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: 'Add' }).click();
  await expect(shownText(maker.page, `Added to “${title}”`)).toBeVisible();
  await expectAccessible(maker.page);
  await maker.page.goto(listUrl);
  await expect(maker.page.getByTestId('list-item')).toHaveCount(3);

  // The same pages in Amharic.
  await toAmharic(voter.page);
  for (const path of ['/genre/fantasy/lists', '/groups/fantasy', listUrl, `/reader/${maker.id}`]) {
    await voter.page.goto(path);
    await expect(voter.page.locator('main h1')).toBeVisible();
    await expectAccessible(voter.page);
  }
  await expect(voter.page.getByRole('region', { name: 'የመጻሕፍት ዝርዝሮች' })).toContainText(title);
  await maker.page.context().close();
  await voter.page.context().close();
});

test('a followers-only reader approves a request; a blocked reader sees no profile', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await reader(browser, 'private-owner');
  await owner.page.goto('/dashboard/settings?section=privacy');
  await owner.page.getByRole('radio', { name: /Followers only/ }).check();
  await owner.page.getByRole('button', { name: 'Save privacy' }).click();
  await expect(shownText(owner.page, 'Privacy saved')).toBeVisible();

  const fan = await reader(browser, 'private-fan');
  await fan.page.goto(`/reader/${owner.id}`);
  await expect(fan.page.getByRole('heading', { name: 'Only followers see this profile' })).toBeVisible();
  await fan.page.getByRole('button', { name: 'Ask to follow' }).click();
  await expect(fan.page.getByRole('button', { name: /^Requested/ })).toBeVisible();

  await owner.page.reload();
  const requests = owner.page.getByTestId('follow-requests');
  await expect(requests).toContainText(fan.name);
  await expectAccessible(owner.page);
  await requests.getByRole('button', { name: `Approve ${fan.name}` }).click();
  await expect(shownText(owner.page, `${fan.name} now follows you`)).toBeVisible();

  await fan.page.reload();
  await expect(fan.page.getByRole('region', { name: 'Shelves' })).toBeVisible();

  // The owner blocks the fan: the profile is gone for the fan, and comes back after Unblock.
  await owner.page.goto(`/reader/${fan.id}`);
  await owner.page.getByRole('button', { name: 'Block' }).click();
  await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
  await expect(owner.page).toHaveURL(/\/dashboard$/);
  await fan.page.reload();
  await expect(fan.page.getByRole('heading', { name: 'This profile is not available' })).toBeVisible();

  await owner.page.goto('/dashboard/settings?section=privacy');
  await toAmharic(owner.page);
  await expectAccessible(owner.page);
  await owner.page.getByRole('button', { name: `የ${fan.name}ን እገዳ አንሳ` }).click();
  await fan.page.reload();
  await expect(fan.page.getByRole('heading', { name: 'Only followers see this profile' })).toBeVisible();
  await owner.page.context().close();
  await fan.page.context().close();
});

import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from './support/test';
import { solidPng } from './support/files';
import { apiCall, apiReader } from './support/api';
import { expectAccessible, finishWizard, newReader, signUp, shownText } from './support/fixtures';

/** A signed-up reader with preferences, in a browser context of their own. */
async function reader(browser: Browser, prefix: string): Promise<{ page: Page; name: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { fullName } = await signUp(page, newReader(prefix));
  await finishWizard(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, name: fullName };
}

/** Creates a public club through the Add dialog (checking its validation first) and returns its name. */
async function createClub(page: Page, genre = 'Fantasy', withCover = false): Promise<string> {
  const name = `Readers Circle ${Date.now().toString(36)}`;
  await page.goto('/community/bookclub');
  await page.getByRole('button', { name: 'Add Club' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Book Club' });
  await dialog.getByRole('button', { name: 'Create Club' }).click();
  await expect(dialog.getByText('The club name must be at least 3 characters')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Club name' }).fill(name);
  await dialog
    .getByRole('textbox', { name: 'Description' })
    .fill('We read fantasy together.\nNew members welcome.');
  await dialog.getByRole('combobox', { name: 'Genre focus' }).selectOption({ label: genre });
  if (withCover) {
    const cover = dialog.getByLabel('Cover image (optional)');
    await cover.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(dialog.getByText('Please choose a JPEG, PNG or WebP image.')).toBeVisible();
    await cover.setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: solidPng(60, 60, [15, 94, 99]),
    });
    await expect(dialog.getByText('Please choose a JPEG, PNG or WebP image.')).toHaveCount(0);
  }
  await dialog.getByRole('button', { name: 'Create Club' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  return name;
}

test('two readers: one creates a club, the other finds and joins it, and they chat live', async ({
  browser,
}) => {
  const a = await reader(browser, 'club-founder');
  const clubName = await createClub(a.page);
  const detailA = a.page.getByTestId('club-detail');
  // The creator moderates: already joined (disabled), with the settings and the members list showing the role.
  await expect(detailA.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await expect(detailA.getByRole('button', { name: 'Club settings' })).toBeVisible();
  await expect(a.page.getByTestId('club-members')).toContainText(a.name);
  await expect(a.page.getByTestId('club-members')).toContainText('Moderator');
  await expect(a.page.getByTestId('your-clubs')).toContainText(clubName);

  const b = await reader(browser, 'club-joiner');
  await b.page.goto('/community/bookclub');
  await b.page.getByRole('searchbox', { name: 'Search clubs' }).fill(clubName);
  const results = b.page.getByTestId('club-results');
  await expect(results.getByRole('heading')).toContainText(clubName);
  await results.getByRole('link', { name: new RegExp(clubName) }).click();
  const detailB = b.page.getByTestId('club-detail');
  await expect(detailB.getByRole('button', { name: 'Open Chat' })).toBeDisabled();
  await detailB.getByRole('button', { name: 'Join Club' }).click();
  await expect(detailB.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await expect(detailB.getByTestId('club-member-count')).toHaveText('2 members');
  await expect(b.page.getByTestId('club-members')).toContainText(b.name);

  // Both open the chat; each sees the other's message without reloading.
  await a.page.reload();
  await a.page.getByTestId('club-detail').getByRole('button', { name: 'Open Chat' }).click();
  await detailB.getByRole('button', { name: 'Open Chat' }).click();
  const chatA = a.page.getByTestId('club-chat');
  const chatB = b.page.getByTestId('club-chat');
  await expect(chatA.getByTestId('chat-status')).toHaveText('Live');
  await expect(chatB.getByTestId('chat-status')).toHaveText('Live');

  await chatA.getByRole('textbox', { name: 'Message' }).fill('Hello from the founder <b>not bold</b>');
  await chatA.getByRole('button', { name: 'Send' }).click();
  await expect(chatA.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  const fromA = chatB.getByTestId('chat-message').filter({ hasText: 'Hello from the founder' });
  await expect(fromA).toContainText(a.name);
  // Plain text: the markup shows as typed and is never turned into an element.
  await expect(fromA).toContainText('<b>not bold</b>');
  await expect(chatB.locator('b')).toHaveCount(0);

  const input = chatB.getByRole('textbox', { name: 'Message' });
  await input.fill('Hi! Chapter one tonight?');
  await input.press('Shift+Enter');
  await input.pressSequentially('Second line');
  await input.press('Enter');
  const fromB = chatA.getByTestId('chat-message').filter({ hasText: 'Chapter one tonight?' });
  await expect(fromB).toContainText(b.name);
  await expect(fromB).toContainText('Second line');
  // Each message once, in order, on both sides (the sender's ack and the broadcast are merged).
  await expect(chatA.getByTestId('chat-message')).toHaveCount(2);
  await expect(chatB.getByTestId('chat-message')).toHaveCount(2);
  await expect(chatB.getByTestId('chat-message').last()).toContainText('Second line');

  await expectAccessible(a.page);
  await expectAccessible(b.page);
  await a.page.context().close();
  await b.page.context().close();
});

test('narrow screens switch between the list and the club; moderators plan meetings; genre pages link clubs', async ({
  browser,
}) => {
  const { page } = await reader(browser, 'club-moderator');
  const clubName = await createClub(page, 'Mystery', true);
  // The cover went up as multipart after the club was created, and shows.
  const cover = page.getByTestId('club-detail').locator('img');
  await expect(cover).toHaveAttribute('src', /\/api\/clubs\/.+\/cover/);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);

  // Next meeting from the settings dialog: validated, saved, shown in the side panel.
  await page.getByRole('button', { name: 'Club settings' }).click();
  const settings = page.getByRole('dialog', { name: `Settings of ${clubName}` });
  await settings.getByRole('tab', { name: 'Next Meeting' }).click();
  await settings.getByRole('button', { name: 'Save Meeting' }).click();
  await expect(settings.getByText('Please enter a valid date and time')).toBeVisible();
  await settings.getByLabel('Date and time').fill('2031-05-04T18:30');
  await settings.getByRole('textbox', { name: 'Title (optional)' }).fill('Opening chapters');
  await settings.getByRole('button', { name: 'Save Meeting' }).click();
  await expect(shownText(page, 'Next meeting: ')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);
  const meeting = page.getByTestId('club-next-meeting');
  await expect(meeting).toContainText('2031');
  await expect(meeting).toContainText('Opening chapters');
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByTestId('club-events-upcoming')).toContainText('Opening chapters');
  // Add to calendar: the meeting as an .ics file (with the reader's token), its time in UTC.
  const download = page.waitForEvent('download');
  await page
    .getByTestId('club-events-upcoming')
    .getByRole('button', { name: /^Add to calendar: the meeting of .*2031/ })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^meeting-2031-05-0\d\.ics$/);
  const ics = await readFile(await file.path(), 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`SUMMARY:${clubName}: Opening chapters`);
  expect(ics).toMatch(/DTSTART:2031050\dT\d{6}Z/);
  await page.getByRole('tab', { name: 'Book Clubs' }).click();

  // The genre page lists the club as a discussion group and links to it on the clubs page.
  await page.goto('/discover?genre=mystery');
  await page.getByTestId('genre-groups').getByRole('link', { name: clubName }).click();
  await expect(page).toHaveURL(/\/community\/bookclub\?club=/);
  await expect(page.getByRole('heading', { level: 2, name: clubName })).toBeVisible();

  // 390 px: the club fills the screen; Back returns to the list, choosing a club shows it again.
  await page.setViewportSize({ width: 390, height: 844 });
  const list = page.getByTestId('clubs-list-pane');
  const club = page.getByTestId('club-pane');
  await expect(club).toBeVisible();
  await expect(list).toBeHidden();
  await page.getByRole('button', { name: 'Back to clubs' }).click();
  await expect(list).toBeVisible();
  await expect(club).toBeHidden();
  await expect(list.getByTestId('club-item').first()).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page
    .getByTestId('your-clubs')
    .getByRole('link', { name: new RegExp(clubName) })
    .click();
  await expect(club).toBeVisible();
  await expect(list).toBeHidden();
  await page.getByTestId('club-detail').getByRole('button', { name: 'Open Chat' }).click();
  await expect(page.getByTestId('club-chat').getByTestId('chat-status')).toHaveText('Live');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.context().close();
});

test('a private club shows only its name; a request to join waits for a moderator', async ({ browser }) => {
  const moderator = await reader(browser, 'club-private-mod');
  const clubName = `Quiet Readers ${Date.now().toString(36)}`;
  await moderator.page.goto('/community/bookclub');
  await moderator.page.getByRole('button', { name: 'Add Club' }).click();
  const dialog = moderator.page.getByRole('dialog', { name: 'Create Book Club' });
  await dialog.getByRole('textbox', { name: 'Club name' }).fill(clubName);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Members only.');
  await dialog.getByRole('radio', { name: /Private club/ }).check();
  await dialog.getByRole('button', { name: 'Create Club' }).click();
  await expect(moderator.page.getByRole('heading', { level: 2, name: clubName })).toBeVisible();

  const outsider = await reader(browser, 'club-private-asker');
  await outsider.page.goto('/community/bookclub');
  await outsider.page.getByRole('searchbox', { name: 'Search clubs' }).fill(clubName);
  await outsider.page
    .getByTestId('club-results')
    .getByRole('link', { name: new RegExp(clubName) })
    .click();
  const detail = outsider.page.getByTestId('club-detail');
  await expect(detail).toContainText('This club is private.');
  await expect(detail).not.toContainText('Members only.');
  await expect(outsider.page.getByTestId('club-members')).toHaveCount(0);
  await detail.getByRole('button', { name: 'Request to join' }).click();
  await expect(detail.getByRole('button', { name: 'Request pending' })).toBeDisabled();
  await expect(outsider.page.getByTestId('your-clubs')).toContainText('Request pending');
  await expectAccessible(outsider.page);

  await moderator.page.reload();
  const requests = moderator.page.getByTestId('club-requests');
  await expect(requests).toContainText(outsider.name);
  await requests.getByRole('button', { name: `Approve ${outsider.name}` }).click();
  await expect(requests).toContainText('No pending requests.');
  const members = moderator.page.getByTestId('club-members');
  await expect(members).toContainText(outsider.name);
  // A moderator can hand the role on (so that they may leave later).
  await members.getByRole('button', { name: `Make moderator: ${outsider.name}` }).click();
  await expect(members.getByRole('button', { name: `Make member: ${outsider.name}` })).toBeVisible();
  await expect(members.getByText('Moderator', { exact: true })).toHaveCount(2);

  await outsider.page.reload();
  await expect(detail.getByRole('button', { name: 'Joined' })).toBeDisabled();
  await expect(detail.getByRole('button', { name: 'Club settings' })).toBeVisible();
  await expect(detail).toContainText('Members only.');
  await expect(detail.getByRole('button', { name: 'Open Chat' })).toBeEnabled();
  await moderator.page.context().close();
  await outsider.page.context().close();
});

test.describe('the club search without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is a GET form: the server lists the clubs found, and a club opens from its link', async ({
    page,
    request,
  }) => {
    const { token } = await apiReader(request, 'club-noscript');
    const name = `Lanterns ${Date.now().toString(36)}`;
    await apiCall(request, 'POST', '/api/clubs', token, {
      name,
      description: 'We read by lantern light.',
      visibility: 'public',
    });

    await page.goto('/community/bookclub');
    const search = page.getByRole('searchbox', { name: 'Search clubs' });
    await search.fill(name);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/community/bookclub\\?q=${name.replace(' ', '\\+')}$`));
    await expect(search).toHaveValue(name);
    const results = page.getByTestId('club-results');
    await expect(results.getByRole('heading')).toHaveText(`Clubs matching “${name}”`);
    await expect(results.getByRole('link')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/screens/club-search-noscript.png', fullPage: true });

    await results.getByRole('link', { name: new RegExp(name) }).click();
    await expect(page).toHaveURL(/\?q=.+&club=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    await expect(page.getByTestId('club-detail')).toContainText('We read by lantern light.');
    // Pressing Enter submits the form as well, in the page's language.
    await page.goto('/community/bookclub?lang=am');
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\?lang=am&q=/);
    await expect(
      page.getByTestId('club-results').getByRole('link', { name: new RegExp(name) }),
    ).toBeVisible();
  });
});

test('with JavaScript the club search follows the typing, and a submit writes it into the address', async ({
  page,
  request,
}) => {
  const { token } = await apiReader(request, 'club-script');
  const name = `Candles ${Date.now().toString(36)}`;
  await apiCall(request, 'POST', '/api/clubs', token, { name, visibility: 'public' });
  await page.goto('/community/bookclub');
  const search = page.getByRole('searchbox', { name: 'Search clubs' });
  await search.fill(name);
  const results = page.getByTestId('club-results');
  await expect(results.getByRole('heading')).toHaveText(`Clubs matching “${name}”`);
  await expect(page).toHaveURL(/\/community\/bookclub$/);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${name.replace(' ', '\\+')}$`));
  await results.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  await expectAccessible(page);
  // Back to the search, then back to the clubs page without one: the box follows the address.
  await page.goBack();
  await expect(search).toHaveValue(name);
  await page.goBack();
  await expect(search).toHaveValue('');
  await expect(results.getByRole('heading')).toHaveText('All clubs');
});

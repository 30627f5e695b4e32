import { expect, test } from './support/test';
import { expectAccessible } from './support/fixtures';

/**
 * Search that forgives (issue 10), as a reader meets it: a misspelt title in the header's typeahead
 * still offers the book, and the search page says which spelling it read — in English and in Amharic
 * — with a link back to the words as typed.
 */

test('a misspelt title in the navbar suggests the book, and opens it', async ({ page }) => {
  await page.goto('/aboutus');
  await page.getByRole('button', { name: 'Open search' }).click();
  const box = page.getByRole('combobox', { name: 'Search books' });
  await box.fill('fahrenhiet 451');
  const list = page.getByRole('listbox', { name: 'Suggested books' });
  await expect(list.getByRole('option').first()).toContainText('Fahrenheit 451');
  await expectAccessible(page);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Fahrenheit 451' })).toBeVisible();

  // Amharic typed in Latin letters finds the Ge'ez title.
  await page.getByRole('button', { name: 'Open search' }).click();
  await page.getByRole('combobox', { name: 'Search books' }).fill('fikir eske mek');
  await expect(
    page.getByRole('listbox', { name: 'Suggested books' }).getByRole('option', { name: /ፍቅር እስከ መቃብር/ }),
  ).toBeVisible();
});

test('the search page says "Showing results for", in English and in Amharic', async ({ page }) => {
  await page.goto('/search?q=tolkein');
  const line = page.getByTestId('search-correction');
  await expect(line).toHaveText('Showing results for tolkien — search instead for tolkein');
  await expect(
    page.getByTestId('search-results').getByRole('link', { name: 'The Hobbit', exact: true }),
  ).toBeVisible();
  await expectAccessible(page);

  // "Search instead for" searches the words as typed: nothing, with what the reader may have meant.
  await line.getByRole('link', { name: 'tolkein' }).click();
  await expect(page).toHaveURL(/asTyped=true/);
  const nothing = page.getByTestId('search-nothing-found');
  await expect(nothing.getByText('No books match “tolkein”')).toBeVisible();
  await expect(
    nothing.getByTestId('search-closest').getByRole('link', { name: 'The Hobbit', exact: true }),
  ).toBeVisible();
  await expect(nothing.getByRole('link', { name: 'Fantasy' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/search?q=tolkein&lang=am');
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expect(page.getByTestId('search-correction')).toHaveText(
    'የtolkien ውጤቶችን እያሳየን ነው — በምትኩ tolkein ይፈልጉ',
  );
  await expectAccessible(page);
});

test('an ISBN goes straight to its book', async ({ page }) => {
  await page.goto('/search?q=978-0-439-02348-1');
  await expect(page).toHaveURL(/\/book\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Hunger Games' })).toBeVisible();
});

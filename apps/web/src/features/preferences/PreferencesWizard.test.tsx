import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PreferencesWizard } from './PreferencesWizard';
import { progressPercent, EMPTY_ANSWERS } from './wizardState';

function setup() {
  const onFinish = vi.fn(async () => null);
  render(<PreferencesWizard onFinish={onFinish} />);
  return { user: userEvent.setup(), onFinish };
}

const progress = () => screen.getByTestId('wizard-progress');
const step = () => screen.getByTestId('wizard-step');

describe('PreferencesWizard', () => {
  it('starts at Step 1 of 5 with an empty progress bar', () => {
    setup();
    expect(step()).toHaveTextContent('Step 1 of 5');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('needs a language before moving on from step 0', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one language');
    expect(step()).toHaveTextContent('Step 1 of 5');
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(step()).toHaveTextContent('Step 2 of 5');
  });

  it('needs a genre before moving on from step 1', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'Amharic' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one genre');
    expect(step()).toHaveTextContent('Step 2 of 5');
  });

  it('offers Skip only on steps 2–4 and Finish only on the last step', async () => {
    const { user } = setup();
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Poetry' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const n of [3, 4, 5]) {
      expect(step()).toHaveTextContent(`Step ${n} of 5`);
      expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Finish' }) !== null).toBe(n === 5);
      if (n < 5) await user.click(screen.getByRole('button', { name: 'Skip' }));
    }
  });

  it('goes back with Previous and keeps the answers', async () => {
    const { user } = setup();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(step()).toHaveTextContent('Step 1 of 5');
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeChecked();
  });

  it('adds 20% to the progress bar per completed answer', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '20');
    await user.click(screen.getByRole('checkbox', { name: 'Tigrinya' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '20');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'History' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '40');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('radio', { name: 'Adult' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '60');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('radio', { name: 'Medium (200-400 pages)' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '80');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('combobox', { name: 'Search authors' }), 'orwell');
    await user.click(screen.getByRole('option', { name: /^George Orwell/ }));
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
  });

  it('filters authors case-insensitively, supports the keyboard and removes chips', async () => {
    const { user, onFinish } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fiction' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(screen.getByRole('button', { name: 'Skip' }));

    const box = screen.getByRole('combobox', { name: 'Search authors' });
    await user.type(box, 'MENG');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Maaza Mengiste ማዓዛ መንግሥቴ', 'Dinaw Mengestu ዲናው መንግሥቱ']);
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(list).getByRole('option', { name: /^Dinaw Mengestu/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: /^Dinaw Mengestu/ }).id,
    );
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Dinaw Mengestu' })).toBeInTheDocument();
    expect(box).toHaveValue('');

    await user.type(box, 'alem');
    await user.click(screen.getByRole('option', { name: /^Haddis Alemayehu/ }));
    await user.type(box, 'meng');
    // Already chosen authors are not offered again.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Maaza Mengiste ማዓዛ መንግሥቴ']);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.clear(box);

    // Each author in both scripts, found by either, and by Amharic typed in Latin letters.
    await user.type(box, 'በዓሉ');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Bealu Girma በዓሉ ግርማ']);
    await user.clear(box);
    await user.type(box, 'girma');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Bealu Girma በዓሉ ግርማ']);
    await user.clear(box);

    await user.type(box, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No author in our list matches “zzz”.');
    await user.clear(box);

    await user.click(screen.getByRole('button', { name: 'Remove Dinaw Mengestu' }));
    expect(screen.queryByRole('button', { name: 'Remove Dinaw Mengestu' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onFinish).toHaveBeenCalledWith({
      languages: ['en'],
      genres: ['fiction'],
      ageGroup: null,
      bookLength: null,
      authors: ['Haddis Alemayehu'],
    });
  });

  it('shows a save failure as an alert', async () => {
    const onFinish = vi.fn(async () => 'Too many attempts');
    render(
      <PreferencesWizard
        onFinish={onFinish}
        initial={{ ...EMPTY_ANSWERS, languages: ['am'], genres: ['poetry'] }}
      />,
    );
    const user = userEvent.setup();
    for (let i = 0; i < 4; i += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });
});

describe('progressPercent', () => {
  it('is 20 per answered question', () => {
    expect(progressPercent(EMPTY_ANSWERS)).toBe(0);
    expect(
      progressPercent({
        ...EMPTY_ANSWERS,
        languages: ['en'],
        genres: ['art'],
        ageGroup: 'adult',
        bookLength: 'any',
        authors: ['Jane Austen'],
      }),
    ).toBe(100);
  });
});

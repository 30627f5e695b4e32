import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { DeleteAccountPage } from './DeleteAccountPage';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('DeleteAccountPage', () => {
  it('deletes nothing on arrival; the button sends the token once', async () => {
    const { calls } = mockFetch({ 'POST /api/account/delete/confirm': { status: 204 } });
    renderWithProviders(<DeleteAccountPage />, { path: '/delete-account?token=abc' });
    const button = await screen.findByRole('button', { name: 'Delete my account for good' });
    expect(calls.some((call) => call.url.includes('/delete/confirm'))).toBe(false);
    await userEvent.setup().click(button);
    await screen.findByRole('link', { name: 'Go to the home page' });
    // The page says it, and so does a toast.
    expect(screen.getAllByText(/Your account is deleted\./)).not.toHaveLength(0);
    expect(calls.filter((call) => call.url.includes('/delete/confirm')).map((call) => call.body)).toEqual([
      { token: 'abc' },
    ]);
  });

  it('says a used or expired link is no good', async () => {
    mockFetch({
      'POST /api/account/delete/confirm': {
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'x', fields: { token: 'x' } } },
      },
    });
    renderWithProviders(<DeleteAccountPage />, { path: '/delete-account?token=old' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText(/This link is invalid, used or expired\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

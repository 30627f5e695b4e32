import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { testPreferences, testReader } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DeleteAccountCard, DownloadDataCard } from './DeleteAccountCard';

function setup(hasPassword: boolean, deleteReply: Parameters<typeof mockFetch>[0][string]) {
  window.localStorage.setItem('NR_token', 'tok');
  const fetchMock = mockFetch({
    'GET /api/auth/me': { body: { user: testReader() } },
    'GET /api/preferences': { body: testPreferences },
    'DELETE /api/account': deleteReply,
    'POST /api/auth/logout': { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'x' } } },
  });
  const view = renderWithProviders(
    <>
      <DownloadDataCard />
      <DeleteAccountCard hasPassword={hasPassword} email="tigist@example.com" />
    </>,
    { path: '/dashboard/settings' },
  );
  return { user: userEvent.setup(), ...fetchMock, ...view };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('DeleteAccountCard', () => {
  it('offers the download first, then deletes with the password and signs the tab out', async () => {
    const { user, calls, router } = setup(true, { status: 204 });
    const download = screen.getByRole('button', { name: 'Download your data' });
    const submit = screen.getByRole('button', { name: 'Delete my account' });
    expect(download.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.type(screen.getByLabelText('Your password, to confirm'), 'Secret@2024');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ password: 'Secret@2024' });
    expect(window.localStorage.getItem('NR_token')).toBeNull();
  });

  it('asks for the password before calling the server, and shows its refusal on the field', async () => {
    const { user, calls } = setup(true, {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'Current password is incorrect',
          fields: { password: 'Current password is incorrect' },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.type(screen.getByLabelText('Your password, to confirm'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(window.localStorage.getItem('NR_token')).toBe('tok');
  });

  it('mails a Google-only reader the deletion link instead of asking for a password', async () => {
    const { user, calls } = setup(false, { status: 202, body: { accepted: true } });
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(screen.queryByLabelText('Your password, to confirm')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mail me the deletion link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check tigist@example.com: the link we sent deletes the account.',
    );
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({});
    // Still signed in: nothing is deleted until the link is used.
    expect(window.localStorage.getItem('NR_token')).toBe('tok');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { ChangeEmailCard } from './ChangeEmailCard';

afterEach(() => vi.unstubAllGlobals());

function setup(reply: Parameters<typeof mockFetch>[0][string], hasPassword = true) {
  const fetchMock = mockFetch({ 'PUT /api/account/email': reply });
  renderWithProviders(
    <ChangeEmailCard email="tigist@example.com" emailVerified={false} hasPassword={hasPassword} />,
    { path: '/dashboard/settings' },
  );
  return { user: userEvent.setup(), ...fetchMock };
}

describe('ChangeEmailCard', () => {
  it('sends the new address and the password, then says where to look', async () => {
    const { user, calls } = setup({ status: 202, body: { accepted: true } });
    expect(
      screen.getByText(/You sign in with tigist@example.com\. It is not confirmed yet/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('New email address'), 'Tigist@New.example');
    await user.type(screen.getByLabelText('Password (to confirm the change)'), 'Secret@2024');
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check tigist@new.example: open the link we sent there to make the change. Until then you keep signing in with tigist@example.com.',
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      email: 'tigist@new.example',
      password: 'Secret@2024',
    });
  });

  it('refuses the same address before asking the server, and shows a taken address on the field', async () => {
    const { user, calls } = setup({
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message: 'An account with this email already exists',
          fields: { email: 'An account with this email already exists' },
        },
      },
    });
    await user.type(screen.getByLabelText('New email address'), 'tigist@example.com');
    await user.type(screen.getByLabelText('Password (to confirm the change)'), 'Secret@2024');
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    expect(await screen.findByText('This is already your email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('New email address'));
    await user.type(screen.getByLabelText('New email address'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  });

  it('tells a Google-only account its address is Google’s', () => {
    setup({ status: 202 }, false);
    expect(screen.queryByLabelText('New email address')).toBeNull();
    expect(
      screen.getByText(/signs in with Google, so its address is the one Google gives/),
    ).toBeInTheDocument();
  });
});

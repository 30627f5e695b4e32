import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { ForgotPasswordPage } from '../ForgotPasswordPage/ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

describe('forgot and reset password pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the address and says a link is on its way', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/password/forgot': { status: 202, body: { accepted: true } },
    });
    renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'Tigist@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account uses tigist@example.com');
    expect(calls.find((c) => c.url.endsWith('/api/auth/password/forgot'))?.body).toEqual({
      email: 'tigist@example.com',
    });
  });

  it('without a token, says the link is invalid and offers a new one', () => {
    mockFetch({});
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link is invalid, used or expired. Ask for a new one.',
    );
    expect(screen.getByRole('button', { name: 'Save the new password' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

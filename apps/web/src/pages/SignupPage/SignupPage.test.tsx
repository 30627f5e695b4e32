import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { SignupPage } from './SignupPage';
import { testReader } from '../../test/fixtures';

function renderSignup() {
  return renderWithProviders(<SignupPage />, {
    path: '/signup',
    extraRoutes: [{ path: '/preferences', element: <h1>wizard</h1> }],
  });
}

async function fill(values: {
  fullName?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}) {
  const user = userEvent.setup();
  if (values.fullName !== undefined) await user.type(screen.getByLabelText('Full Name'), values.fullName);
  if (values.email !== undefined) await user.type(screen.getByLabelText('Email Address'), values.email);
  if (values.password !== undefined) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirmPassword !== undefined)
    await user.type(screen.getByLabelText('Confirm Password'), values.confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignupPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the required messages of spec §5 when submitted empty', async () => {
    mockFetch({});
    renderSignup();
    await fill({});
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
  });

  it('shows the exact rule messages and marks the fields invalid', async () => {
    const { calls } = mockFetch({});
    renderSignup();
    await fill({
      fullName: 'Al',
      email: 'not-an-email',
      password: 'Password1',
      confirmPassword: 'Password2',
    });
    expect(await screen.findByText('Full Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Must contain at least one special character')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription(
      'Full Name must be at least 3 characters',
    );
    expect(calls.filter((c) => c.url.includes('/signup'))).toHaveLength(0);
  });

  it('asks for an uppercase letter and for 8 characters', async () => {
    mockFetch({});
    renderSignup();
    await fill({ fullName: 'Abebe Kebede', email: 'a@b.co', password: 'short', confirmPassword: 'short' });
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'lowercase1!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Must contain at least one uppercase letter')).toBeInTheDocument();
  });

  it('toggles the password fields between hidden and shown', async () => {
    mockFetch({});
    renderSignup();
    const user = userEvent.setup();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show Password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide Password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('puts a 409 answer on the email field', async () => {
    mockFetch({
      'POST /api/auth/signup': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'An account with this email already exists' } },
      },
    });
    renderSignup();
    await fill({
      fullName: 'Abebe Kebede',
      email: 'taken@example.com',
      password: 'Reading!2026',
      confirmPassword: 'Reading!2026',
    });
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('maps 400 field messages from the server under their fields', async () => {
    mockFetch({
      'POST /api/auth/signup': {
        status: 400,
        body: {
          error: { code: 'VALIDATION', message: 'Please check', fields: { fullName: 'Server says no' } },
        },
      },
    });
    renderSignup();
    await fill({
      fullName: 'Abebe Kebede',
      email: 'a@example.com',
      password: 'Reading!2026',
      confirmPassword: 'Reading!2026',
    });
    expect(await screen.findByText('Server says no')).toBeInTheDocument();
  });

  it('shows "Sign Up ..." while busy, stores the token and goes to the wizard', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const user = testReader({ name: 'Abebe Kebede', email: 'a@example.com' });
    const { fn } = mockFetch({
      'GET /api/auth/me': { body: { user } },
      'GET /api/preferences': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } },
    });
    const baseFetch = fn.getMockImplementation();
    fn.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/auth/signup')) {
        await gate;
        return new Response(
          JSON.stringify({
            token: 'tok-1',
            role: 'user',
            landing: true,
            message: 'Account created. Welcome to Nebab!',
            user,
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        );
      }
      return baseFetch!(input, init);
    });
    const { router } = renderSignup();
    await fill({
      fullName: 'Abebe Kebede',
      email: 'a@example.com',
      password: 'Reading!2026',
      confirmPassword: 'Reading!2026',
    });
    expect(await screen.findByRole('button', { name: 'Sign Up ...' })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/preferences'));
    expect(window.localStorage.getItem('NR_token')).toBe('tok-1');
  });
});

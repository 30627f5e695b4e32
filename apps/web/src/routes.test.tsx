import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@nebab/shared';
import { mockFetch } from './test/fetchMock';
import { renderApp } from './test/render';
import { testPreferences, testReader } from './test/fixtures';

const reader: User = testReader({ booksRead: 3, reviewsWritten: 2 });
const admin: User = { ...reader, id: 'a1', name: 'Admin Person', email: 'admin@example.com', role: 'admin' };
const prefs = testPreferences;
const noPrefs = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };

function signedIn(user: User, preferences: unknown = prefs, extra: Parameters<typeof mockFetch>[0] = {}) {
  window.localStorage.setItem('NR_token', 'tok');
  return mockFetch({
    'GET /api/auth/me': { body: { user } },
    'GET /api/preferences': preferences ? { body: preferences } : noPrefs,
    ...extra,
  });
}

const pathOf = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;

describe('session and route guards (spec §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor without a token from a protected page to /login', async () => {
    mockFetch({});
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(pathOf(router)).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
  });

  it('shows the full-screen spinner while the session is checked, then the page', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fn } = signedIn(reader);
    const base = fn.getMockImplementation();
    fn.mockImplementation(async (input, init) => {
      await gate;
      return base!(input, init);
    });
    const { router } = renderApp('/dashboard');
    const spinner = await screen.findByTestId('session-spinner');
    expect(spinner).toHaveAttribute('role', 'status');
    expect(spinner).toHaveTextContent('Checking your session…');
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Tigist' }),
    ).toBeInTheDocument();
    expect(pathOf(router)).toBe('/dashboard');
  });

  it('sends the token and the interface language with every call', async () => {
    const { calls } = signedIn(reader);
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Tigist' });
    const me = calls.find((c) => c.url === '/api/auth/me');
    expect(me?.headers.get('authorization')).toBe('Bearer tok');
    expect(me?.headers.get('accept-language')).toBe('en');
  });

  it('welcomes a reader who has just answered the wizard to Nebab, and a returning one back', async () => {
    const { calls } = signedIn(reader, null, {
      'PUT /api/preferences': ({ body }) => ({ body }),
      'GET /api/me/stats': { body: { booksRead: 0, readingList: 0, reviewsWritten: 0, didNotFinish: 0 } },
    });
    const user = userEvent.setup();
    const view = renderApp('/dashboard');
    await waitFor(() => expect(pathOf(view.router)).toBe('/preferences'));
    await user.click(await screen.findByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: 'History' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Nebab, Tigist' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/preferences')).toBe(true);
    view.unmount();

    // The same visit (a reload of the tab) still greets them as new; another reader is greeted back.
    signedIn(reader);
    const again = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Nebab, Tigist' }),
    ).toBeInTheDocument();
    again.unmount();
    signedIn({ ...reader, id: 'u-other', name: 'Abebe Kebede' });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Abebe' })).toBeInTheDocument();
  });

  it('takes a reader without preferences to /preferences', async () => {
    signedIn(reader, null);
    const { router } = renderApp('/aboutus');
    await waitFor(() => expect(pathOf(router)).toBe('/preferences'));
    expect(await screen.findByTestId('wizard-step')).toHaveTextContent('Step 1 of 5');
  });

  it('sends readers with preferences on from /, /login and /preferences', async () => {
    for (const path of ['/', '/login', '/signup', '/preferences']) {
      signedIn(reader);
      const view = renderApp(path);
      await waitFor(() => expect(pathOf(view.router)).toBe('/dashboard'));
      view.unmount();
    }
    signedIn(admin);
    const { router } = renderApp('/preferences');
    await waitFor(() => expect(pathOf(router)).toBe('/admin/dashboard'));
  });

  it('keeps readers out of admin screens and lets admins in', async () => {
    signedIn(reader);
    const first = renderApp('/admin/dashboard/manageuser');
    await waitFor(() => expect(pathOf(first.router)).toBe('/dashboard'));
    first.unmount();

    signedIn(admin);
    const second = renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument();
    expect(pathOf(second.router)).toBe('/admin/dashboard');
    const tiles = screen.getByRole('heading', { name: 'Manage' }).parentElement!;
    expect(
      within(tiles)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/admin/dashboard/manageuser',
      '/admin/dashboard/managebook',
      '/admin/dashboard/notification',
      '/admin/dashboard/reviewmoderation',
      '/admin/reports',
      '/admin/reading-lists',
      '/admin/settings',
      '/admin/book-approvals',
      '/admin/newsletter',
    ]);
    // Stats are unknown until /api/admin/stats answers.
    expect(screen.getAllByText('—')).toHaveLength(6);
    expect(screen.getAllByRole('link', { name: 'Quick book add' }).length).toBeGreaterThan(0);
  });

  it('on a 401 from /me: error toast, signed out, token removed', async () => {
    window.localStorage.setItem('NR_token', 'stale');
    mockFetch({
      'GET /api/auth/me': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'Please log in to continue' } },
      },
      'GET /api/preferences': noPrefs,
    });
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(pathOf(router)).toBe('/login'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Please log in to continue');
    expect(window.localStorage.getItem('NR_token')).toBeNull();
  });

  it('on another /me failure: error toast and signed out, but the token is kept', async () => {
    window.localStorage.setItem('NR_token', 'keep-me');
    mockFetch({
      'GET /api/auth/me': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } },
      },
    });
    const { router } = renderApp('/');
    expect(await screen.findByTestId('toast')).toHaveTextContent('Something went wrong on our side');
    // Said assertively through the live region that was there before the toast.
    expect(screen.getByTestId('announcer-assertive')).toHaveTextContent('Something went wrong on our side');
    expect(pathOf(router)).toBe('/');
    expect(window.localStorage.getItem('NR_token')).toBe('keep-me');
  });

  it('shows the dashboard counts from /api/me/stats when it answers, else from /me', async () => {
    signedIn(reader);
    renderApp('/dashboard');
    expect(await screen.findByText('Books Read')).toBeInTheDocument();
    const tile = (label: string) => screen.getByText(label).closest('dl')!;
    expect(tile('Books Read')).toHaveTextContent('3');
    expect(tile('Reading List')).toHaveTextContent('0');
    expect(tile('Reviews Written')).toHaveTextContent('2');
    vi.unstubAllGlobals();

    signedIn(reader, prefs, {
      'GET /api/me/stats': { body: { booksRead: 7, readingList: 5, reviewsWritten: 4 } },
    });
    renderApp('/dashboard');
    await waitFor(() =>
      expect(screen.getAllByText('Reading List').at(-1)!.closest('dl')).toHaveTextContent('5'),
    );
  });

  it('signs out: calls logout, drops the token, lands on / and toasts', async () => {
    const { calls } = signedIn(reader, prefs, { 'POST /api/auth/logout': { status: 204 } });
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu-button'));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Tigist Bekele');
    expect(menu).toHaveTextContent('tigist@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Profile settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(pathOf(router)).toBe('/'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('You have signed out');
    expect(window.localStorage.getItem('NR_token')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/auth/logout')).toBe(true);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('logs in and follows the After-login rules', async () => {
    mockFetch({
      'POST /api/auth/login': {
        body: { token: 'new', role: 'admin', landing: false, message: 'Login successful' },
      },
      'GET /api/auth/me': { body: { user: admin } },
      'GET /api/preferences': { body: prefs },
    });
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(pathOf(router)).toBe('/admin/dashboard'));
    expect(window.localStorage.getItem('NR_token')).toBe('new');
  });

  it('shows the server message for wrong credentials', async () => {
    mockFetch({
      'POST /api/auth/login': {
        status: 401,
        body: { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } },
      },
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.type(screen.getByLabelText('Password'), 'Wrong#pass1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('explains a Google sign-in error brought back to /login', async () => {
    mockFetch({});
    renderApp('/login?error=google_not_configured');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in is not set up on this server');
  });

  it('explains inline when Google sign-in is not configured', async () => {
    mockFetch({ 'GET /api/auth/providers': { body: { google: false } } });
    renderApp('/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in is not set up on this server');
  });

  it('stores the token from the Google callback and follows the After-login rules', async () => {
    mockFetch({ 'GET /api/auth/me': { body: { user: reader } }, 'GET /api/preferences': noPrefs });
    window.history.replaceState(null, '', '/auth/callback#token=g-tok&role=user&landing=true');
    const { router } = renderApp('/auth/callback');
    await waitFor(() => expect(pathOf(router)).toBe('/preferences'));
    expect(window.localStorage.getItem('NR_token')).toBe('g-tok');
    window.history.replaceState(null, '', '/');
  });

  it('saves the wizard to the server and localStorage, then opens the dashboard', async () => {
    const { calls } = signedIn(reader, null, {
      'PUT /api/preferences': ({ body }) => ({ body }),
    });
    const { router } = renderApp('/preferences');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Amharic' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Poetry' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(pathOf(router)).toBe('/dashboard'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      languages: ['am'],
      genres: ['poetry'],
      ageGroup: null,
      bookLength: null,
      authors: [],
    });
    expect(JSON.parse(window.localStorage.getItem('userPreferences') ?? 'null')).toEqual(put?.body);
  });

  it('renders the not-found screen for unknown paths', async () => {
    mockFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENRE_SLUGS } from '@nebab/shared';
import { i18n } from '../../i18n';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/render';
import { testReader } from '../../test/fixtures';

describe('navigation bar', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows Home, Discover, Community, About Us and Sign in to visitors', async () => {
    mockFetch({});
    renderApp('/aboutus');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Discover', '/books'],
      ['Community', '/community/bookclub'],
      ['About Us', '/aboutus'],
    ]);
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('user-menu-button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
  });

  it('lists the 30 genres in the Genres menu, each linking to /discover?genre={slug}', async () => {
    mockFetch({});
    renderApp('/aboutus');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Genres' }));
    const menu = await screen.findByRole('menu', { name: 'Genres' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(30);
    expect(items.map((item) => item.getAttribute('href'))).toEqual(
      GENRE_SLUGS.map((slug) => `/discover?genre=${slug}`),
    );
    expect(within(menu).getByRole('menuitem', { name: 'Science Fiction' })).toHaveAttribute(
      'href',
      '/discover?genre=science-fiction',
    );
  });

  it('opens the mobile menu with its own collapsible genres section', async () => {
    mockFetch({});
    renderApp('/aboutus');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const mobile = screen.getByRole('navigation', { name: 'Main menu' });
    const genres = within(mobile).getByRole('button', { name: 'Genres' });
    expect(genres).toHaveAttribute('aria-expanded', 'false');
    await user.click(genres);
    expect(genres).toHaveAttribute('aria-expanded', 'true');
    expect(within(mobile).getByRole('link', { name: 'Young Adult' })).toHaveAttribute(
      'href',
      '/discover?genre=young-adult',
    );
  });

  it('switches the whole interface to Amharic from the language selector', async () => {
    mockFetch({});
    renderApp('/aboutus');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('language-select'), 'am');
    await waitFor(() => expect(document.documentElement.lang).toBe('am'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ስለ እኛ');
    expect(window.localStorage.getItem('NR_lang')).toBe('am');
  });

  it('hides Home from signed-in readers and shows the admin-only Quick book add to admins only', async () => {
    const user = testReader({ email: 't@example.com' });
    const prefs = {
      body: { languages: ['en'], genres: ['art'], ageGroup: null, bookLength: null, authors: [] },
    };
    window.localStorage.setItem('NR_token', 'tok');
    mockFetch({ 'GET /api/auth/me': { body: { user } }, 'GET /api/preferences': prefs });
    const first = renderApp('/aboutus');
    // A public page shows at once (as a guest's) and follows the session once it has loaded.
    expect(await screen.findByTestId('user-menu-button')).toHaveAccessibleName(
      'Account menu for Tigist Bekele',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Quick book add' })).not.toBeInTheDocument();
    first.unmount();

    mockFetch({
      'GET /api/auth/me': { body: { user: { ...user, role: 'admin' } } },
      'GET /api/preferences': prefs,
    });
    renderApp('/aboutus');
    expect((await screen.findAllByRole('link', { name: 'Quick book add' }))[0]).toHaveAttribute(
      'href',
      '/upload/book',
    );
  });
});

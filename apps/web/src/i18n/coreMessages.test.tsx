import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { renderApp } from '../test/render';
import { i18n } from './index';
import englishCore from './parts/en.core';
import { testReader } from '../test/fixtures';

/*
 * The landing page and the shell render before the rest of the messages arrive (./sections.ts).
 * Here the English store holds the core part only, and any key i18next cannot find fails the test.
 */

const missing = new Set<string>();
let whole: Record<string, unknown> = {};

beforeAll(() => {
  whole = i18n.getResourceBundle('en', 'translation') as Record<string, unknown>;
  i18n.removeResourceBundle('en', 'translation');
  i18n.addResourceBundle('en', 'translation', englishCore);
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_languages, _namespace, key) => {
    missing.add(key);
  };
});

afterAll(() => {
  i18n.options.saveMissing = false;
  i18n.options.missingKeyHandler = false;
  i18n.removeResourceBundle('en', 'translation');
  i18n.addResourceBundle('en', 'translation', whole);
});

beforeEach(() => missing.clear());

afterEach(() => vi.unstubAllGlobals());

const TRENDING = {
  body: {
    items: [
      {
        id: 'b1',
        title: 'Fikir Eske Mekabir',
        cover: null,
        coverCandidates: [],
        authors: 'Haddis Alemayehu',
        averageRating: 4.5,
        ratingsCount: 1200,
        genre: 'fiction',
      },
    ],
  },
};

/** Lazy chunks load slowly on a busy machine. */
const SLOW = { timeout: 10_000 };

const READER = testReader({ email: 't@example.com', role: 'admin' });

describe('core messages alone', () => {
  it('detect a missing key (the guard works)', () => {
    expect(i18n.t('nav.signIn')).toBe('Sign in');
    expect(missing.size).toBe(0);
    expect(i18n.t('about.title')).toBe('about.title');
    expect(i18n.t('login.title')).toBe('login.title');
    expect([...missing]).toEqual(['about.title', 'login.title']);
  });

  it('translate the landing page, header and footer for a visitor', { timeout: 30_000 }, async () => {
    mockFetch({ 'GET /api/books/trending': TRENDING });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Fikir Eske Mekabir', {}, SLOW)).toBeInTheDocument();
    const user = userEvent.setup();
    // the header's lazy menus and the mobile menu
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Genres' }));
    expect(await screen.findByRole('menu', { name: 'Genres' }, SLOW)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect([...missing]).toEqual([]);
  });

  it(
    'translate the shell of a signed-in admin and the page-not-found screen',
    { timeout: 30_000 },
    async () => {
      window.localStorage.setItem('NR_token', 'tok');
      mockFetch({
        'GET /api/auth/me': { body: { user: READER } },
        'GET /api/preferences': {
          body: { languages: ['en'], genres: ['art'], ageGroup: null, bookLength: null, authors: [] },
        },
        'GET /api/notifications': { body: { items: [], nextCursor: null, unread: 0 } },
      });
      renderApp('/no-such-page');
      expect(await screen.findByTestId('user-menu-button', {}, SLOW)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(screen.getByTestId('user-menu-button'));
      expect(await screen.findByRole('menu', {}, SLOW)).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect([...missing]).toEqual([]);
    },
  );
});

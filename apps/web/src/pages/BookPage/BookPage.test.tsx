import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookDetail, User } from '@nebab/shared';
import { AuthProvider } from '../../features/auth/AuthProvider';
import { ThemeProvider } from '../../features/theme/ThemeProvider';
import { AnnouncerProvider } from '../../components/announcer';
import { ToastProvider } from '../../features/toast/ToastProvider';
import { mockFetch } from '../../test/fetchMock';
import { createTestQueryClient } from '../../test/render';
import { BookPage } from './BookPage';
import { testPreferences, testReader } from '../../test/fixtures';

// PDF.js does not run in jsdom; the overlay's PDF viewer is replaced by a stub.
vi.mock('../../features/reader/PdfViewer', () => ({
  default: ({ bookId }: { bookId: string }) => <p>pdf viewer for {bookId}</p>,
}));

const hungerGames: BookDetail = {
  id: '1',
  title: 'The Hunger Games',
  author: 'Suzanne Collins',
  authors: ['Suzanne Collins'],
  genres: ['young-adult', 'science-fiction'],
  publisher: 'Scholastic Press',
  publicationDate: '2008',
  pageCount: 374,
  language: 'en',
  rating: 4.34,
  ratingsCount: 4_942_365,
  description: null,
  coverImage: null,
  coverCandidates: [],
  previewLink: null,
  viewability: 'NO_PAGES',
  industryIdentifiers: [{ type: 'ISBN_10', identifier: '0439023483' }],
  series: 'The Hunger Games',
  seriesNumber: '1',
  altTitles: [],
  hasFile: false,
  unlisted: false,
  source: 'goodbooks',
};

const reader: User = testReader();
const prefs = testPreferences;

const related = (offset: number, total = 12) => ({
  items: Array.from({ length: Math.min(9, total - offset) }, (_, i) => ({
    id: `r${offset + i}`,
    title: `Related ${offset + i}`,
    author: 'Someone',
    coverImage: null,
    coverCandidates: [],
    rating: 4,
    ratings: 10,
    releaseDate: null,
    genre: 'young-adult',
  })),
  total,
});

function setup(
  book: Partial<BookDetail> = {},
  { signedIn = false, extra = {} }: { signedIn?: boolean; extra?: Parameters<typeof mockFetch>[0] } = {},
  path?: string,
) {
  const detail = { ...hungerGames, ...book };
  if (signedIn) window.localStorage.setItem('NR_token', 'tok');
  const fetchMock = mockFetch({
    [`GET /api/books/${detail.id}`]: { body: detail },
    [`GET /api/books/${detail.id}/related`]: ({ url }) => ({
      body: related(Number(new URL(url, 'http://x').searchParams.get('offset') ?? 0)),
    }),
    [`GET /api/books/${detail.id}/reviews`]: { body: { items: [] } },
    'GET /api/auth/me': { body: { user: reader } },
    'GET /api/preferences': { body: prefs },
    ...extra,
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path: '/book/:id', element: <BookPage /> },
          { path: '*', element: <p>elsewhere</p> },
        ],
      },
    ],
    { initialEntries: ['/', path ?? `/book/${detail.id}`] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ThemeProvider>
        <AnnouncerProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AnnouncerProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup(), ...fetchMock };
}

const heading = () => screen.findByRole('heading', { level: 1, name: /The Hunger Games/ });

// The page loads its reader overlay and buy dialog lazily; in jsdom the first import of each costs
// seconds (more on a loaded machine), which the first test to open one paid inside its 5 s budget.
// Loading them once here leaves the tests timing what they are about.
beforeAll(async () => {
  await Promise.all([import('../../features/reader/ReaderOverlay'), import('../../features/buy/BuyDialog')]);
});

describe('BookPage facts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the facts and the honest about line when there is no description', async () => {
    setup();
    await heading();
    expect(screen.getByText('Book 1 of The Hunger Games')).toBeInTheDocument();
    // The primary author's page.
    expect(screen.getByRole('link', { name: 'Suzanne Collins' })).toHaveAttribute(
      'href',
      '/author/Suzanne%20Collins',
    );
    expect(screen.getByRole('link', { name: 'Young Adult' })).toHaveAttribute(
      'href',
      '/discover?genre=young-adult',
    );
    expect(screen.getByText('Scholastic Press')).toBeInTheDocument();
    expect(screen.getByText('374')).toBeInTheDocument();
    expect(screen.getByText('English')).toBeInTheDocument();
    expect(screen.getByTestId('book-rating')).toHaveTextContent('4.3');
    expect(screen.getByTestId('book-about-line')).toHaveTextContent(
      'A 2008 Young Adult and Science Fiction book, book 1 of The Hunger Games, rated 4.3 by 4.9 million readers.',
    );
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    expect(await screen.findByText('No Reviews Yet')).toBeInTheDocument();
  });

  it('shows Unknown for missing facts and renders the sanitised description', async () => {
    setup({
      publisher: null,
      pageCount: null,
      publicationDate: null,
      description: '<p>Server <em>clean</em> text</p>',
    });
    await heading();
    expect(screen.getAllByText('Unknown').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByTestId('book-description').querySelector('em')).toHaveTextContent('clean');
  });

  it('says so when a reader-added book is not public yet', async () => {
    setup({ id: 'reader-abc', source: 'reader', unlisted: true });
    await heading();
    expect(screen.getByTestId('book-unlisted')).toHaveTextContent(
      'Not public yet: until an admin checks this reader-added book or three readers have it in their library',
    );
  });

  it('says nothing of it for a public book', async () => {
    setup();
    await heading();
    expect(screen.queryByTestId('book-unlisted')).toBeNull();
  });

  it('shows Book not found on 404', async () => {
    mockFetch({});
    const router = createMemoryRouter(
      [
        {
          element: (
            <AuthProvider>
              <Outlet />
            </AuthProvider>
          ),
          children: [{ path: '/book/:id', element: <BookPage /> }],
        },
      ],
      {
        initialEntries: ['/book/nope'],
      },
    );
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <AnnouncerProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AnnouncerProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Book not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/books');
  });
});

describe('BookPage viewability (spec §4)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const drive = 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing';

  it('FULL + Drive link: Read Book opens the overlay with the Drive preview frame', async () => {
    const { user, router } = setup({ viewability: 'FULL', previewLink: drive });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Read Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'The Hunger Games' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview',
    );
    expect(router.state.location.search).toBe('?reader=open');
  });

  it('FULL + outside link: Read Book is a link opening a new tab at the front cover', async () => {
    setup({ viewability: 'FULL', previewLink: 'https://books.google.com/books?id=abc' });
    await heading();
    const link = screen.getByRole('link', { name: /Read Book/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link).toHaveAttribute('href', 'https://books.google.com/books?id=abc&pg=PP1');
    expect(screen.getByRole('button', { name: 'Buy Book' })).toBeEnabled();
  });

  it('PARTIAL with an ISBN: Preview Book and Buy Book', async () => {
    setup({ viewability: 'PARTIAL', previewLink: 'https://books.google.com/books?id=abc' });
    await heading();
    expect(screen.getByRole('link', { name: /Preview Book/ })).toHaveAttribute(
      'href',
      'https://books.google.com/books?id=abc',
    );
    expect(screen.getByRole('button', { name: 'Buy Book' })).toBeEnabled();
  });

  it('PARTIAL without an ISBN: a disabled Not available for purchase', async () => {
    setup({
      viewability: 'PARTIAL',
      previewLink: 'https://books.google.com/books?id=abc',
      industryIdentifiers: [],
    });
    await heading();
    expect(screen.getByRole('link', { name: /Preview Book/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not available for purchase' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Buy Book' })).not.toBeInTheDocument();
  });

  it('NO_PAGES with an ISBN: Buy Book only', async () => {
    setup({ viewability: 'NO_PAGES' });
    await heading();
    expect(screen.getByRole('button', { name: 'Buy Book' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Read Book|Preview Book/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Read Book|Preview Book/ })).not.toBeInTheDocument();
  });

  it('NO_PAGES without an ISBN: the disabled not-available notice', async () => {
    setup({ viewability: 'NO_PAGES', industryIdentifiers: [] });
    await heading();
    expect(
      screen.getByRole('button', { name: 'This book is not available for preview or purchase' }),
    ).toBeDisabled();
  });

  it('local- books open the in-app PDF reader', async () => {
    const { user } = setup({ id: 'local-abc', source: 'local', hasFile: true, industryIdentifiers: [] });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Read Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'The Hunger Games' });
    expect(await within(dialog).findByText('pdf viewer for local-abc')).toBeInTheDocument();
  });
});

describe('Reader overlay', () => {
  afterEach(() => vi.unstubAllGlobals());
  const drive = 'https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp';

  it('locks page scroll, closes with the button, restores scroll and focus, and leaves history clean', async () => {
    const { user, router } = setup({ viewability: 'FULL', previewLink: drive });
    await heading();
    const opener = screen.getByRole('button', { name: 'Read Book' });
    await user.click(opener);
    await screen.findByRole('dialog');
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Close reader' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.style.overflow).toBe('');
    expect(router.state.location.pathname).toBe('/book/1');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Read Book' })).toHaveFocus());
  });

  it('closes with the browser Back button (history pop) and with Escape', async () => {
    const { user, router } = setup({ viewability: 'FULL', previewLink: drive });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Read Book' }));
    await screen.findByRole('dialog');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.style.overflow).toBe('');

    await user.click(screen.getByRole('button', { name: 'Read Book' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('opened from an address with ?reader=open, closing replaces the entry', async () => {
    const { user, router } = setup({ viewability: 'FULL', previewLink: drive }, {}, '/book/1?reader=open');
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Close reader' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/book/1');
  });

  it('shows the error state with Open in New Tab when the frame does not load in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = setup({ viewability: 'FULL', previewLink: drive });
      await heading();
      await user.click(screen.getByRole('button', { name: 'Read Book' }));
      await screen.findByRole('dialog');
      act(() => vi.advanceTimersByTime(21_000));
      expect(await screen.findByRole('link', { name: 'Open in New Tab' })).toHaveAttribute('href', drive);
      await user.click(screen.getByRole('button', { name: 'Close Reader' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Buy dialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('disables the ISBN switcher with one ISBN and Visit until a seller is chosen', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = setup();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Buy Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Where would you like to purchase this book?' });
    expect(within(dialog).getByRole('button', { name: 'Previous ISBN' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next ISBN' })).toBeDisabled();
    const visit = within(dialog).getByRole('button', { name: 'Choose a bookshop' });
    expect(visit).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'AbeBooks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Visit AbeBooks' }));
    expect(open).toHaveBeenCalledWith(
      'https://www.abebooks.com/servlet/SearchResults?isbn=0439023483',
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('switches ISBNs and builds each seller address', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = setup({
      industryIdentifiers: [
        { type: 'ISBN_13', identifier: '9780439023481' },
        { type: 'ISBN_10', identifier: '0439023483' },
      ],
    });
    await heading();
    const expected: [string, string, string][] = [
      ['Amazon', '9780439023481', 'https://www.amazon.com/s?k=9780439023481&i=stripbooks'],
      [
        'Books-A-Million',
        '0439023483',
        'https://www.booksamillion.com/search?query=0439023483&filter=product_type%3Abooks',
      ],
    ];
    for (const [seller, isbn, url] of expected) {
      await user.click(screen.getByRole('button', { name: 'Buy Book' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('button', { name: 'Previous ISBN' })).toBeDisabled();
      if (isbn === '0439023483') {
        await user.click(within(dialog).getByRole('button', { name: 'Next ISBN' }));
        expect(within(dialog).getByRole('button', { name: 'Next ISBN' })).toBeDisabled();
      }
      expect(within(dialog).getByTestId('buy-isbn')).toHaveTextContent(isbn);
      await user.click(within(dialog).getByRole('radio', { name: seller }));
      await user.click(within(dialog).getByRole('button', { name: `Visit ${seller}` }));
      expect(open).toHaveBeenLastCalledWith(url, '_blank', 'noopener,noreferrer');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });
});

describe('Report, share and reading list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks visitors to log in before reporting', async () => {
    const { user } = setup();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.getByText('Please log in to report a book.')).toBeInTheDocument();
  });

  it('warns on a blank reason, shows server field errors and thanks on success', async () => {
    let reply: { status: number; body?: unknown } = {
      status: 400,
      body: { error: { code: 'VALIDATION', message: 'Invalid', fields: { reason: 'Server says no' } } },
    };
    const { user, calls } = setup(
      {},
      { signedIn: true, extra: { 'POST /api/books/1/reports': () => reply } },
    );
    await heading();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const form = await screen.findByRole('form', { name: 'Report this book' });
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByText('Please provide a reason for reporting')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Why are you reporting this book?'), 'Spam listing');
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByText('Server says no')).toBeInTheDocument();

    reply = { status: 201, body: { ok: true } };
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you — our team will review your report.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ reason: 'Spam listing' });
  });

  it('copies the link and confirms', async () => {
    const { user } = setup();
    await heading();
    expect(screen.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toContain(
      'facebook.com/sharer/sharer.php?u=' + encodeURIComponent('http://localhost:3000/book/1'),
    );
    expect(screen.getByRole('link', { name: 'X' }).getAttribute('href')).toContain('x.com/intent/tweet?url=');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/book/1`);
    expect(await screen.findByText('Link copied to the clipboard')).toBeInTheDocument();
  });

  it('asks visitors to log in for the reading list', async () => {
    const first = setup();
    await heading();
    await first.user.click(screen.getByRole('button', { name: 'Add to Reading List' }));
    expect(screen.getByText('Please login to manage your reading list')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('adds the book, then changes status in place, offers the favourite only when allowed and removes it', async () => {
    const now = '2026-03-01T10:00:00.000Z';
    let entry: Record<string, unknown> | null = null;
    const list = () => ({
      currentlyReading: entry?.status === 'currentlyReading' ? [entry] : [],
      wantToRead: entry?.status === 'wantToRead' ? [entry] : [],
      completed: entry?.status === 'completed' ? [entry] : [],
      didNotFinish: entry?.status === 'didNotFinish' ? [entry] : [],
    });
    // The reader's list answers only when the test lets it.
    let listMayAnswer!: () => void;
    const listHeld = new Promise<void>((resolve) => (listMayAnswer = resolve));
    const { user, calls } = setup(
      {},
      {
        signedIn: true,
        extra: {
          'GET /api/reading-list': async () => {
            await listHeld;
            return { body: list() };
          },
          'POST /api/reading-list': ({ body }) => {
            entry = {
              bookId: (body as { bookId: string }).bookId,
              status: 'wantToRead',
              title: 'The Hunger Games',
              author: 'Suzanne Collins',
              coverImage: null,
              coverCandidates: [],
              isFavorite: false,
              addedAt: now,
              updatedAt: now,
              startedAt: null,
              finishedAt: null,
              currentPage: null,
              stoppedPage: null,
              pageCount: 374,
              reads: [],
              shelves: [],
            };
            return { status: 201, body: entry };
          },
          'PATCH /api/reading-list/1': ({ body }) => {
            entry = { ...entry, ...(body as object) };
            return { body: entry };
          },
          'PUT /api/reading-list/1/favorite': ({ body }) => {
            entry = { ...entry, ...(body as object) };
            return { body: entry };
          },
          'DELETE /api/reading-list/1': () => {
            entry = null;
            return { status: 204 };
          },
          'GET /api/me/stats': { body: { booksRead: 0, readingList: 0, reviewsWritten: 0 } },
        },
      },
    );
    await heading();
    // Clicked while the reader's list still loads: the button stays enabled and the click waits for
    // the list (a button disabled for that moment would lose it), then adds the book once.
    const add = await screen.findByRole('button', { name: 'Add to Reading List' });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/reading-list'))).toBe(true));
    expect(add).toBeEnabled();
    await user.click(add);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    listMayAnswer();
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(select).toHaveValue('wantToRead');
    // Focus moves from the Add button (gone) to the status select that replaced it.
    await waitFor(() => expect(select).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Favorite/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { bookId: '1', status: 'wantToRead' },
    ]);

    // Choosing an option saves nothing; Save does.
    await user.selectOptions(select, 'currentlyReading');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(screen.queryByRole('button', { name: /Favorite/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('currentlyReading');
    const favorite = await screen.findByRole('button', { name: /Favorite/ });
    expect(favorite).toHaveAttribute('aria-pressed', 'false');
    await user.click(favorite);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Favorite/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ isFavorite: true });

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Add to Reading List' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to Reading List' })).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('?openReview=true marks the review hook open', async () => {
    setup({}, {}, '/book/1?openReview=true');
    await heading();
    expect(screen.getByRole('heading', { name: 'Reviews' }).closest('section')).toHaveAttribute(
      'data-open-review',
      'true',
    );
  });
});

describe('Related Books panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('filters, sorts and loads more with the right requests', async () => {
    const { user, calls } = setup();
    await heading();
    const panel = screen.getByRole('region', { name: 'Related Books' });
    await within(panel).findByRole('link', { name: 'Related 0' });
    const relatedCalls = () =>
      calls.filter((c) => c.url.includes('/related')).map((c) => new URL(c.url, 'http://x').searchParams);
    expect(relatedCalls().at(-1)?.get('sort')).toBe('popular');
    expect(relatedCalls().at(-1)?.get('offset')).toBe('0');

    await user.click(within(panel).getByRole('button', { name: 'See More' }));
    await within(panel).findByRole('link', { name: 'Related 11' });
    expect(relatedCalls().at(-1)?.get('offset')).toBe('9');
    expect(within(panel).queryByRole('button', { name: 'See More' })).not.toBeInTheDocument();

    await user.selectOptions(within(panel).getByLabelText('Filter'), 'science-fiction');
    await waitFor(() => expect(relatedCalls().at(-1)?.get('genre')).toBe('science-fiction'));
    await user.selectOptions(within(panel).getByLabelText('Sort'), 'rating');
    await waitFor(() => expect(relatedCalls().at(-1)?.get('sort')).toBe('rating'));
    expect(relatedCalls().at(-1)?.get('genre')).toBe('science-fiction');
    expect(within(panel).getByRole('link', { name: 'See All' })).toHaveAttribute(
      'href',
      '/search?genre=science-fiction&sort=rating',
    );
    expect(within(panel).getByRole('link', { name: 'Related 0' })).toHaveAttribute('href', '/book/r0');
  });
});

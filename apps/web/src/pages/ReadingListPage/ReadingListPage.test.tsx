import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadingList, ReadingListEntry } from '@nebab/shared';
import { progressPercent } from '../../api/reading-list/queries';
import { meStatsQueryOptions } from '../../api/stats/queries';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { ReadingListPage } from './ReadingListPage';

function entry(bookId: string, over: Partial<ReadingListEntry> = {}): ReadingListEntry {
  return {
    bookId,
    status: 'wantToRead',
    title: `Book ${bookId}`,
    author: 'Haddis Alemayehu',
    coverImage: null,
    coverCandidates: [],
    isFavorite: false,
    addedAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    currentPage: null,
    stoppedPage: null,
    pageCount: null,
    available: true,
    reads: [],
    shelves: [],
    ...over,
  };
}

/** A tiny in-memory server for the reading-list routes. */
/** Shows GET /api/me/stats as the dashboard does, so its refetch after a change can be seen. */
function StatsProbe() {
  const stats = useQuery(meStatsQueryOptions());
  return <p data-testid="stats">{stats.data?.readingList ?? '-'}</p>;
}

function setup(initial: ReadingListEntry[]) {
  let entries = [...initial];
  const grouped = (): ReadingList => ({
    currentlyReading: entries.filter((e) => e.status === 'currentlyReading'),
    wantToRead: entries.filter((e) => e.status === 'wantToRead'),
    completed: entries.filter((e) => e.status === 'completed'),
    didNotFinish: entries.filter((e) => e.status === 'didNotFinish'),
  });
  const idOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').pathname.split('/')[3] ?? '');
  const handlers: Parameters<typeof mockFetch>[0] = {
    'GET /api/reading-list': () => ({ body: grouped() }),
    'GET /api/shelves': () => ({ body: { items: [] } }),
    'GET /api/me/stats': () => ({ body: { booksRead: 0, readingList: entries.length, reviewsWritten: 0 } }),
  };
  for (const e of initial) {
    handlers[`PATCH /api/reading-list/${e.bookId}`] = ({ url, body }) => {
      const id = idOf(url);
      entries = entries.map((x) => (x.bookId === id ? { ...x, ...(body as object) } : x));
      return { body: entries.find((x) => x.bookId === id) };
    };
    handlers[`PUT /api/reading-list/${e.bookId}/favorite`] = ({ url, body }) => {
      const id = idOf(url);
      entries = entries.map((x) => (x.bookId === id ? { ...x, ...(body as object) } : x));
      return { body: entries.find((x) => x.bookId === id) };
    };
    handlers[`DELETE /api/reading-list/${e.bookId}`] = ({ url }) => {
      entries = entries.filter((x) => x.bookId !== idOf(url));
      return { status: 204 };
    };
  }
  const fetchMock = mockFetch(handlers);
  renderWithProviders(
    <>
      <ReadingListPage />
      <StatsProbe />
    </>,
    { path: '/dashboard/readinglist' },
  );
  return { user: userEvent.setup(), ...fetchMock };
}

const filter = (name: string) =>
  within(screen.getByRole('group', { name: 'Filter your reading list' })).getByRole('button', {
    name: new RegExp(`^${name} \\d+$`),
  });
const count = (name: string) => filter(name).textContent?.replace(/\D/g, '');

describe('ReadingListPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a count on every filter and filters the cards', async () => {
    const { user } = setup([
      entry('a', { status: 'currentlyReading', isFavorite: true }),
      entry('b'),
      entry('c', { status: 'completed' }),
      entry('d', { status: 'wantToRead' }),
    ]);
    expect(await screen.findByRole('link', { name: 'Book a' })).toBeInTheDocument();
    expect(count('All')).toBe('4');
    expect(count('Currently Reading')).toBe('1');
    expect(count('Want to Read')).toBe('2');
    expect(count('Completed')).toBe('1');
    expect(count('Favorites')).toBe('1');
    expect(screen.getAllByTestId('reading-card')).toHaveLength(4);

    await user.click(filter('Want to Read'));
    expect(filter('Want to Read')).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getAllByTestId('reading-card').map((c) => within(c).getByRole('heading').textContent),
    ).toEqual(['Book b', 'Book d']);
    await user.click(filter('Favorites'));
    expect(screen.getAllByTestId('reading-card')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Book a' })).toHaveAttribute('href', '/book/a');
  });

  it('moves a card to its new group when the status changes, without a reload', async () => {
    const { user, calls } = setup([entry('a'), entry('b', { status: 'currentlyReading' })]);
    await screen.findByRole('link', { name: 'Book a' });
    await user.click(filter('Want to Read'));
    const card = screen.getByRole('article', { name: 'Book a' });
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Status' }), 'completed');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Save status' }));
    // The optimistic update moves it at once: the Want to Read filter is now empty.
    expect(await screen.findByText(/No books saved for later yet/)).toBeInTheDocument();
    expect(count('Completed')).toBe('1');
    expect(count('Want to Read')).toBe('0');
    await user.click(filter('Completed'));
    expect(screen.getByRole('article', { name: 'Book a' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Review' })).toHaveAttribute(
      'href',
      '/book/a?openReview=true',
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'completed' });
    // The dashboard stats are fetched again after the change.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/me/stats').length).toBe(2));
  });

  it('offers the favourite only for currently reading and completed books', async () => {
    const { user, calls } = setup([
      entry('a'),
      entry('b', { status: 'currentlyReading' }),
      entry('c', { status: 'completed', isFavorite: true }),
    ]);
    await screen.findByRole('link', { name: 'Book a' });
    const card = (name: string) => screen.getByRole('article', { name });
    expect(within(card('Book a')).queryByRole('button', { name: /Favorite/ })).not.toBeInTheDocument();
    expect(within(card('Book b')).getByRole('button', { name: /Favorite/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(card('Book c')).getByRole('button', { name: /Favorite/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(card('Book b')).getByRole('button', { name: /Favorite/ }));
    await waitFor(() => expect(count('Favorites')).toBe('2'));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/reading-list/b/favorite',
      body: { isFavorite: true },
    });
  });

  it('shows 0, 100 and the real percentage when pages are known, never an invented one; records the current page', async () => {
    const { user, calls } = setup([
      entry('a'),
      entry('b', { status: 'currentlyReading' }),
      entry('c', { status: 'completed' }),
      entry('d', { status: 'currentlyReading', currentPage: 30, pageCount: 120 }),
    ]);
    await screen.findByRole('link', { name: 'Book a' });
    const bar = (name: string) => within(screen.getByRole('article', { name })).getByRole('progressbar');
    expect(bar('Book a')).toHaveAttribute('aria-valuenow', '0');
    // Currently reading with no page recorded (as an import brings it): no percentage is made up.
    expect(bar('Book b')).not.toHaveAttribute('aria-valuenow');
    expect(bar('Book b')).toHaveAttribute('aria-valuetext', 'No progress recorded yet');
    expect(within(screen.getByRole('article', { name: 'Book b' })).queryByText(/% read/)).toBeNull();
    expect(bar('Book c')).toHaveAttribute('aria-valuenow', '100');
    expect(bar('Book d')).toHaveAttribute('aria-valuenow', '25');

    const card = screen.getByRole('article', { name: 'Book d' });
    await user.click(within(card).getByRole('button', { name: 'View Details' }));
    expect(within(card).getByText('Added')).toBeInTheDocument();
    expect(within(card).getByText('Jan 5, 2026')).toBeInTheDocument();
    expect(within(card).getByText('of 120')).toBeInTheDocument();
    const input = within(card).getByRole('spinbutton', { name: 'Page' });
    await user.clear(input);
    await user.type(input, '500');
    await user.click(within(card).getByRole('button', { name: 'Save page' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Enter a whole page number from 0 to 120.');
    await user.clear(input);
    await user.type(input, '60');
    await user.click(within(card).getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(bar('Book d')).toHaveAttribute('aria-valuenow', '50'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ currentPage: 60 });
  });

  it('shows a helpful message with a link to /books for every empty filter', async () => {
    const { user } = setup([]);
    expect(await screen.findByText(/Your reading list is empty/)).toBeInTheDocument();
    const messages: [string, RegExp][] = [
      ['Currently Reading', /not reading any book right now/],
      ['Want to Read', /No books saved for later yet/],
      ['Completed', /not marked any book as completed/],
      ['Favorites', /No favorites yet/],
    ];
    for (const [name, text] of messages) {
      await user.click(filter(name));
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/books');
    }
  });

  it('removes a card and refreshes the stats', async () => {
    const { user } = setup([entry('a'), entry('b')]);
    const card = await screen.findByRole('article', { name: 'Book a' });
    await waitFor(() => expect(screen.getByTestId('stats')).toHaveTextContent('2'));
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Book a' })).not.toBeInTheDocument());
    expect(count('All')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('stats')).toHaveTextContent('1'));
  });

  it('shows the server message when the list cannot be loaded', async () => {
    mockFetch({
      'GET /api/reading-list': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'Please login to manage your reading list' } },
      },
    });
    renderWithProviders(<ReadingListPage />, { path: '/dashboard/readinglist' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please login to manage your reading list');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('progressPercent', () => {
  it('follows spec §4 and the known pages', () => {
    expect(progressPercent({ status: 'wantToRead', currentPage: 10, pageCount: 20 })).toBe(0);
    // No page recorded (an imported currently-reading book) or no page count: unknown, never "50%".
    expect(progressPercent({ status: 'currentlyReading', currentPage: null, pageCount: 20 })).toBeNull();
    expect(progressPercent({ status: 'currentlyReading', currentPage: 5, pageCount: null })).toBeNull();
    expect(progressPercent({ status: 'currentlyReading', currentPage: 5, pageCount: 20 })).toBe(25);
    expect(progressPercent({ status: 'completed', currentPage: 0, pageCount: 20 })).toBe(100);
  });
});

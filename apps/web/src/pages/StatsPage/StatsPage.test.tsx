import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadingStats } from '@nebab/shared';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { monthNames, yearLabel } from './calendar';
import { StatsPage } from './StatsPage';

// jsdom has no layout: the drawings are stubbed; the figures, summaries and tables are under test.
vi.mock('./Charts', () => ({
  PeriodChart: () => <div data-testid="drawing" />,
  RankChart: () => <div data-testid="drawing" />,
  ColumnChart: () => <div data-testid="drawing" />,
  ShareChart: () => <div data-testid="drawing" />,
}));

const month = (m: number, books = 0, pages = 0, didNotFinish = 0) => ({
  month: m,
  books,
  pages,
  didNotFinish,
});

function stats(over: Partial<ReadingStats> = {}): ReadingStats {
  return {
    booksRead: 2,
    readingList: 3,
    reviewsWritten: 1,
    didNotFinish: 1,
    period: { year: 2024, calendar: 'gregorian' },
    years: [2024],
    totals: {
      books: 2,
      pages: 400,
      didNotFinish: 1,
      distinctBooks: 2,
      rereads: 0,
      dnfRate: 0.3333,
      averagePages: 200,
      averageDaysPerBook: 12.5,
    },
    months: Array.from({ length: 12 }, (_, i) =>
      i === 2 ? month(3, 2, 400) : i === 4 ? month(5, 0, 0, 1) : month(i + 1),
    ),
    byYear: [{ year: 2024, books: 2, pages: 400, didNotFinish: 1 }],
    genres: [{ genre: 'fantasy', books: 2 }],
    languages: { en: 1, am: 1, other: 0 },
    ratings: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 5 ? 1 : 0 })),
    averageRating: 5,
    longest: { bookId: '1', title: 'Dune', pageCount: 300 },
    shortest: { bookId: '2', title: 'Fikir Eske Mekabir', pageCount: 100 },
    favouriteAuthors: [{ author: 'Frank Herbert', books: 1 }],
    ...over,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('StatsPage', () => {
  it('shows the figures and, for every chart, a summary and a table of its figures', async () => {
    const { calls } = mockFetch({ 'GET /api/me/stats': { body: stats() } });
    renderWithProviders(<StatsPage />, { path: '/dashboard/stats' });
    const figures = await screen.findByTestId('stats-figures');
    const value = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    expect(value('Books finished')).toBe('2');
    expect(value('DNF rate')).toBe('33.3%');
    expect(value('Pace')).toBe('12.5 days per book');
    expect(value('Longest')).toBe('Dune (300 pages)');
    expect(screen.getAllByTestId('drawing')).toHaveLength(5);
    expect(screen.getByText('2 books and 400 pages; most in Mar.')).toBeInTheDocument();
    const table = within(screen.getByTestId('chart-period')).getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(13);
    expect(screen.getByText('Most: English (1).')).toBeInTheDocument();
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('calendar')).toBe('gregorian');
  });

  it('summarises a chart by its largest row: five 5-star ratings are not "nothing to show"', async () => {
    mockFetch({
      'GET /api/me/stats': {
        body: stats({ ratings: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 5 ? 5 : 0 })) }),
      },
    });
    renderWithProviders(<StatsPage />, { path: '/dashboard/stats' });
    const ratings = await screen.findByTestId('chart-ratings');
    expect(within(ratings).getByText('Most: 5 stars (5).')).toBeInTheDocument();
    expect(within(ratings).queryByText('Nothing to show yet.')).not.toBeInTheDocument();
  });

  it('opens on the latest year with reading, which the server picks, and lists it', async () => {
    const { calls } = mockFetch({
      'GET /api/me/stats': {
        body: stats({ period: { year: 2024, calendar: 'gregorian' }, years: [2024, 2023] }),
      },
    });
    renderWithProviders(<StatsPage />, { path: '/dashboard/stats' });
    await screen.findByTestId('stats-figures');
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('year')).toBe('latest');
    const period = screen.getByRole('combobox', { name: 'Period' });
    expect(period).toHaveValue('2024');
    // This year stays in the list, to look at it.
    const thisYear = String(new Date().getFullYear());
    expect(within(period).getByRole('option', { name: thisYear })).toBeInTheDocument();
    expect(screen.queryByTestId('stats-empty')).not.toBeInTheDocument();
  });

  it('asks for the Ethiopian calendar and all time', async () => {
    const { calls } = mockFetch({ 'GET /api/me/stats': { body: stats() } });
    const user = userEvent.setup();
    renderWithProviders(<StatsPage />, { path: '/dashboard/stats' });
    await screen.findByTestId('stats-figures');
    await user.click(screen.getByRole('radio', { name: 'Ethiopian' }));
    await waitFor(() =>
      expect(calls.some((c) => new URL(c.url, 'http://x').searchParams.get('calendar') === 'ethiopic')).toBe(
        true,
      ),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'all');
    await waitFor(() => expect(calls.at(-1)!.url).not.toContain('year='));
  });
});

describe('calendar names through Intl', () => {
  it('gives Gregorian and Ethiopian month names in English and Amharic', () => {
    expect(monthNames('en-US', 'gregorian', 2024)[0]).toBe('Jan');
    const ethiopian = monthNames('en-US', 'ethiopic', 2017, 'long');
    expect(ethiopian).toHaveLength(13);
    expect(ethiopian[0]).toBe('Meskerem');
    expect(ethiopian[12]).toBe('Pagumen');
    expect(monthNames('am-ET', 'gregorian', 2024, 'long')[0]).toMatch(/[\u1200-\u137F]/);
    expect(monthNames('am-ET', 'ethiopic', 2017, 'long')[0]).toMatch(/[\u1200-\u137F]/);
    expect(yearLabel('en-US', 'gregorian', 2024)).toBe('2024');
    expect(yearLabel('en-US', 'ethiopic', 2017)).toContain('2017');
  });
});

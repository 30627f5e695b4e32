import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecommendationItem } from '@nebab/shared';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { DashboardPage } from './DashboardPage';

const item = (id: string): RecommendationItem => ({
  id,
  title: `Book ${id}`,
  coverImage: null,
  coverCandidates: [],
  authors: ['Maaza Mengiste'],
  rating: 4,
  reason: { kind: 'popularInGenre', genre: 'fantasy' },
});

describe('DashboardPage Recommended for You', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first 6 recommendations with a View Book link each and a link to the full page', async () => {
    mockFetch({
      'GET /api/recommendations': {
        body: { items: Array.from({ length: 9 }, (_, i) => item(String(i + 1))) },
      },
      'GET /api/me/stats': { body: { booksRead: 0, readingList: 0, reviewsWritten: 0 } },
    });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    const list = await screen.findByRole('list', { name: 'Recommended books' });
    const cards = within(list).getAllByTestId('recommendation-card');
    expect(cards).toHaveLength(6);
    expect(within(cards[5]!).getByRole('link', { name: 'View Book: Book 6' })).toHaveAttribute(
      'href',
      '/book/6',
    );
    expect(screen.queryByText('Book 7')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all recommendations' })).toHaveAttribute(
      'href',
      '/dashboard/recommendations',
    );
  });

  it('keeps the browse card when there is nothing to recommend', async () => {
    mockFetch({
      'GET /api/recommendations': { body: { items: [] } },
      'GET /api/me/stats': { body: { booksRead: 0, readingList: 0, reviewsWritten: 0 } },
    });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText(/Books picked for your tastes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/books');
  });
});

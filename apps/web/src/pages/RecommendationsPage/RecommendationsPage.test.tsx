import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecommendationItem } from '@nebab/shared';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { RecommendationsPage } from './RecommendationsPage';

function recommendation(id: string, over: Partial<RecommendationItem> = {}): RecommendationItem {
  return {
    id,
    title: `Book ${id}`,
    coverImage: null,
    coverCandidates: [],
    authors: ['Haddis Alemayehu'],
    rating: 4.25,
    reason: { kind: 'popularInGenre', genre: 'fantasy' },
    ...over,
  };
}

describe('RecommendationsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the recommendations with their translated reasons', async () => {
    const { calls } = mockFetch({
      'GET /api/recommendations': {
        body: {
          items: [
            recommendation('1', {
              reason: { kind: 'because', bookId: '2', bookTitle: 'Fikir Eske Mekabir' },
            }),
            recommendation('3'),
            recommendation('4', { reason: { kind: 'byAuthor', author: 'Bealu Girma' } }),
            recommendation('5', { reason: { kind: 'popularInLanguage', language: 'am' }, rating: null }),
          ],
        },
      },
    });
    renderWithProviders(<RecommendationsPage />, { path: '/dashboard/recommendations' });
    const list = await screen.findByRole('list', { name: 'Recommended books' });
    const cards = within(list).getAllByTestId('recommendation-card');
    expect(cards).toHaveLength(4);
    expect(within(cards[0]!).getByRole('link', { name: 'Book 1' })).toHaveAttribute('href', '/book/1');
    expect(within(cards[0]!).getByText('Haddis Alemayehu', { selector: 'p' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Rated 4.25 out of 5')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Because you enjoyed Fikir Eske Mekabir')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Popular in Fantasy')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('By Bealu Girma, an author you follow')).toBeInTheDocument();
    expect(within(cards[3]!).getByText('Popular in Amharic')).toBeInTheDocument();
    expect(within(cards[3]!).getByText('Not rated yet')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/api/recommendations?limit=24'))).toBe(true);
  });

  it('shows an empty state with links to the books and the preferences', async () => {
    mockFetch({ 'GET /api/recommendations': { body: { items: [] } } });
    renderWithProviders(<RecommendationsPage />, { path: '/dashboard/recommendations' });
    const empty = await screen.findByTestId('recommendations-empty');
    expect(within(empty).getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/books');
    expect(within(empty).getByRole('link', { name: 'Update your preferences' })).toHaveAttribute(
      'href',
      '/preferences',
    );
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { createTestQueryClient } from '../../test/render';
import { NewsletterSection } from './NewsletterSection';
import { QUOTE_INTERVAL_MS, QuoteSection } from './QuoteSection';
import { TestimonialsSection } from './TestimonialsSection';
import { TrendingSection } from './TrendingSection';

function renderSection(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const TRENDING = [
  {
    id: 'b1',
    title: 'The Hunger Games',
    cover: null,
    coverCandidates: [],
    authors: 'Suzanne Collins',
    averageRating: 4.34,
    ratingsCount: 4780653,
    genre: 'young-adult',
  },
  {
    id: 'b2',
    title: 'Untitled',
    cover: null,
    coverCandidates: [],
    authors: '',
    averageRating: null,
    ratingsCount: 0,
    genre: null,
  },
];

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query.includes('reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('landing: trending', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a spinner with loading text, then the cards linking to /book/{id}', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fn } = mockFetch({});
    fn.mockImplementation(async () => {
      await gate;
      return new Response(JSON.stringify({ items: TRENDING }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderSection(<TrendingSection />);
    expect(screen.getByTestId('trending-loading')).toHaveTextContent('Loading trending books…');
    expect(screen.getByRole('status')).toBeInTheDocument();
    release();
    const grid = await screen.findByTestId('trending-grid');
    const cards = [...grid.children] as HTMLElement[];
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'The Hunger Games' })).toHaveAttribute(
      'href',
      '/book/b1',
    );
    expect(cards[0]).toHaveTextContent('Suzanne Collins');
    expect(cards[0]).toHaveTextContent('4.3');
    expect(cards[0]).toHaveTextContent('4,780,653 reviews');
    // No authors → the unknown-author text; no rating → no rating shown; ratingsCount 0 → 0 reviews.
    expect(cards[1]).toHaveTextContent('Unknown author');
    expect(cards[1]).not.toHaveTextContent('★');
    expect(cards[1]).toHaveTextContent('0 reviews');
    expect(fn.mock.calls[0]![0]).toBe('/api/books/trending?limit=10');
    expect(screen.queryByTestId('trending-loading')).not.toBeInTheDocument();
  });

  it('shows the error text in place of the grid', async () => {
    mockFetch({
      'GET /api/books/trending': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    renderSection(<TrendingSection />);
    expect(await screen.findByTestId('trending-error')).toHaveTextContent(
      "We couldn't load trending books right now.",
    );
    expect(screen.queryByTestId('trending-grid')).not.toBeInTheDocument();
  });
});

describe('landing: newsletter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates with the shared schema before sending', async () => {
    const { calls } = mockFetch({ 'POST /api/newsletter': { status: 202, body: { accepted: true } } });
    renderSection(<NewsletterSection />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is required');
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid email format'));
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('subscribes, and says so again on a repeat subscription', async () => {
    const { calls } = mockFetch({ 'POST /api/newsletter': { status: 202, body: { accepted: true } } });
    renderSection(<NewsletterSection />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), '  Reader@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(/check your mail/)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'reader@example.com', language: 'en' } });
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(await screen.findByText(/check your mail/)).toBeInTheDocument();
  });

  it('shows a translated error when the server fails', async () => {
    mockFetch({
      'POST /api/newsletter': { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } },
    });
    renderSection(<NewsletterSection />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't subscribe you. Please try again.",
    );
  });
});

describe('landing: quote of the day', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('advances every 7 seconds and cycles through the five quotes', () => {
    vi.useFakeTimers();
    setReducedMotion(false);
    renderSection(<QuoteSection />);
    const quote = () => screen.getByTestId('quote').textContent ?? '';
    expect(quote()).toContain('A reader lives a thousand lives');
    expect(screen.getByTestId('quote')).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(QUOTE_INTERVAL_MS - 1));
    expect(quote()).toContain('A reader lives a thousand lives');
    act(() => vi.advanceTimersByTime(1));
    expect(quote()).toContain('The more that you read');
    expect(quote()).toContain('Dr. Seuss');
    act(() => vi.advanceTimersByTime(QUOTE_INTERVAL_MS * 3));
    expect(quote()).toContain('Jane Austen');
    act(() => vi.advanceTimersByTime(QUOTE_INTERVAL_MS));
    expect(quote()).toContain('A reader lives a thousand lives');
  });

  it('does not rotate under prefers-reduced-motion', () => {
    vi.useFakeTimers();
    setReducedMotion(true);
    renderSection(<QuoteSection />);
    act(() => vi.advanceTimersByTime(QUOTE_INTERVAL_MS * 3));
    expect(screen.getByTestId('quote')).toHaveTextContent('A reader lives a thousand lives');
  });
});

describe('landing: testimonials', () => {
  it('shows eight voices and a duplicate track hidden from assistive technology', () => {
    renderSection(<TestimonialsSection />);
    expect(within(screen.getByTestId('testimonials')).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByTestId('testimonials-duplicate')).toHaveAttribute('aria-hidden', 'true');
  });
});

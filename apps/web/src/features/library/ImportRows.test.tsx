import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportRowsResponse } from '@nebab/shared';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { ImportRows } from './ImportRows';

const rows: ImportRowsResponse = {
  items: [
    {
      row: 2,
      title: 'Fikir Eske Mekabir',
      author: 'Haddis Alemayehu',
      outcome: 'matched',
      via: 'search',
      book: { id: 'et-1', title: 'ፍቅር እስከ መቃብር', authors: ['ሀዲስ ዓለማየሁ'] },
      message: null,
      correctable: true,
    },
    {
      row: 3,
      title: '',
      author: 'Nobody',
      outcome: 'skipped',
      via: null,
      book: null,
      message: 'The row has no title',
      correctable: false,
    },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
};

afterEach(() => vi.unstubAllGlobals());

describe('ImportRows', () => {
  it('shows every row with its book and why, and lets the reader say "none"', async () => {
    const { calls } = mockFetch({
      'GET /api/imports/i1/rows': { body: rows },
      'PUT /api/imports/i1/rows/2': { status: 204 },
    });
    renderWithProviders(<ImportRows importId="i1" />);
    expect(await screen.findByRole('link', { name: 'ፍቅር እስከ መቃብር' })).toHaveAttribute('href', '/book/et-1');
    expect(screen.getByText(/found by search/)).toBeInTheDocument();
    expect(screen.getByText(/The row has no title/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Wrong book/ })).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Wrong book for row 2?' }));
    await user.click(screen.getByRole('button', { name: /None of Nebab's books/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        url: expect.stringContaining('/api/imports/i1/rows/2'),
        body: { bookId: null },
      }),
    );
  });
});

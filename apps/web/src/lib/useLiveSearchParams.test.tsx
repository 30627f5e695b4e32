import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLiveSearchParams } from './useLiveSearchParams';

function Filters() {
  const [params, update] = useLiveSearchParams();
  const set = (key: string, value: string) =>
    update((current) => {
      current.set(key, value);
      return current;
    });
  return (
    <div>
      <output>{params.toString()}</output>
      <button type="button" onClick={() => set('minRating', '4')}>
        rating
      </button>
      <button type="button" onClick={() => set('sort', 'rating')}>
        sort
      </button>
    </div>
  );
}

describe('useLiveSearchParams', () => {
  it('builds a second change on the first even before the page has rendered the first', async () => {
    const router = createMemoryRouter([{ path: '/search', element: <Filters /> }], {
      initialEntries: ['/search?q=the'],
    });
    render(<RouterProvider router={router} />);
    // Both clicks land before React renders the first navigation (it renders as a transition), so
    // the second handler still closes over `?q=the`; only the router's state has both.
    act(() => {
      screen.getByRole('button', { name: 'rating' }).click();
      screen.getByRole('button', { name: 'sort' }).click();
    });
    await screen.findByText('q=the&minRating=4&sort=rating');
    expect(router.state.location.search).toBe('?q=the&minRating=4&sort=rating');
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { createTestQueryClient } from '../../test/render';
import { SearchBox } from './SearchBox';

const SUGGESTIONS = [
  { id: 'b1', title: "Harry Potter and the Sorcerer's Stone", author: 'J.K. Rowling', thumbnail: null },
  { id: 'b2', title: 'Harry Potter and the Chamber of Secrets', author: 'J.K. Rowling', thumbnail: null },
  { id: 'b3', title: 'Harry Potter and the Prisoner of Azkaban', author: null, thumbnail: null },
];

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <SearchBox />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>home</p> },
          { path: '/search', element: <p>results</p> },
          { path: '/book/:id', element: <p>book page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

async function openBox(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open search' }));
  return screen.getByRole('combobox', { name: 'Search books' });
}

/** A suggest endpoint that answers after `delay` ms; records the queries asked. */
function suggestEndpoint(delay = 0) {
  const asked: string[] = [];
  const { fn } = mockFetch({});
  fn.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url.searchParams.get('q') ?? '');
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    return new Response(JSON.stringify({ items: SUGGESTIONS }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { asked, fn };
}

describe('SearchBox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens from the toggle, closes with Escape and returns focus', async () => {
    mockFetch({});
    const { user } = setup();
    const toggle = screen.getByRole('button', { name: 'Open search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const input = screen.getByRole('combobox', { name: 'Search books' });
    expect(input).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Close search' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveFocus();
  });

  it('ignores a blank query (no request, nothing shown) and goes to /search?q=… otherwise', async () => {
    const { asked } = suggestEndpoint();
    const { router, user } = setup();
    const input = await openBox(user);
    await user.type(input, '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toEqual([]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading suggestions…')).not.toBeInTheDocument();
    await user.type(input, 'Fikir Eske Mekabir{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Fikir Eske Mekabir');
  });

  it('debounces typing into one suggest request and shows the loading text while it loads', async () => {
    const { asked } = suggestEndpoint(150);
    const { user } = setup();
    const input = await openBox(user);
    await user.type(input, 'hary potter');
    expect(screen.getByText('Loading suggestions…')).toBeInTheDocument();
    expect(asked).toEqual([]);
    const list = await screen.findByRole('listbox', { name: 'Suggested books' });
    expect(asked).toEqual(['hary potter']);
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent(
      "Harry Potter and the Sorcerer's StoneJ.K. Rowling",
    );
    expect(screen.queryByText('Loading suggestions…')).not.toBeInTheDocument();
  });

  it('moves through suggestions with the arrow keys and opens the active one with Enter', async () => {
    suggestEndpoint();
    const { router, user } = setup();
    const input = await openBox(user);
    await user.type(input, 'harry');
    await screen.findByRole('listbox');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/book/b1'));
  });

  it('Escape hides the suggestions first, then closes the box', async () => {
    suggestEndpoint();
    const { user } = setup();
    const input = await openBox(user);
    await user.type(input, 'harry');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('clicking a suggestion opens /book/{id} and clears the query', async () => {
    suggestEndpoint();
    const { router, user } = setup();
    const input = await openBox(user);
    await user.type(input, 'harry');
    await user.click(await screen.findByRole('option', { name: /Chamber of Secrets/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/book/b2'));
    await user.click(screen.getByRole('button', { name: 'Open search' }));
    expect(screen.getByRole('combobox', { name: 'Search books' })).toHaveValue('');
  });
});

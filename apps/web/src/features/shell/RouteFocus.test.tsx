import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AnnouncerProvider } from '../../components/announcer';
import { RouteFocus } from './RouteFocus';

function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Nebab`;
  }, [title]);
  return <>{children}</>;
}

let showLate: (() => void) | undefined;

function LatePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    showLate = () => setReady(true);
  }, []);
  return ready ? (
    <Titled title="Late">
      <h1>Late page</h1>
    </Titled>
  ) : (
    <Titled title="Loading">
      <p>loading</p>
    </Titled>
  );
}

function setup(path = '/one') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <main id="main-content">
              <Outlet />
            </main>
            <RouteFocus />
          </>
        ),
        children: [
          {
            path: '/one',
            element: (
              <Titled title="One">
                <h1>Page one</h1>
                <input aria-label="filter" />
              </Titled>
            ),
          },
          {
            path: '/two',
            element: (
              <Titled title="Two">
                <h1>Page two</h1>
              </Titled>
            ),
          },
          { path: '/late', element: <LatePage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AnnouncerProvider>
      <RouterProvider router={router} />
    </AnnouncerProvider>,
  );
  return router;
}

describe('RouteFocus', () => {
  it('leaves the focus alone on the first load', () => {
    setup();
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('announcer-polite')).toBeEmptyDOMElement();
  });

  it('moves the focus to the new page h1 and says its title', async () => {
    const router = setup();
    await act(() => router.navigate('/two'));
    const heading = screen.getByRole('heading', { level: 1, name: 'Page two' });
    expect(document.activeElement).toBe(heading);
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(screen.getByTestId('announcer-polite')).toHaveTextContent('Two · Nebab');
  });

  it('keeps the focus where it is when only the query or the hash changes', async () => {
    const router = setup();
    const filter = screen.getByRole('textbox', { name: 'filter' });
    filter.focus();
    await act(() => router.navigate('/one?genre=fiction'));
    await act(() => router.navigate('/one?genre=fiction#top'));
    expect(document.activeElement).toBe(filter);
    expect(screen.getByTestId('announcer-polite')).toBeEmptyDOMElement();
  });

  it('waits for a page still loading to render its h1', async () => {
    const router = setup();
    await act(() => router.navigate('/late'));
    expect(document.activeElement).toBe(document.body);
    act(() => showLate!());
    const heading = screen.getByRole('heading', { level: 1, name: 'Late page' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(screen.getByTestId('announcer-polite')).toHaveTextContent('Late · Nebab'));
  });
});

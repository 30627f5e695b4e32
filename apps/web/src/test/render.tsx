import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AnnouncerProvider } from '../components/announcer';
import { ToastProvider } from '../features/toast/ToastProvider';
import { ThemeProvider } from '../features/theme/ThemeProvider';
import { AuthProvider } from '../features/auth/AuthProvider';
import { routes } from '../routes';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <AnnouncerProvider>
          <ToastProvider>{children}</ToastProvider>
        </AnnouncerProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** Renders the whole app (real route table, guards and lazy pages) at `path`. */
export function renderApp(path: string): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

/** Renders one element inside the providers and an AuthProvider, on a memory router at `path`. */
export function renderWithProviders(
  element: ReactNode,
  { path = '/', extraRoutes = [] }: { path?: string; extraRoutes?: RouteObject[] } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(
    [
      // `path` may carry a query (`/delete-account?token=…`): the route matches its pathname.
      { path: path.split('?')[0], element: <AuthProvider>{element}</AuthProvider> },
      ...extraRoutes,
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Providers client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

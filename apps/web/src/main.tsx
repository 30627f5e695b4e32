import '@fontsource-variable/inter';
import '@fontsource/literata/400.css';
import '@fontsource/literata/600.css';
import './styles/ethiopic.css';
import './styles/index.css';
import { currentLanguage, i18n, i18nReady, readStoredLanguage } from './i18n';
import { withMessages } from './i18n/withMessages';
import { QueryClient, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { applySiteDefaultLanguage } from './features/admin-catalogue/siteLanguage';
import { readToken } from './api/tokenStorage';
import { applyStoredTheme } from './features/theme/themeContext';
import { routes } from './routes';
import { AppProviders } from './ssr/AppProviders';
import { hydrateServerState } from './ssr/dehydration';
import { acceptInput, startHydration } from './lib/hydration';
import { serverState } from './ssr/state';
import { registerServiceWorker } from './sw/register';

applyStoredTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60 * 1000, refetchOnWindowFocus: false, retry: 1 },
  },
});

// Pages other than the core ones (the landing page) also wait for the rest of the messages.
const appRoutes = withMessages(routes);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

/**
 * Loads the lazy modules of the routes matching the current address (and, through `withMessages`, the
 * rest of the messages), so the router starts initialised and the first render is the page itself,
 * as the server rendered it.
 */
async function resolveInitialRoutes(tree: RouteObject[]): Promise<void> {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * A server-rendered page is already where the reader is: at the top, at its #anchor, or scrolled
 * down while it hydrated. The router, told so (`hydrationData`), does not scroll it back to the top
 * once hydrated; after a reload or Back it restores the position it saved, as on any page.
 */
function keepsScroll(serverRendered: boolean): boolean {
  if (!serverRendered) return false;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation?.type !== 'reload' && navigation?.type !== 'back_forward';
}

const app = (serverRendered: boolean) => (
  <StrictMode>
    <AppProviders
      queryClient={queryClient}
      i18n={i18n}
      origin={serverState()?.origin ?? window.location.origin}
    >
      <RouterProvider
        router={createBrowserRouter(appRoutes, keepsScroll(serverRendered) ? { hydrationData: {} } : {})}
      />
    </AppProviders>
  </StrictMode>
);

async function start(): Promise<void> {
  await i18nReady.catch(() => undefined);
  const state = serverState();
  if (!state) {
    // A shell (signed-in screens, the dev server, an offline start): the client renders everything.
    // A visitor who never picked a language gets the site's default (GET /api/site), set by admins.
    void applySiteDefaultLanguage();
    createRoot(container!).render(app(false));
    acceptInput();
    return;
  }
  // A server-rendered page: hydrate in its language, from its data, once its route module is here.
  hydrateServerState(queryClient, state.queries as DehydratedState, readToken() !== null);
  await resolveInitialRoutes(appRoutes).catch(() => undefined);
  startHydration();
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread until the whole page is hydrated (the page is already painted and readable).
  startTransition(() => {
    hydrateRoot(container!, app(true));
  });
  // The page was rendered in the site's language for a reader whose choice the server did not know yet.
  const stored = readStoredLanguage();
  if (!state.explicitLanguage && stored && stored !== currentLanguage()) void i18n.changeLanguage(stored);
}

void start().catch(acceptInput);
registerServiceWorker();

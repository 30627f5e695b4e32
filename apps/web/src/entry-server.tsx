/**
 * Server rendering of the public pages (see docs/ARCHITECTURE.md, Pages). Built by `vite build --ssr`
 * into `dist-ssr/entry-server.js` and called by the server's pages module with an in-process API.
 *
 * A page is rendered until its data settles: each pass renders the route, then every query the pass
 * created and could not answer is fetched (through the server's in-process API), and the next pass
 * renders with the answers; the book page takes three passes (the book, then its reviews and related
 * books). The cache then travels with the page and the browser hydrates from it without a request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import sharedAm from '@nebab/shared/locales/am.json';
import sharedEn from '@nebab/shared/locales/en.json';
import { DEFAULT_LANGUAGE, type Language, type SsrInput, type SsrOutput } from '@nebab/shared';
import { setApiTransport } from './api/client';
import { accessForPath } from './features/auth/routeAccess';
import webAm from './i18n/locales/am.json';
import webEn from './i18n/locales/en.json';
import { routes } from './routes';
import { AppProviders } from './ssr/AppProviders';
import { serializeErrors, shouldSendQuery } from './ssr/dehydration';

/** Render passes before the page goes out with whatever is still loading. */
const MAX_PASSES = 4;

const requestApi = new AsyncLocalStorage<SsrInput['api']>();

// Every API call of a render reads the server's API in-process, for the request being rendered.
setApiTransport(async (path) => {
  const api = requestApi.getStore();
  if (!api) throw new Error('No API outside a server render');
  const { status, body } = await api(path);
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
});

const instances = new Map<Language, I18n>();

/** One i18next instance per language with every message (the browser loads them in parts). */
function i18nFor(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources: {
        en: { translation: { ...sharedEn, ...webEn } },
        am: { translation: { ...sharedAm, ...webAm } },
      },
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
    instances.set(language, instance);
  }
  return instance;
}

const handler = createStaticHandler(routes);

/** Whether the route matched is the catch-all (the not-found page). */
function isCatchAll(context: { matches: Array<{ route: { path?: string } }> }): boolean {
  return context.matches.at(-1)?.route.path === '*';
}

/** Fetches the queries the last pass created and left pending; false when there were none. */
async function settle(queryClient: QueryClient): Promise<boolean> {
  const pending = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      // Observers' options (useQuery's `enabled`) are kept on the query.
      const enabled = (query.options as { enabled?: boolean | ((query: unknown) => boolean) }).enabled;
      return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
    });
  if (pending.length === 0) return false;
  await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
  return true;
}

export async function render(input: SsrInput): Promise<SsrOutput> {
  const url = new URL(input.url, input.origin);
  // Screens of signed-in readers and admins (and sign-in pages) are rendered by the browser.
  const access = accessForPath(url.pathname);
  if (access !== 'public' && access !== 'guest') return { kind: 'shell' };

  return requestApi.run(input.api, async () => {
    const context = await handler.query(new Request(url.href));
    if (context instanceof Response) return { kind: 'shell' };
    const queryClient = new QueryClient({
      // An error renders as an error (the not-found page), as the browser hydrates it.
      defaultOptions: {
        queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity },
      },
    });
    const i18n = i18nFor(input.language);
    const router = createStaticRouter(handler.dataRoutes, context);
    const app = () =>
      renderToString(
        <AppProviders queryClient={queryClient} i18n={i18n} origin={url.origin}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      );

    let html = app();
    for (let pass = 1; pass < MAX_PASSES && (await settle(queryClient)); pass += 1) html = app();
    const queries = serializeErrors(dehydrate(queryClient, { shouldDehydrateQuery: shouldSendQuery }));
    queryClient.clear();
    return {
      kind: 'page',
      html,
      status: isCatchAll(context) ? 404 : 200,
      state: { language: input.language, explicitLanguage: false, origin: url.origin, queries },
    };
  });
}

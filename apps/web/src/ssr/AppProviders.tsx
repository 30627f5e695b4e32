import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AnnouncerProvider } from '../components/announcer';
import { ThemeProvider } from '../features/theme/ThemeProvider';
import { ToastProvider } from '../features/toast/ToastProvider';
import { HydrationDone } from '../lib/hydration';
import { OriginContext } from './origin';

/**
 * The providers around the router, the same on the server and in the browser so the server markup and
 * the hydrating tree match: query cache, i18next (one instance per language on the server), theme, live
 * regions, toasts.
 */
export function AppProviders({
  queryClient,
  i18n,
  origin,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  /** The site's address for absolute links (share links). */
  origin: string;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <OriginContext.Provider value={origin}>
          <ThemeProvider>
            <AnnouncerProvider>
              <ToastProvider>{children}</ToastProvider>
            </AnnouncerProvider>
          </ThemeProvider>
        </OriginContext.Provider>
      </I18nextProvider>
      <HydrationDone />
    </QueryClientProvider>
  );
}

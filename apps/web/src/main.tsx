import '@fontsource-variable/inter';
import '@fontsource/literata/400.css';
import '@fontsource/literata/600.css';
import './styles/ethiopic.css';
import './styles/index.css';
import { i18nReady } from './i18n';
import { withMessages } from './i18n/withMessages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { applySiteDefaultLanguage } from './features/admin-catalogue/siteLanguage';
import { ToastProvider } from './features/toast/ToastProvider';
import { applyStoredTheme } from './features/theme/themeContext';
import { ThemeProvider } from './features/theme/ThemeProvider';
import { routes } from './routes';

applyStoredTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60 * 1000, refetchOnWindowFocus: false, retry: 1 },
  },
});

// Pages other than the core ones (the landing page) also wait for the rest of the messages.
const router = createBrowserRouter(withMessages(routes));

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// A visitor who never picked a language gets the site's default (GET /api/site), set by admins.
void applySiteDefaultLanguage();

// Amharic messages are their own chunk: render once the start-up language is loaded (or failed to).
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </ThemeProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );

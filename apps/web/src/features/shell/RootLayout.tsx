import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { AccountDisplaySync } from '../display/AccountDisplaySync';
import { RouteFocus } from './RouteFocus';
import { SessionGate } from './SessionGate';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { VerifyEmailBanner } from './VerifyEmailBanner';

function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-accent-soft">
      <span className="sr-only">{t('app.loadingPage')}</span>
      <div className="h-full w-1/3 animate-pulse bg-accent" />
    </div>
  );
}

/** The app shell around every screen: skip link, header, main landmark, footer; guarded by the session. */
export function RootLayout() {
  const { t } = useTranslation();
  return (
    <AuthProvider>
      <AccountDisplaySync />
      <SessionGate>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#main-content"
            className="sr-only z-50 rounded-lg bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            {t('app.skipToContent')}
          </a>
          <NavigationProgress />
          <SiteHeader />
          <VerifyEmailBanner />
          <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
            <Outlet />
          </main>
          <SiteFooter />
        </div>
        {/* After <main>: its effects run after the page's, whose title is then set. */}
        <RouteFocus />
        <ScrollRestoration />
      </SessionGate>
    </AuthProvider>
  );
}

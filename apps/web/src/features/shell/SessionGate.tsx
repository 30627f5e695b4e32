import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/Spinner';
import { useAuth } from '../auth/authContext';
import { accessForPath, normalisePath } from '../auth/routeAccess';
import { resolveRedirect } from '../auth/resolveRedirect';

/**
 * Applies the route guards of spec §4 to every screen: a full-screen spinner while the session is
 * checked, then a redirect when {@link resolveRedirect} asks for one.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status, user, hasPreferences, signingOut, finishSignOut } = useAuth();
  const { pathname } = useLocation();
  const landedAfterSignOut = signingOut && normalisePath(pathname) === '/';

  useEffect(() => {
    if (landedAfterSignOut) finishSignOut();
  }, [landedAfterSignOut, finishSignOut]);

  // Public pages show at once (as the server rendered them); guarded ones wait for the session.
  if (status === 'loading' && accessForPath(pathname) !== 'public') {
    return <FullScreenSpinner testId="session-spinner" label={t('app.checkingSession')} />;
  }
  const target = signingOut ? null : resolveRedirect(user, hasPreferences, pathname);
  if (target && target !== normalisePath(pathname)) return <Navigate to={target} replace />;
  return <>{children}</>;
}

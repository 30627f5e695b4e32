import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuth } from '../../features/auth/authContext';
import { parseCallbackHash } from '../../features/auth/parseCallbackHash';
import { afterLoginPath } from '../../features/auth/resolveRedirect';

/** `/auth/callback`: stores the token the Google sign-in left in the URL hash and follows the After-login rules. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { completeSignIn } = useAuth();
  const started = useRef(false);
  usePageTitle(t('authCallback.signingIn'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const result = parseCallbackHash(window.location.hash);
    // The token must not linger in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!result) {
      void navigate('/login?error=google_failed', { replace: true });
      return;
    }
    void completeSignIn(result.token).then((session) => {
      const role = session?.user.role ?? result.role;
      void navigate(afterLoginPath(role, result.landing), { replace: true });
    });
  }, [completeSignIn, navigate]);

  return (
    <div className="page-container flex flex-col items-center gap-6 py-24 text-center">
      <Spinner label={t('app.loading')} className="size-12" />
      <h1 className="text-2xl font-semibold">{t('authCallback.signingIn')}</h1>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { providersQueryOptions } from '../../api/auth/queries';
import { GoogleIcon } from '../../components/icons';

/** Where the browser goes to start Google sign-in (a full-page navigation). */
export const GOOGLE_SIGN_IN_URL = '/api/auth/google';

/**
 * "Continue with Google". Asks the server whether Google sign-in is set up; if it is not, explains so
 * inline instead of sending the reader to a dead end.
 */
export function GoogleSignInButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [unavailable, setUnavailable] = useState(false);

  const handleClick = async () => {
    setBusy(true);
    const providers = await queryClient.fetchQuery(providersQueryOptions());
    if (providers.google) {
      window.location.assign(GOOGLE_SIGN_IN_URL);
      return;
    }
    setBusy(false);
    setUnavailable(true);
  };

  return (
    <div>
      <button
        type="button"
        className="btn btn-secondary w-full"
        onClick={() => void handleClick()}
        disabled={busy}
      >
        <GoogleIcon className="size-5" />
        {t('authForm.google')}
      </button>
      {unavailable ? (
        <p role="alert" className="mt-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {t('auth.googleNotConfigured')}
        </p>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResendVerificationMutation } from '../../api/auth/mutations';
import { useAuth } from '../auth/authContext';

/** Above every screen of a reader whose login email is not confirmed: says so and offers a new link. */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const resend = useResendVerificationMutation();
  const [sent, setSent] = useState(false);
  if (!user || user.emailVerified) return null;
  return (
    <div role="region" aria-label={t('sessionUi.verifyLabel')} className="bg-accent-soft px-4 py-2 text-sm">
      <div className="page-container flex flex-wrap items-center gap-x-3 gap-y-1">
        <p>{t('sessionUi.verifyPrompt', { email: user.email })}</p>
        {sent ? (
          <p role="status" className="font-semibold">
            {t('sessionUi.verifySent')}
          </p>
        ) : (
          <button
            type="button"
            className="font-semibold text-accent underline"
            disabled={resend.isPending}
            onClick={() => resend.mutate(undefined, { onSuccess: () => setSent(true) })}
          >
            {t('sessionUi.verifyResend')}
          </button>
        )}
      </div>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfirmAccountDeletionMutation } from '../../api/account/mutations';
import { isApiError } from '../../api/client';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuth } from '../../features/auth/authContext';
import { useToast } from '../../features/toast/toastContext';

/**
 * The page of the mailed deletion link (accounts without a password): nothing happens on arrival; the
 * button deletes the account. A signed-in tab then signs out.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('settingsUi.leaving.confirmTitle'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmAccountDeletionMutation();
  const { user, signOut } = useAuth();
  const toast = useToast();
  const [state, setState] = useState<'ready' | 'done' | 'failed'>(token ? 'ready' : 'failed');
  const [error, setError] = useState<string | null>(null);

  const onConfirm = async () => {
    setError(null);
    try {
      await confirm.mutateAsync({ token });
    } catch (cause) {
      if (isApiError(cause) && cause.status === 400) setState('failed');
      else setError(isApiError(cause) ? cause.message : t('errors.INTERNAL'));
      return;
    }
    setState('done');
    toast.show({ kind: 'success', message: t('settingsUi.leaving.deleted') });
    if (user) await signOut();
  };

  return (
    <div className="page-container flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-3xl font-semibold">{t('settingsUi.leaving.confirmTitle')}</h1>
        {state === 'ready' ? (
          <>
            <p className="mt-4">{t('settingsUi.leaving.confirmIntro')}</p>
            <ul className="mt-4 list-disc space-y-1 ps-5 text-sm">
              <li>{t('settingsUi.leaving.goes')}</li>
              <li>{t('settingsUi.leaving.stays')}</li>
              <li>{t('settingsUi.leaving.clubs')}</li>
            </ul>
            {error ? (
              <p role="alert" className="mt-4 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
                {error}
              </p>
            ) : null}
            <button
              type="button"
              className="btn mt-6 w-full border border-danger bg-danger text-paper hover:opacity-90"
              disabled={confirm.isPending}
              aria-busy={confirm.isPending || undefined}
              onClick={() => void onConfirm()}
            >
              {confirm.isPending ? t('settingsUi.leaving.deleting') : t('settingsUi.leaving.confirmSubmit')}
            </button>
          </>
        ) : (
          <>
            <p role="status" className="mt-4">
              {state === 'done' ? t('settingsUi.leaving.deleted') : t('validation.linkInvalid')}
            </p>
            <Link to="/" className="btn btn-secondary mt-6 w-full">
              {t('settingsUi.leaving.home')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

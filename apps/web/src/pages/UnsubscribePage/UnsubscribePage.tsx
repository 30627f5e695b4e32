import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useUnsubscribeNotificationMailMutation } from '../../api/notifications/mutations';
import { usePageTitle } from '../../components/usePageTitle';

/**
 * The page of the unsubscribe link every notification mail carries. Opening it changes nothing (link
 * scanners fetch it); the button turns every notification email off, without signing in.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  usePageTitle(t('unsubscribeUi.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribeNotificationMailMutation();
  const [state, setState] = useState<'ready' | 'done' | 'failed'>(token ? 'ready' : 'failed');
  const [error, setError] = useState<string | null>(null);

  const onStop = () => {
    setError(null);
    unsubscribe.mutate(token, {
      onSuccess: () => setState('done'),
      onError: (failure) => {
        setState('failed');
        setError(isApiError(failure) ? failure.message : t('errors.INTERNAL'));
      },
    });
  };

  return (
    <div className="page-container flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-3xl font-semibold">{t('unsubscribeUi.title')}</h1>
        {state === 'done' ? (
          <p role="status" className="mt-4">
            {t('unsubscribeUi.done')}
          </p>
        ) : state === 'failed' ? (
          <p role="alert" className="mt-4 text-danger">
            {error ?? t('validation.linkInvalid')}
          </p>
        ) : (
          <>
            <p className="mt-4">{t('unsubscribeUi.intro')}</p>
            <button
              type="button"
              className="btn btn-primary mt-6 w-full"
              onClick={onStop}
              disabled={unsubscribe.isPending}
            >
              {unsubscribe.isPending ? t('unsubscribeUi.working') : t('unsubscribeUi.button')}
            </button>
          </>
        )}
        <div className="mt-6 flex flex-col gap-2">
          <Link to="/dashboard/settings?section=preferences" className="btn btn-secondary w-full">
            {t('unsubscribeUi.settings')}
          </Link>
          <Link to="/" className="btn btn-ghost w-full">
            {t('unsubscribeUi.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}

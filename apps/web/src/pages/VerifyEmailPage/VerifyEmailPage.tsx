import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { authKeys } from '../../api/auth/keys';
import { useVerifyEmailMutation } from '../../api/auth/mutations';
import { usePageTitle } from '../../components/usePageTitle';

/** The page of the mailed confirmation link: confirms the address once, on arrival. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('passwordResetUi.verifyTitle'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmailMutation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'working' | 'done' | 'failed'>(token ? 'working' : 'failed');
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(
      { token },
      {
        onSuccess: async () => {
          setState('done');
          // The session may still be loading from before the address was confirmed (the stored token
          // is read once the page has hydrated): an invalidation would only join that fetch, so it is
          // cancelled first and asked again.
          await queryClient.cancelQueries({ queryKey: authKeys.all });
          await queryClient.invalidateQueries({ queryKey: authKeys.all });
        },
        onError: () => setState('failed'),
      },
    );
  }, [token, verify, queryClient]);

  return (
    <div className="page-container flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-3xl font-semibold">{t('passwordResetUi.verifyTitle')}</h1>
        <p role="status" className="mt-4">
          {state === 'working'
            ? t('passwordResetUi.verifying')
            : state === 'done'
              ? t('passwordResetUi.verified')
              : t('validation.linkInvalid')}
        </p>
        <Link to="/" className="btn btn-secondary mt-6 w-full">
          {t('passwordResetUi.continue')}
        </Link>
      </div>
    </div>
  );
}

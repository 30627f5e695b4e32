import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useUnsubscribeNewsletter } from '../../api/newsletter/mutations';
import { usePageTitle } from '../../components/usePageTitle';

/**
 * `/newsletter/unsubscribe?token=…`: the unsubscribe link of every issue. Opening it changes nothing
 * (link scanners open links too); the button unsubscribes, no sign-in needed. Mail clients post to the
 * same address themselves (RFC 8058 one-click).
 */
export function NewsletterUnsubscribePage() {
  const { t } = useTranslation();
  usePageTitle(t('newsletterUi.unsubscribe.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribeNewsletter();
  const [state, setState] = useState<'ready' | 'done' | 'failed'>(token ? 'ready' : 'failed');

  return (
    <div className="page-container flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-3xl font-semibold">{t('newsletterUi.unsubscribe.title')}</h1>
        <div aria-live="polite">
          {state === 'ready' ? (
            <p className="mt-4">{t('newsletterUi.unsubscribe.question')}</p>
          ) : (
            <p role="status" className="mt-4">
              {state === 'done' ? t('newsletterUi.unsubscribe.done') : t('validation.linkInvalid')}
            </p>
          )}
        </div>
        {state === 'ready' ? (
          <button
            type="button"
            className="btn btn-primary mt-6 w-full"
            disabled={unsubscribe.isPending}
            onClick={() =>
              unsubscribe.mutate(token, {
                onSuccess: () => setState('done'),
                onError: () => setState('failed'),
              })
            }
          >
            {unsubscribe.isPending
              ? t('newsletterUi.unsubscribe.working')
              : t('newsletterUi.unsubscribe.button')}
          </button>
        ) : null}
        <Link to="/" className="btn btn-secondary mt-3 w-full">
          {t('newsletterUi.home')}
        </Link>
      </div>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfirmNewsletter } from '../../api/newsletter/mutations';
import { usePageTitle } from '../../components/usePageTitle';

/** `/newsletter/confirm?token=…`: the mailed link of the double opt-in; confirms once, on arrival. */
export function NewsletterConfirmPage() {
  const { t } = useTranslation();
  usePageTitle(t('newsletterUi.confirm.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmNewsletter();
  const [state, setState] = useState<'working' | 'done' | 'failed'>(token ? 'working' : 'failed');
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm.mutate(token, { onSuccess: () => setState('done'), onError: () => setState('failed') });
  }, [token, confirm]);

  return (
    <div className="page-container flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-3xl font-semibold">{t('newsletterUi.confirm.title')}</h1>
        <p role="status" className="mt-4" data-testid="newsletter-confirm-status">
          {state === 'working'
            ? t('newsletterUi.confirm.working')
            : state === 'done'
              ? t('newsletterUi.confirm.done')
              : t('validation.linkInvalid')}
        </p>
        <Link to="/" className="btn btn-secondary mt-6 w-full">
          {t('newsletterUi.home')}
        </Link>
      </div>
    </div>
  );
}

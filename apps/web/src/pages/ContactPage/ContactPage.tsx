import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

/** `/contact`: how to reach the team. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage title={t('pages.contact.title')} description={t('pages.contact.description')}>
      <div className="mb-6 flex max-w-prose flex-col items-start gap-3">
        <p className="text-ink-muted">{t('pages.contact.body')}</p>
        <Link to="/community/bookclub" className="font-semibold text-accent underline">
          {t('pages.contact.cta')}
        </Link>
      </div>
    </PlannedPage>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';

/** Shown for any path the route table does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <div className="page-container flex flex-col items-center py-24 text-center">
      <p className="font-display text-7xl font-semibold text-accent" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold">{t('notFound.title')}</h1>
      <p className="mt-3 max-w-md text-lg text-ink-muted">{t('notFound.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          {t('notFound.home')}
        </Link>
        <Link to="/books" className="btn btn-secondary">
          {t('notFound.discover')}
        </Link>
      </div>
    </div>
  );
}

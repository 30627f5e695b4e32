import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from '../NotFoundPage/NotFoundPage';

/** Shown when a screen fails to load or throws (e.g. a page chunk missing after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div role="alert" className="page-container flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-semibold">{t('routeError.title')}</h1>
      <p className="mt-3 max-w-md text-lg text-ink-muted">{t('routeError.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <Link to="/" className="btn btn-secondary">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}

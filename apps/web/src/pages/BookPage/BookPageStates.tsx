import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder shapes while the book loads. */
export function BookPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="page-container py-10" aria-busy="true" data-testid="book-skeleton">
      <p role="status" className="sr-only">
        {t('book.loading')}
      </p>
      <div className="grid gap-8 md:grid-cols-[200px_1fr]">
        <div className="aspect-[2/3] w-40 animate-pulse rounded-md bg-surface-2 md:w-full" />
        <div className="space-y-4">
          <div className="h-9 w-3/4 animate-pulse rounded bg-surface-2" />
          <div className="h-5 w-1/3 animate-pulse rounded bg-surface-2" />
          <div className="h-24 w-full animate-pulse rounded bg-surface-2" />
          <div className="flex gap-3">
            <div className="h-11 w-32 animate-pulse rounded-lg bg-surface-2" />
            <div className="h-11 w-32 animate-pulse rounded-lg bg-surface-2" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** 404 from the API: the book does not exist (or no longer does). */
export function BookNotFound() {
  const { t } = useTranslation();
  usePageTitle(t('book.notFound.title'));
  return (
    <div className="page-container py-16 text-center">
      <h1 className="text-3xl font-semibold">{t('book.notFound.title')}</h1>
      <p className="mt-3 text-lg text-ink-muted">{t('book.notFound.body')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/books" className="btn btn-primary">
          {t('book.notFound.browse')}
        </Link>
        <Link to="/" className="btn btn-secondary">
          {t('book.notFound.home')}
        </Link>
      </div>
    </div>
  );
}

/** Any other failure (network, server). */
export function BookLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-container py-16 text-center" role="alert">
      <h1 className="text-3xl font-semibold">{t('book.loadError')}</h1>
      <p className="mt-3 text-ink-muted">{message}</p>
      <button type="button" className="btn btn-primary mt-6" onClick={onRetry}>
        {t('book.retry')}
      </button>
    </div>
  );
}

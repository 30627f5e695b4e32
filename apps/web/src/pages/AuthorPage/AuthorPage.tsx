import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { authorQueryOptions } from '../../api/authors/queries';
import { isApiError } from '../../api/client';
import { BookGrid } from '../../components/BookRow';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';

/** `/author/:name`: an author's page — their books in the catalogue, most rated first. */
export function AuthorPage() {
  const { name = '' } = useParams();
  const { t, i18n } = useTranslation();
  const author = useQuery(authorQueryOptions(name));
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');

  if (author.isPending) {
    return (
      <div className="page-container flex justify-center py-24">
        <Spinner label={t('authorPage.loading')} />
      </div>
    );
  }
  if (author.isError) {
    if (isApiError(author.error) && author.error.status === 404) return <AuthorNotFound />;
    return (
      <div className="page-container py-16 text-center" role="alert">
        <p className="text-lg">{t('authorPage.error')}</p>
        <button type="button" className="btn btn-primary mt-6" onClick={() => void author.refetch()}>
          {t('authorPage.retry')}
        </button>
      </div>
    );
  }

  const data = author.data;
  const facts = [
    t('authorPage.books', { count: data.bookCount, formatted: number.format(data.bookCount) }),
    data.averageRating != null
      ? t('authorPage.averageRating', { rating: data.averageRating.toFixed(1) })
      : null,
    data.ratingsCount > 0
      ? t('authorPage.ratings', { count: data.ratingsCount, formatted: number.format(data.ratingsCount) })
      : null,
  ].filter(Boolean);

  return (
    <PageFrame
      title={data.name}
      eyebrow={t('authorPage.eyebrow')}
      description={facts.join(' · ')}
      actions={
        <>
          <Link to={`/search?author=${encodeURIComponent(data.name)}`} className="btn btn-primary">
            {t('authorPage.searchAll', { name: data.name })}
          </Link>
          <Link to="/authors" className="btn btn-secondary">
            {t('authorPage.allAuthors')}
          </Link>
        </>
      }
    >
      <section aria-labelledby="author-books">
        <h2 id="author-books" className="mb-5 text-2xl font-semibold">
          {t('authorPage.booksHeading', { name: data.name })}
        </h2>
        <BookGrid items={data.books} testId="author-books" empty={t('authorPage.empty')} />
      </section>
    </PageFrame>
  );
}

function AuthorNotFound() {
  const { t } = useTranslation();
  usePageTitle(t('authorPage.notFoundTitle'));
  return (
    <div className="page-container py-16 text-center">
      <h1 className="text-3xl font-semibold">{t('authorPage.notFoundTitle')}</h1>
      <p className="mt-3 text-lg text-ink-muted">{t('authorPage.notFoundBody')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/authors" className="btn btn-primary">
          {t('authorPage.allAuthors')}
        </Link>
        <Link to="/" className="btn btn-secondary">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}

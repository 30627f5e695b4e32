import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trendingQueryOptions } from '../../api/trending/queries';
import { BookCard } from '../../components/BookCard';
import { Spinner } from '../../components/Spinner';

export const TRENDING_LIMIT = 10;

/** Trending books: a spinner with loading text, an error text in place of the grid, or 1–5 columns of cards. */
export function TrendingSection() {
  const { t } = useTranslation();
  const trending = useQuery(trendingQueryOptions(TRENDING_LIMIT));
  return (
    <section aria-labelledby="trending-title" className="page-container py-16 sm:py-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="trending-title" className="text-3xl font-semibold sm:text-4xl">
            {t('landing.trending.title')}
          </h2>
          <p className="mt-3 text-lg text-ink-muted">{t('landing.trending.subtitle')}</p>
        </div>
        <Link to="/books" className="font-semibold text-accent underline-offset-4 hover:underline">
          {t('landing.trending.seeAll')}
        </Link>
      </div>
      <div className="mt-8" aria-busy={trending.isPending}>
        {trending.isPending ? (
          <div className="flex items-center justify-center gap-3 py-12" data-testid="trending-loading">
            <Spinner label={t('landing.trending.loading')} />
            <span aria-hidden="true" className="text-ink-muted">
              {t('landing.trending.loading')}
            </span>
          </div>
        ) : trending.isError ? (
          <p className="py-8 text-center text-ink-muted" data-testid="trending-error">
            {t('landing.trending.error')}
          </p>
        ) : trending.data.items.length === 0 ? (
          <p className="py-8 text-center text-ink-muted">{t('landing.trending.empty')}</p>
        ) : (
          <ul
            data-testid="trending-grid"
            className="grid grid-cols-1 gap-x-5 gap-y-8 min-[360px]:grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
          >
            {trending.data.items.map((book) => (
              <li key={book.id}>
                <BookCard
                  id={book.id}
                  title={book.title}
                  author={book.authors}
                  genre={book.genre}
                  candidates={[...book.coverCandidates, book.cover]}
                  rating={book.averageRating}
                  ratingsCount={book.ratingsCount ?? 0}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RECOMMENDATIONS_PAGE_LIMIT, recommendationsQueryOptions } from '../../api/recommendations/queries';
import { PageFrame } from '../../components/PageFrame';
import { RecommendationCard } from './RecommendationCard';

/** Shown when there is nothing to recommend: links to the catalogue and the reading preferences. */
export function RecommendationsEmpty() {
  const { t } = useTranslation();
  return (
    <div className="card flex flex-col items-start gap-3 p-6" data-testid="recommendations-empty">
      <h2 className="text-lg font-semibold">{t('recommendationsUi.empty.title')}</h2>
      <p className="text-ink-muted">{t('recommendationsUi.empty.body')}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/books" className="btn btn-primary">
          {t('recommendationsUi.empty.browse')}
        </Link>
        <Link to="/preferences" className="btn btn-secondary">
          {t('recommendationsUi.empty.preferences')}
        </Link>
      </div>
    </div>
  );
}

/** `/dashboard/recommendations`: books picked for the reader, each with why. */
export function RecommendationsPage() {
  const { t } = useTranslation();
  const query = useQuery(recommendationsQueryOptions(RECOMMENDATIONS_PAGE_LIMIT));
  return (
    <PageFrame title={t('recommendationsUi.title')} description={t('recommendationsUi.description')}>
      <p className="mb-4">
        <Link to="/dashboard" className="text-sm font-semibold text-accent underline">
          {t('dashboard.back')}
        </Link>
      </p>
      {query.isPending ? (
        <p role="status">{t('recommendationsUi.loading')}</p>
      ) : query.isError ? (
        <div role="alert" className="flex items-center gap-3">
          <p>{t('recommendationsUi.error')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
            {t('recommendationsUi.retry')}
          </button>
        </div>
      ) : query.data.items.length === 0 ? (
        <RecommendationsEmpty />
      ) : (
        <ul
          aria-label={t('recommendationsUi.listLabel')}
          className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
        >
          {query.data.items.map((item) => (
            <li key={item.id}>
              <RecommendationCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

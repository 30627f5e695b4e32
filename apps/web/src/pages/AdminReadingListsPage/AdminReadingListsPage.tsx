import { useQuery } from '@tanstack/react-query';
import type { ReadingInsightItem, ReadingInsights } from '@nebab/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readingInsightsQueryOptions } from '../../api/admin-catalogue/queries';
import { BookCover } from '../../components/BookCover';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { StatTile } from '../../components/StatTile';
import { AdminListActions } from '../../components/AdminPageActions';
import { StatusBadge } from '../../features/admin-catalogue/StatusBadge';

const LISTS = ['mostAdded', 'mostReading', 'mostCompleted', 'mostFavorited'] as const;
const TOTALS = ['entries', 'readers', 'wantToRead', 'currentlyReading', 'completed', 'favorites'] as const;

function InsightList({ id, items }: { id: (typeof LISTS)[number]; items: ReadingInsightItem[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  return (
    <section aria-labelledby={`insight-${id}`} className="card p-5" data-testid={`insight-${id}`}>
      <h2 id={`insight-${id}`} className="text-xl font-semibold">
        {t(`adminCatalogueUi.readingLists.${id}`)}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t('adminCatalogueUi.readingLists.empty')}</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3">
          {items.map((item, index) => (
            <li key={item.bookId} className="flex items-center gap-3">
              <span className="w-6 shrink-0 text-right font-semibold text-ink-muted" aria-hidden="true">
                {index + 1}
              </span>
              <BookCover
                title={item.title}
                author={item.author}
                candidates={item.coverCandidates}
                size="xs"
              />
              <span className="min-w-0 flex-1">
                {item.status === 'active' ? (
                  <Link
                    to={`/book/${encodeURIComponent(item.bookId)}`}
                    className="font-medium [overflow-wrap:anywhere]"
                  >
                    {item.title}
                  </Link>
                ) : (
                  <span className="font-medium [overflow-wrap:anywhere]">{item.title}</span>
                )}
                <span className="block text-sm text-ink-muted [overflow-wrap:anywhere]">{item.author}</span>
                {item.status !== 'active' ? <StatusBadge status={item.status} /> : null}
              </span>
              <span className="shrink-0 text-right">
                <span className="block font-display text-lg font-semibold">{number.format(item.count)}</span>
                <span className="text-xs text-ink-muted">
                  {t('adminCatalogueUi.readingLists.readers', { count: item.count })}
                </span>
              </span>
              <Link
                to={`/admin/books/edit/${encodeURIComponent(item.bookId)}`}
                className="btn btn-ghost min-h-9 shrink-0 px-2 text-sm"
                aria-label={t('adminCatalogueUi.books.editLabel', { title: item.title })}
              >
                {t('adminCatalogueUi.books.edit')}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Insights({ data }: { data: ReadingInsights }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  return (
    <>
      <section aria-labelledby="reading-totals">
        <h2 id="reading-totals" className="sr-only">
          {t('adminCatalogueUi.readingLists.totalsHeading')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {TOTALS.map((key) => (
            <StatTile
              key={key}
              label={t(`adminCatalogueUi.readingLists.totals.${key}`)}
              value={number.format(data.totals[key])}
            />
          ))}
        </div>
      </section>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {LISTS.map((id) => (
          <InsightList key={id} id={id} items={data[id]} />
        ))}
      </div>
    </>
  );
}

/** `/admin/reading-lists`: what readers are reading — the most added, read, finished and loved books. */
export function AdminReadingListsPage() {
  const { t } = useTranslation();
  const insights = useQuery(readingInsightsQueryOptions());
  return (
    <PageFrame
      title={t('pages.adminReadingLists.title')}
      description={t('adminCatalogueUi.readingLists.subtitle')}
      eyebrow={t('admin.eyebrow')}
      actions={<AdminListActions onRefresh={() => void insights.refetch()} busy={insights.isFetching} />}
    >
      {insights.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('adminCatalogueUi.loading')} />
        </div>
      ) : insights.isError ? (
        <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-danger">{insights.error.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void insights.refetch()}>
            {t('adminCatalogueUi.retry')}
          </button>
        </div>
      ) : (
        <Insights data={insights.data} />
      )}
    </PageFrame>
  );
}

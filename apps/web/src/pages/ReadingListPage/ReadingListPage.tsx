import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReadingList, ReadingListEntry } from '@nebab/shared';
import { allEntries, readingListQueryOptions } from '../../api/reading-list/queries';
import { shelfListQueryOptions } from '../../api/shelves/queries';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { ReadingListCard } from './ReadingListCard';
import { ShelvesBar } from './ShelvesBar';

export const FILTERS = [
  'all',
  'currentlyReading',
  'wantToRead',
  'completed',
  'didNotFinish',
  'favorites',
] as const;
export type ReadingListFilter = (typeof FILTERS)[number];

/** The entries a filter shows. */
export function filterEntries(list: ReadingList | undefined, filter: ReadingListFilter): ReadingListEntry[] {
  if (!list) return [];
  if (filter === 'all') return allEntries(list);
  if (filter === 'favorites') return allEntries(list).filter((entry) => entry.isFavorite);
  return list[filter];
}

/**
 * `/dashboard/readinglist` (also `/dashboard/reading-list`): the reader's reading list (spec §2), with
 * Did Not Finish counted apart and the reader's own shelves to narrow it.
 */
export function ReadingListPage() {
  const { t, i18n } = useTranslation();
  const [shelfId, setShelfId] = useState<string | null>(null);
  const full = useQuery(readingListQueryOptions());
  const shelf = useQuery({ ...shelfListQueryOptions(shelfId ?? ''), enabled: shelfId !== null });
  const list = shelfId === null ? full : shelf;
  const [filter, setFilter] = useState<ReadingListFilter>('all');
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  const entries = filterEntries(list.data, filter);

  return (
    <PageFrame
      title={t('pages.readingList.title')}
      description={t('pages.readingList.description')}
      actions={
        <Link to="/dashboard" className="btn btn-secondary">
          {t('dashboard.back')}
        </Link>
      }
    >
      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('readingListUi.loading')} />
        </div>
      ) : list.isError ? (
        <div role="alert" className="card flex flex-col items-start gap-3 p-6">
          <p>{list.error.message || t('readingListUi.error')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
            {t('readingListUi.retry')}
          </button>
        </div>
      ) : (
        <>
          <ShelvesBar shelfId={shelfId} onShelfChange={setShelfId} />
          <div
            role="group"
            aria-label={t('readingListUi.filtersLabel')}
            className="mb-6 flex flex-wrap gap-2"
          >
            {FILTERS.map((key) => {
              const active = key === filter;
              return (
                <button
                  key={key}
                  type="button"
                  aria-pressed={active}
                  onClick={() => setFilter(key)}
                  className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold ${
                    active
                      ? 'border-accent bg-accent text-on-accent'
                      : 'border-line-strong bg-surface text-ink hover:border-accent'
                  }`}
                >
                  {t(`readingListUi.filters.${key}`)}{' '}
                  <span
                    className={`rounded-full px-2 text-xs ${active ? 'bg-on-accent text-accent' : 'bg-surface-2 text-ink'}`}
                  >
                    {number.format(filterEntries(list.data, key).length)}
                  </span>
                </button>
              );
            })}
          </div>

          {entries.length === 0 ? (
            <div className="card flex flex-col items-start gap-4 p-6" data-testid="reading-list-empty">
              <p className="text-ink-muted">
                {shelfId !== null && filter === 'all'
                  ? t('readingListUi.empty.shelf')
                  : t(`readingListUi.empty.${filter}`)}
              </p>
              <Link to="/books" className="btn btn-primary">
                {t('readingListUi.browse')}
              </Link>
            </div>
          ) : (
            <ul className="grid gap-4" aria-label={t(`readingListUi.filters.${filter}`)}>
              {entries.map((entry) => (
                <li key={entry.bookId}>
                  <ReadingListCard entry={entry} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </PageFrame>
  );
}

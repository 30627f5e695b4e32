import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FeedEntry } from '@nebab/shared';
import { feedQueryOptions } from '../../api/feed/queries';
import { BookCover } from '../../components/BookCover';
import { UsersIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { UserAvatar } from '../../components/UserAvatar';
import { useFormatDate } from '../../i18n/useFormatDate';
import { taggedSentence } from './taggedSentence';
import { useFeedLive } from './useFeedLive';

/**
 * The dashboard's "From people you follow": what the readers the reader follows started, finished,
 * rated, reviewed, listed and joined, newest first, with Show older activity; new entries arrive live.
 */
export function FeedSection() {
  const { t } = useTranslation();
  const feed = useInfiniteQuery(feedQueryOptions());
  const arrived = useFeedLive();
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="dashboard-feed" className="mt-12" data-testid="feed">
      <h2 id="dashboard-feed" className="text-2xl font-semibold">
        {t('feedUi.title')}
      </h2>
      <p className="sr-only" aria-live="polite">
        {arrived > 0 ? t('feedUi.newEntries', { count: arrived }) : ''}
      </p>
      {feed.isPending ? (
        <div className="mt-4">
          <Spinner label={t('feedUi.loading')} />
        </div>
      ) : feed.isError ? (
        <div role="alert" className="card mt-4 flex flex-wrap items-center gap-4 p-6">
          <p>{t('feedUi.error')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void feed.refetch()}>
            {t('feedUi.retry')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="card mt-4 flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
            <UsersIcon className="size-6" />
          </span>
          <p className="flex-1 text-ink-muted">{t('feedUi.empty')}</p>
          <Link to="/community/bookclub" className="btn btn-secondary">
            {t('feedUi.findReaders')}
          </Link>
        </div>
      ) : (
        <>
          <ol className="mt-4 grid gap-3" data-testid="feed-items">
            {items.map((entry) => (
              <FeedItem key={entry.id} entry={entry} />
            ))}
          </ol>
          <div className="mt-4">
            {feed.hasNextPage ? (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={feed.isFetchingNextPage}
                onClick={() => void feed.fetchNextPage()}
              >
                {feed.isFetchingNextPage ? t('feedUi.loadingMore') : t('feedUi.loadMore')}
              </button>
            ) : (
              <p className="text-sm text-ink-muted">{t('feedUi.end')}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function FeedItem({ entry }: { entry: FeedEntry }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const link = (to: string, text: string) => (
    <Link to={to} className="font-semibold [overflow-wrap:anywhere]">
      {text}
    </Link>
  );
  const template = t(`feedUi.kinds.${entry.kind}`, { actor: '', book: '', list: '', club: '' });
  const sentence = taggedSentence(template, {
    actor: () => link(`/reader/${encodeURIComponent(entry.actor.id)}`, entry.actor.name),
    book: () => (entry.book ? link(`/book/${encodeURIComponent(entry.book.id)}`, entry.book.title) : null),
    list: () => (entry.list ? link(`/list/${encodeURIComponent(entry.list.id)}`, entry.list.title) : null),
    club: () => (entry.club ? link(`/group/${encodeURIComponent(entry.club.id)}`, entry.club.name) : null),
  });

  return (
    <li className="card flex gap-3 p-4" data-testid="feed-entry">
      <UserAvatar name={entry.actor.name} pictureUrl={entry.actor.profile_picture} size={40} />
      <div className="min-w-0 flex-1">
        <p className="[overflow-wrap:anywhere]">{sentence}</p>
        {entry.rating !== null ? (
          <p className="text-sm">
            <span role="img" aria-label={t('feedUi.stars', { rating: entry.rating })} className="text-gold">
              <span aria-hidden="true">
                {'★'.repeat(entry.rating)}
                {'☆'.repeat(Math.max(0, 5 - entry.rating))}
              </span>
            </span>
          </p>
        ) : null}
        {entry.excerpt ? (
          <blockquote className="mt-2 border-l-2 border-line-strong pl-3 text-ink-muted [overflow-wrap:anywhere]">
            {entry.excerpt}
          </blockquote>
        ) : null}
        {entry.kind === 'reviewed' && entry.book && entry.reviewId ? (
          <Link
            to={`/book/${encodeURIComponent(entry.book.id)}#review-${entry.reviewId}`}
            className="mt-1 inline-block text-sm text-accent underline"
          >
            {t('feedUi.readReview')}
          </Link>
        ) : null}
        <p className="mt-1 text-xs text-ink-muted">
          <time dateTime={entry.created_at}>
            {formatDate(entry.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </p>
      </div>
      {entry.book ? (
        <Link
          to={`/book/${encodeURIComponent(entry.book.id)}`}
          tabIndex={-1}
          aria-hidden="true"
          className="shrink-0"
        >
          <BookCover
            title={entry.book.title}
            author={entry.book.author}
            candidates={entry.book.coverCandidates}
            size="xs"
          />
        </Link>
      ) : null}
    </li>
  );
}

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { readerConnectionsQueryOptions, readerProfileQueryOptions } from '../../api/readers/queries';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { UserAvatar } from '../../components/UserAvatar';
import { FollowButton } from '../../features/readers/FollowButton';

/** `/reader/{id}/followers` */
export function FollowersPage() {
  return <ReaderConnectionsPage side="followers" />;
}

/** `/reader/{id}/following` */
export function FollowingPage() {
  return <ReaderConnectionsPage side="following" />;
}

/** A reader's followers or followees, newest first, with Show more. */
function ReaderConnectionsPage({ side }: { side: 'followers' | 'following' }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const profile = useQuery({ ...readerProfileQueryOptions(id), retry: false });
  const connections = useInfiniteQuery({ ...readerConnectionsQueryOptions(id, side), retry: false });
  const name = profile.data?.name ?? '';
  const title =
    side === 'followers' ? t('readersUi.followersTitle', { name }) : t('readersUi.followingTitle', { name });
  const items = connections.data?.pages.flatMap((page) => page.items) ?? [];
  const unavailable = isApiError(connections.error) && connections.error.status === 404;

  return (
    <PageFrame
      title={unavailable ? t('readersUi.notFoundTitle') : title}
      actions={
        name ? (
          <Link
            to={`/reader/${encodeURIComponent(id)}`}
            className="btn btn-secondary max-w-full [overflow-wrap:anywhere]"
          >
            {t('readersUi.backToProfile', { name })}
          </Link>
        ) : null
      }
    >
      {connections.isPending ? (
        <Spinner label={t('readersUi.loading')} />
      ) : unavailable ? (
        <p className="text-lg text-ink-muted">{t('readersUi.notFoundBody')}</p>
      ) : connections.isError ? (
        <p role="alert" className="card p-6">
          {t('readersUi.loadError')}
        </p>
      ) : items.length === 0 ? (
        <p className="text-ink-muted">
          {side === 'followers' ? t('readersUi.noFollowers') : t('readersUi.noFollowing')}
        </p>
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="reader-connections">
            {items.map((reader) => (
              <li key={reader.id} className="card flex items-center gap-3 p-4">
                <UserAvatar name={reader.name} pictureUrl={reader.profile_picture} size={44} />
                <Link
                  to={`/reader/${encodeURIComponent(reader.id)}`}
                  className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]"
                >
                  {reader.name}
                </Link>
                <FollowButton
                  readerId={reader.id}
                  name={reader.name}
                  follow={reader.follow}
                  visibility="public"
                  size="small"
                />
              </li>
            ))}
          </ul>
          {connections.hasNextPage ? (
            <div className="mt-6">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={connections.isFetchingNextPage}
                onClick={() => void connections.fetchNextPage()}
              >
                {connections.isFetchingNextPage ? t('readersUi.loadingMore') : t('readersUi.loadMore')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </PageFrame>
  );
}

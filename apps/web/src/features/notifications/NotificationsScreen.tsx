import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_LIMITS } from '@nebab/shared';
import { useMarkAllReadMutation } from '../../api/notifications/mutations';
import { notificationsQueryOptions, unreadCountQueryOptions } from '../../api/notifications/queries';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { NotificationFilters, useNotificationListParams } from './NotificationFilters';
import { NotificationItem } from './NotificationItem';

/** The reader's full list: filter, page, mark all read, and each notification's actions. */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const { status, page, hrefFor, setFilter } = useNotificationListParams();
  const pageSize = NOTIFICATION_LIMITS.pageSizeDefault;
  const list = useQuery(notificationsQueryOptions({ status, page, pageSize }));
  const unreadCount = useQuery(unreadCountQueryOptions()).data?.unreadCount ?? list.data?.unreadCount ?? 0;
  const markAll = useMarkAllReadMutation();

  return (
    <section aria-labelledby="notifications-list-heading">
      <h2 id="notifications-list-heading" className="sr-only">
        {t('notificationsUi.title')}
      </h2>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <NotificationFilters value={status ?? 'all'} onChange={setFilter} />
        <div className="flex items-center gap-3">
          <p className="text-sm text-ink-muted" aria-live="polite" data-testid="unread-summary">
            {t('notificationsUi.unreadSummary', { count: unreadCount })}
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={unreadCount === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('notificationsUi.markAllRead')}
          </button>
        </div>
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('notificationsUi.loading')} />
        </div>
      ) : list.isError ? (
        <div role="alert" className="card flex flex-col items-start gap-3 p-6">
          <p>{list.error.message || t('notificationsUi.error')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
            {t('notificationsUi.retry')}
          </button>
        </div>
      ) : list.data.items.length === 0 ? (
        <p className="card p-8 text-center text-ink-muted">
          {status ? t(`notificationsUi.emptyFiltered.${status}`) : t('notificationsUi.empty')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {list.data.items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} variant="full" />
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={Math.ceil(list.data.total / pageSize)}
            hrefFor={(n) => hrefFor({ status, page: n })}
            label={t('notificationsUi.pagination')}
          />
        </>
      )}
    </section>
  );
}

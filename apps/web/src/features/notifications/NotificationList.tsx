import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_LIMITS, type Notification } from '@nebab/shared';
import { useMarkAllReadMutation } from '../../api/notifications/mutations';
import { notificationsQueryOptions, unreadCountQueryOptions } from '../../api/notifications/queries';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { NotificationFilters, useNotificationListParams } from './NotificationFilters';

/** One page of the caller's notifications for the filter and page in the URL, with the unread count. */
export function useNotificationList() {
  const { status, page, hrefFor, setFilter } = useNotificationListParams();
  const pageSize = NOTIFICATION_LIMITS.pageSizeDefault;
  const list = useQuery(notificationsQueryOptions({ status, page, pageSize }));
  const unreadCount = useQuery(unreadCountQueryOptions()).data?.unreadCount ?? list.data?.unreadCount ?? 0;
  return { status, page, pageSize, hrefFor, setFilter, list, unreadCount };
}

type NotificationListState = ReturnType<typeof useNotificationList>;

/** Filters, the unread summary and "Mark all as read" above a notification list. */
export function NotificationToolbar({ state }: { state: NotificationListState }) {
  const { t } = useTranslation();
  const markAll = useMarkAllReadMutation();
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <NotificationFilters value={state.status ?? 'all'} onChange={state.setFilter} />
      <div className="flex items-center gap-3">
        <p className="text-sm text-ink-muted" aria-live="polite" data-testid="unread-summary">
          {t('notificationsUi.unreadSummary', { count: state.unreadCount })}
        </p>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={state.unreadCount === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notificationsUi.markAllRead')}
        </button>
      </div>
    </div>
  );
}

/**
 * Loading, error (with retry) and empty states of a notification list; `children` renders a
 * non-empty page, and `pagination` is the pager for it.
 */
export function NotificationListBody({
  state,
  children,
}: {
  state: NotificationListState;
  children: (items: Notification[], pagination: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const { list, status, page, pageSize, hrefFor } = state;
  if (list.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('notificationsUi.loading')} />
      </div>
    );
  if (list.isError)
    return (
      <div role="alert" className="card flex flex-col items-start gap-3 p-6">
        <p>{list.error.message || t('notificationsUi.error')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
          {t('notificationsUi.retry')}
        </button>
      </div>
    );
  if (list.data.items.length === 0)
    return (
      <p className="card p-8 text-center text-ink-muted">
        {status ? t(`notificationsUi.emptyFiltered.${status}`) : t('notificationsUi.empty')}
      </p>
    );
  const pagination = (
    <Pagination
      page={page}
      totalPages={Math.ceil(list.data.total / pageSize)}
      hrefFor={(n) => hrefFor({ status, page: n })}
      label={t('notificationsUi.pagination')}
    />
  );
  return <>{children(list.data.items, pagination)}</>;
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOTIFICATION_LIMITS, type Notification } from '@nebab/shared';
import { useMarkAllReadMutation } from '../../api/notifications/mutations';
import { notificationsQueryOptions, unreadCountQueryOptions } from '../../api/notifications/queries';
import { PageFrame } from '../../components/PageFrame';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { useFormatDate } from '../../i18n/useFormatDate';
import { NotificationDetail } from '../../features/notifications/NotificationDetail';
import {
  NotificationFilters,
  useNotificationListParams,
} from '../../features/notifications/NotificationFilters';
import { useNotificationText } from '../../features/notifications/useNotificationText';

function Row({
  notification,
  selected,
  onSelect,
}: {
  notification: Notification;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const text = useNotificationText()(notification);
  const formatDate = useFormatDate();
  const unread = notification.status === 'unread';
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        data-testid="admin-notification-row"
        onClick={onSelect}
        className={`flex w-full flex-col items-start gap-1 rounded-xl border p-3 text-left ${
          selected ? 'border-accent bg-surface-2' : 'border-line bg-surface hover:border-accent'
        }`}
      >
        <span className="flex w-full flex-wrap items-center gap-2">
          <span className={`[overflow-wrap:anywhere] ${unread ? 'font-semibold' : ''}`}>{text.title}</span>
          {unread ? (
            <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">
              {t('notificationsUi.new')}
            </span>
          ) : null}
          <span className="ml-auto text-xs text-ink-muted">
            {t(`notificationsUi.status.${notification.status}`)}
          </span>
        </span>
        <span className="line-clamp-2 text-sm text-ink-muted [overflow-wrap:anywhere]">{text.message}</span>
        <time dateTime={notification.createdAt} className="text-xs text-ink-muted">
          {formatDate(notification.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </button>
    </li>
  );
}

/** `/admin/dashboard/notification`: the admin's notifications, a list with the selected one's details. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { status, page, hrefFor, setFilter } = useNotificationListParams();
  const pageSize = NOTIFICATION_LIMITS.pageSizeDefault;
  const list = useQuery(notificationsQueryOptions({ status, page, pageSize }));
  const unreadCount = useQuery(unreadCountQueryOptions()).data?.unreadCount ?? list.data?.unreadCount ?? 0;
  const markAll = useMarkAllReadMutation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const selected = items.find((item) => item.id === selectedId) ?? items[0] ?? null;

  return (
    <PageFrame
      title={t('pages.notifications.title')}
      description={t('pages.notifications.description')}
      eyebrow={t('admin.eyebrow')}
      actions={
        <Link to="/admin/dashboard" className="btn btn-secondary">
          {t('admin.backToDashboard')}
        </Link>
      }
    >
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
      ) : items.length === 0 ? (
        <p className="card p-8 text-center text-ink-muted">
          {status ? t(`notificationsUi.emptyFiltered.${status}`) : t('notificationsUi.empty')}
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section aria-labelledby="admin-notifications-list">
            <h2 id="admin-notifications-list" className="sr-only">
              {t('notificationsUi.title')}
            </h2>
            <ul className="flex flex-col gap-2">
              {items.map((notification) => (
                <Row
                  key={notification.id}
                  notification={notification}
                  selected={notification.id === selected?.id}
                  onSelect={() => setSelectedId(notification.id)}
                />
              ))}
            </ul>
            <Pagination
              page={page}
              totalPages={Math.ceil(list.data.total / pageSize)}
              hrefFor={(n) => hrefFor({ status, page: n })}
              label={t('notificationsUi.pagination')}
            />
          </section>
          {selected ? (
            <div className="lg:sticky lg:top-20 lg:self-start">
              <NotificationDetail
                key={selected.id}
                notification={selected}
                variant="panel"
                onDeleted={() => setSelectedId(null)}
              />
            </div>
          ) : null}
        </div>
      )}
    </PageFrame>
  );
}

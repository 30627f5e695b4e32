import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@nebab/shared';
import { BackToDashboard } from '../../components/AdminPageActions';
import { PageFrame } from '../../components/PageFrame';
import { useFormatDate } from '../../i18n/useFormatDate';
import { NotificationDetail } from '../../features/notifications/NotificationDetail';
import {
  NotificationListBody,
  NotificationToolbar,
  useNotificationList,
} from '../../features/notifications/NotificationList';
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
  const state = useNotificationList();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const items = state.list.data?.items ?? [];
  const selected = items.find((item) => item.id === selectedId) ?? items[0] ?? null;

  return (
    <PageFrame
      title={t('pages.notifications.title')}
      description={t('pages.notifications.description')}
      eyebrow={t('admin.eyebrow')}
      actions={<BackToDashboard />}
    >
      <NotificationToolbar state={state} />
      <NotificationListBody state={state}>
        {(page, pagination) => (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <section aria-labelledby="admin-notifications-list">
              <h2 id="admin-notifications-list" className="sr-only">
                {t('notificationsUi.title')}
              </h2>
              <ul className="flex flex-col gap-2">
                {page.map((notification) => (
                  <Row
                    key={notification.id}
                    notification={notification}
                    selected={notification.id === selected?.id}
                    onSelect={() => setSelectedId(notification.id)}
                  />
                ))}
              </ul>
              {pagination}
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
      </NotificationListBody>
    </PageFrame>
  );
}

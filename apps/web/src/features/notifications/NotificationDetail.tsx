import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notificationLink, type Notification } from '@nebab/shared';
import { UserAvatar } from '../../components/UserAvatar';
import { useFormatDate } from '../../i18n/useFormatDate';
import { useNotificationActions } from './NotificationItem';
import { useNotificationText } from './useNotificationText';

/** The upper-case READ / UNREAD badge of the admin screens (spec §2). */
export function StatusBadge({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const unread = notification.status === 'unread';
  return (
    <span
      data-testid="notification-status"
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase ${
        unread ? 'bg-accent text-on-accent' : 'bg-surface-2 text-ink'
      }`}
    >
      {t(`notificationsUi.status.${notification.status}`)}
    </span>
  );
}

interface NotificationDetailProps {
  notification: Notification;
  /** `panel` beside the admin list (Mark as Read only when unread, View More); `page` on the detail screen (toggle, View Source). */
  variant: 'panel' | 'page';
  /** After a successful delete. */
  onDeleted?: () => void;
  headingLevel?: 'h2' | 'h3';
}

/** Everything about one notification, with the admin screens' actions. */
export function NotificationDetail({
  notification,
  variant,
  onDeleted,
  headingLevel = 'h2',
}: NotificationDetailProps) {
  const { t } = useTranslation();
  const text = useNotificationText()(notification);
  const formatDate = useFormatDate();
  const actions = useNotificationActions();
  const unread = notification.status === 'unread';
  const Heading = headingLevel;

  return (
    <article
      className="card p-5 sm:p-6"
      data-testid="notification-detail"
      aria-labelledby={`detail-${notification.id}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Heading id={`detail-${notification.id}`} className="text-xl font-semibold [overflow-wrap:anywhere]">
          {text.title}
        </Heading>
        <StatusBadge notification={notification} />
      </div>
      <p className="mt-1 text-sm text-ink-muted">
        <time dateTime={notification.createdAt}>
          {formatDate(notification.createdAt, { dateStyle: 'full', timeStyle: 'short' })}
        </time>
      </p>
      <p className="mt-4 text-lg [overflow-wrap:anywhere]">{text.message}</p>
      {notification.data.excerpt ? (
        <blockquote className="mt-3 border-l-4 border-line pl-3 text-ink-muted italic [overflow-wrap:anywhere]">
          {notification.data.excerpt}
        </blockquote>
      ) : null}
      {notification.actor ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-ink-muted">
          <UserAvatar
            name={notification.actor.name}
            pictureUrl={notification.actor.profile_picture}
            size={28}
          />
          {t('notificationsUi.from', { name: notification.actor.name })}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-2">
        {variant === 'page' ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={actions.pending}
            onClick={() => actions.toggle(notification)}
          >
            {unread ? t('notificationsUi.markRead') : t('notificationsUi.markUnread')}
          </button>
        ) : unread ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={actions.pending}
            onClick={() => actions.markRead(notification)}
          >
            {t('notificationsUi.markRead')}
          </button>
        ) : null}
        {variant === 'panel' ? (
          <Link
            to={`/admin/dashboard/notification/detail?id=${encodeURIComponent(notification.id)}`}
            className="btn btn-secondary"
          >
            {t('notificationsUi.viewMore')}
          </Link>
        ) : null}
        <Link
          to={notificationLink(notification)}
          className="btn btn-secondary"
          onClick={() => actions.markRead(notification)}
        >
          {t('notificationsUi.viewSource')}
        </Link>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={actions.pending}
          onClick={() => {
            if (window.confirm(t('notificationsUi.confirmDelete'))) actions.remove(notification, onDeleted);
          }}
        >
          {t('notificationsUi.deleteNotification')}
        </button>
      </div>
    </article>
  );
}

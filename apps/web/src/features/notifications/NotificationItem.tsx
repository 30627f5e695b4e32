import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notificationLink, type Notification } from '@nebab/shared';
import { isApiError } from '../../api/client';
import {
  useDeleteNotificationMutation,
  useSetNotificationStatusMutation,
} from '../../api/notifications/mutations';
import { BellIcon, CheckIcon, CloseIcon } from '../../components/icons';
import { UserAvatar } from '../../components/UserAvatar';
import { useFormatDate } from '../../i18n/useFormatDate';
import { useToast } from '../toast/toastContext';
import { useNotificationText } from './useNotificationText';

interface NotificationItemProps {
  notification: Notification;
  /** `compact` in the bell's popover (icon buttons), `full` on the list pages (labelled buttons). */
  variant: 'compact' | 'full';
  /** Called when the reader follows the notification's link (e.g. to close the popover). */
  onFollow?: () => void;
}

/** Read, unread and delete for one notification, with error toasts. */
export function useNotificationActions() {
  const { t } = useTranslation();
  const toast = useToast();
  const setStatus = useSetNotificationStatusMutation();
  const remove = useDeleteNotificationMutation();
  const onError = (error: unknown) =>
    toast.show({
      kind: 'error',
      message: isApiError(error) ? error.message : t('notificationsUi.actionFailed'),
    });
  return {
    pending: setStatus.isPending || remove.isPending,
    markRead: (notification: Notification) =>
      notification.status === 'unread'
        ? setStatus.mutate({ id: notification.id, status: 'read' }, { onError })
        : undefined,
    toggle: (notification: Notification) =>
      setStatus.mutate(
        { id: notification.id, status: notification.status === 'unread' ? 'read' : 'unread' },
        { onError },
      ),
    remove: (notification: Notification, onDone?: () => void) =>
      remove.mutate(notification, {
        onError,
        onSuccess: () => {
          toast.show({ kind: 'success', message: t('notificationsUi.deleted') });
          onDone?.();
        },
      }),
  };
}

/** One notification: who and what, when, a link to what it is about, and its actions. */
export function NotificationItem({ notification, variant, onFollow }: NotificationItemProps) {
  const { t } = useTranslation();
  const text = useNotificationText()(notification);
  const formatDate = useFormatDate();
  const actions = useNotificationActions();
  const unread = notification.status === 'unread';
  const compact = variant === 'compact';
  const toggleLabel = unread ? t('notificationsUi.markRead') : t('notificationsUi.markUnread');

  return (
    <li
      data-testid="notification"
      data-status={notification.status}
      className={`flex gap-3 ${compact ? 'px-3 py-3' : 'card p-4'} ${unread ? 'bg-surface-2' : ''}`}
    >
      <div className="shrink-0 pt-0.5">
        {notification.actor ? (
          <UserAvatar
            name={notification.actor.name}
            pictureUrl={notification.actor.profile_picture}
            size={compact ? 32 : 40}
          />
        ) : (
          <span
            aria-hidden="true"
            className={`flex items-center justify-center rounded-full bg-surface text-accent ${compact ? 'size-8' : 'size-10'}`}
          >
            <BellIcon className="size-5" />
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={notificationLink(notification)}
            className="font-semibold text-ink [overflow-wrap:anywhere] hover:underline"
            onClick={() => {
              actions.markRead(notification);
              onFollow?.();
            }}
          >
            {text.title}
          </Link>
          {unread ? (
            <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">
              {t('notificationsUi.new')}
            </span>
          ) : null}
        </p>
        <p className={`text-ink-muted [overflow-wrap:anywhere] ${compact ? 'text-sm' : ''}`}>
          {text.message}
        </p>
        {notification.data.excerpt ? (
          <p className="mt-1 text-sm text-ink-muted italic [overflow-wrap:anywhere]">
            “{notification.data.excerpt}”
          </p>
        ) : null}
        <p className="mt-1 text-xs text-ink-muted">
          <time dateTime={notification.createdAt}>
            {formatDate(notification.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </p>
        {compact ? null : (
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-secondary min-h-9 px-3 text-sm"
              disabled={actions.pending}
              onClick={() => actions.toggle(notification)}
            >
              {toggleLabel}
            </button>
            <button
              type="button"
              className="btn btn-ghost min-h-9 px-3 text-sm"
              disabled={actions.pending}
              onClick={() => actions.remove(notification)}
            >
              {t('notificationsUi.delete')}
            </button>
          </div>
        )}
      </div>
      {compact ? (
        <div className="flex shrink-0 flex-col gap-1">
          <button
            type="button"
            className="icon-button size-8"
            aria-label={`${toggleLabel}: ${text.title}`}
            title={toggleLabel}
            disabled={actions.pending}
            onClick={() => actions.toggle(notification)}
          >
            <CheckIcon className={`size-4 ${unread ? '' : 'opacity-40'}`} />
          </button>
          <button
            type="button"
            className="icon-button size-8"
            aria-label={`${t('notificationsUi.delete')}: ${text.title}`}
            title={t('notificationsUi.delete')}
            disabled={actions.pending}
            onClick={() => actions.remove(notification)}
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ) : null}
    </li>
  );
}

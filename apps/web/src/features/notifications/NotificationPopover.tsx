import { useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkAllReadMutation } from '../../api/notifications/mutations';
import { notificationsQueryOptions } from '../../api/notifications/queries';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../auth/authContext';
import { BellButtonContent, useBellLabel } from './BellButton';
import { NotificationItem } from './NotificationItem';

/** How many of the latest notifications the popover shows. */
const LATEST = 8;

/** Where "See all" leads: the admin screen for admins, the reader's list otherwise. */
export function allNotificationsPath(isAdmin: boolean): string {
  return isAdmin ? '/admin/dashboard/notification' : '/dashboard/notifications';
}

/** The bell's popover: the latest notifications with their actions, Mark all read and See all. */
export function NotificationPopover({
  count,
  defaultOpen = false,
}: {
  count: number;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(defaultOpen);
  const label = useBellLabel(count);
  const latest = useQuery({ ...notificationsQueryOptions({ pageSize: LATEST }), enabled: open });
  const markAll = useMarkAllReadMutation();
  const close = () => setOpen(false);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="icon-button relative size-9 shrink-0 sm:size-10 data-[state=open]:bg-surface-2"
        aria-label={label}
        data-testid="notification-bell"
      >
        <BellButtonContent count={count} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('notificationsUi.title')}
          data-testid="notification-popover"
          className="menu-content z-40 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col p-0"
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-2">
            <h2 className="text-base font-semibold">{t('notificationsUi.title')}</h2>
            <button
              type="button"
              className="btn btn-ghost min-h-9 px-2 text-sm"
              disabled={count === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {t('notificationsUi.markAllRead')}
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {latest.isPending ? (
              <div className="flex justify-center py-8">
                <Spinner label={t('notificationsUi.loading')} />
              </div>
            ) : latest.isError ? (
              <div role="alert" className="flex flex-col items-start gap-2 p-4">
                <p>{latest.error.message || t('notificationsUi.error')}</p>
                <button type="button" className="btn btn-secondary" onClick={() => void latest.refetch()}>
                  {t('notificationsUi.retry')}
                </button>
              </div>
            ) : latest.data.items.length === 0 ? (
              <p className="p-6 text-center text-ink-muted">{t('notificationsUi.empty')}</p>
            ) : (
              <ul className="divide-y divide-line" aria-label={t('notificationsUi.latest')}>
                {latest.data.items.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    variant="compact"
                    onFollow={close}
                  />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-line p-2">
            <Link
              to={allNotificationsPath(user?.role === 'admin')}
              className="btn btn-secondary w-full"
              onClick={close}
            >
              {t('notificationsUi.seeAll')}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

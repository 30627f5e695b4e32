import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unreadCountQueryOptions } from '../../api/notifications/queries';
import { BellIcon } from '../../components/icons';

/*
 * The bell is in every signed-in header, so only the count and the button load with the page; the
 * popover (Radix, the messages) and the live socket come in their own chunks, like the shell menus.
 */
const loadPopover = () => import('./NotificationPopover');
const NotificationPopover = lazy(() => loadPopover().then((m) => ({ default: m.NotificationPopover })));
const NotificationsLive = lazy(() =>
  import('./NotificationsLive').then((m) => ({ default: m.NotificationsLive })),
);

/** "9+" above nine, in the reader's digits. */
export function badgeText(count: number, language: string): string {
  const format = new Intl.NumberFormat(language === 'am' ? 'am-ET' : 'en-US');
  return count > 9 ? `${format.format(9)}+` : format.format(count);
}

export function BellButtonContent({ count }: { count: number }) {
  const { i18n } = useTranslation();
  return (
    <>
      <BellIcon className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[0.7rem] leading-5 font-semibold text-on-accent"
        >
          {badgeText(count, i18n.language)}
        </span>
      ) : null}
    </>
  );
}

export function useBellLabel(count: number): string {
  const { t } = useTranslation();
  return count > 0 ? t('notificationsUi.bellUnread', { count }) : t('notificationsUi.bell');
}

/** The navigation bar's bell: unread count (kept live over the socket) and the latest notifications. */
export function NotificationBell() {
  const count = useQuery(unreadCountQueryOptions()).data?.unreadCount ?? 0;
  const label = useBellLabel(count);
  const [active, setActive] = useState(false);
  const trigger = (onActivate?: () => void) => (
    <button
      type="button"
      className="icon-button relative size-9 shrink-0 sm:size-10"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-testid="notification-bell"
      onPointerEnter={() => void loadPopover().catch(() => undefined)}
      onFocus={() => void loadPopover().catch(() => undefined)}
      onClick={onActivate}
      disabled={!onActivate}
    >
      <BellButtonContent count={count} />
    </button>
  );
  return (
    <>
      <Suspense fallback={null}>
        <NotificationsLive />
      </Suspense>
      {active ? (
        <Suspense fallback={trigger()}>
          <NotificationPopover count={count} defaultOpen />
        </Suspense>
      ) : (
        trigger(() => setActive(true))
      )}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { unreadCountQueryOptions } from '../../api/notifications/queries';
import { BellButtonContent, useBellLabel } from './BellButton';

/*
 * The bell is in every signed-in header, so only the count and the button load with the page; the
 * popover (Radix, the messages) and the live socket come in their own chunks, like the shell menus.
 */
const loadPopover = () => import('./NotificationPopover');
const NotificationPopover = lazy(() => loadPopover().then((m) => ({ default: m.NotificationPopover })));
const NotificationsLive = lazy(() =>
  import('./NotificationsLive').then((m) => ({ default: m.NotificationsLive })),
);

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

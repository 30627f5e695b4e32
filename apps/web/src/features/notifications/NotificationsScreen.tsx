import { useTranslation } from 'react-i18next';
import { NotificationItem } from './NotificationItem';
import { NotificationListBody, NotificationToolbar, useNotificationList } from './NotificationList';

/** The reader's full list: filter, page, mark all read, and each notification's actions. */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const state = useNotificationList();
  return (
    <section aria-labelledby="notifications-list-heading">
      <h2 id="notifications-list-heading" className="sr-only">
        {t('notificationsUi.title')}
      </h2>
      <NotificationToolbar state={state} />
      <NotificationListBody state={state}>
        {(items, pagination) => (
          <>
            <ul className="flex flex-col gap-3">
              {items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} variant="full" />
              ))}
            </ul>
            {pagination}
          </>
        )}
      </NotificationListBody>
    </section>
  );
}

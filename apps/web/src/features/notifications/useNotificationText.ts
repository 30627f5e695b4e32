import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@nebab/shared';
import { useFormatDate } from '../../i18n/useFormatDate';

export interface NotificationText {
  title: string;
  message: string;
}

/** Builds a notification's title and message from its kind and data, in the reader's language. */
export function useNotificationText(): (notification: Notification) => NotificationText {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return useCallback(
    (notification) => {
      const { data } = notification;
      const values = {
        actor: notification.actor?.name ?? t('notificationsUi.someone'),
        book: data.bookTitle ?? t('notificationsUi.aBook'),
        club: data.clubName ?? t('notificationsUi.aClub'),
        title: data.title ?? '',
        reason: data.reason ?? '',
        sender: data.senderName ?? notification.actor?.name ?? t('notificationsUi.someone'),
        email: data.senderEmail ?? '',
        subject: data.subject ?? '',
        date: data.startsAt ? formatDate(data.startsAt, { dateStyle: 'full', timeStyle: 'short' }) : '',
      };
      return {
        title: t(`notificationsUi.kinds.${notification.kind}.title`),
        message: t(`notificationsUi.kinds.${notification.kind}.message`, values),
      };
    },
    [t, formatDate],
  );
}

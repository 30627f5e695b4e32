import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/admin/dashboard/notification/detail`: one notification. */
export function NotificationDetailPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.notificationDetail.title')}
      description={t('pages.notificationDetail.description')}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard/notification', label: t('pages.notifications.title') }}
    />
  );
}

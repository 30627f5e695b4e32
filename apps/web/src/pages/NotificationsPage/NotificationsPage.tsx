import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/admin/dashboard/notification`: the admin notifications. */
export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.notifications.title')}
      description={t('pages.notifications.description')}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard', label: t('admin.backToDashboard') }}
    />
  );
}

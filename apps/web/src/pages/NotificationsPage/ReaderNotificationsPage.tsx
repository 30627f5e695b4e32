import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { NotificationsScreen } from '../../features/notifications/NotificationsScreen';

/** `/dashboard/notifications`: every notification of the signed-in reader. */
export function ReaderNotificationsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('notificationsUi.title')}
      description={t('notificationsUi.readerDescription')}
      actions={
        <Link to="/dashboard" className="btn btn-secondary">
          {t('dashboard.back')}
        </Link>
      }
    >
      <NotificationsScreen />
    </PageFrame>
  );
}

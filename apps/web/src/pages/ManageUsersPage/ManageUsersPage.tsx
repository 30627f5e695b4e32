import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/admin/dashboard/manageuser`: all users. */
export function ManageUsersPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.manageUsers.title')}
      description={t('pages.manageUsers.description')}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard', label: t('admin.backToDashboard') }}
    />
  );
}

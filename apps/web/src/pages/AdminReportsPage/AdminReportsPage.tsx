import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/admin/reports`: reports on books and reviews. */
export function AdminReportsPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.adminReports.title')}
      description={t('pages.adminReports.description')}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard', label: t('admin.backToDashboard') }}
    />
  );
}

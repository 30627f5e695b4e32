import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/admin/settings`: site settings. */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.adminSettings.title')}
      description={t('pages.adminSettings.description')}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard', label: t('admin.backToDashboard') }}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/dashboard/settings`: profile, security and preferences. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.settings.title')}
      description={t('pages.settings.description')}
      back={{ to: '/dashboard', label: t('dashboard.back') }}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/admin/reading-lists`: reading lists across the site. */
export function AdminReadingListsPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.adminReadingLists.title')}
      description={t('pages.adminReadingLists.description')}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard', label: t('admin.backToDashboard') }}
    />
  );
}

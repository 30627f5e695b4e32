import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/admin/dashboard/reviewmoderation`: moderate reviews. */
export function ReviewModerationPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.reviewModeration.title')}
      description={t('pages.reviewModeration.description')}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard', label: t('admin.backToDashboard') }}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/dashboard/recommendations`: books picked for the reader. */
export function RecommendationsPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.recommendations.title')}
      description={t('pages.recommendations.description')}
      back={{ to: '/dashboard', label: t('dashboard.back') }}
    />
  );
}

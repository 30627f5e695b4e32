import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/reviews`: recent reviews from readers. */
export function ReviewsPage() {
  const { t } = useTranslation();
  return <PlannedPage title={t('pages.reviews.title')} description={t('pages.reviews.description')} />;
}
